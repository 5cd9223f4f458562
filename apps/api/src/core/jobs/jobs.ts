/**
 * Durable jobs (DESIGN §6): timeouts such as auto-cancel, auto-confirm and settlement. A job is a
 * row, scheduled in the same transaction as the change that needs it; workers in every API process
 * poll for due rows and claim them with a lease (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one
 * writer at a time), so each job runs once even with several processes. A process that dies
 * mid-job loses its lease and another takes the job over: handlers must be idempotent.
 */
import { hostname } from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import { toNumber } from '../db/columns.ts';
import type { DialectName } from '../db/database.ts';
import { precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../ids.ts';

export interface JobContext {
  id: string;
  type: string;
  attempt: number;
}

export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

export interface ScheduleOptions {
  type: string;
  payload?: unknown;
  runAt: number;
  /** A second job with the same key is ignored (e.g. `order-timeout:<orderId>`). */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  /** Done jobs older than this are deleted (JOBS_DONE_RETENTION_DAYS); failed ones are kept. */
  doneRetentionMs?: number;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  workerId?: string;
}

const MAX_BACKOFF_MS = 10 * 60_000;
/** Done jobs are pruned at most this often by each process. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** A job that used up its attempts, as the console's jobs page lists it. */
export interface FailedJob {
  id: string;
  type: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: number;
  updatedAt: number;
}

/** Every checkout schedules one (its auto-cancel): the INSERT is compiled once (db/precompiled.ts). */
const insertJob = precompiled<{
  id: string;
  type: string;
  payload: string;
  status: 'pending';
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_until: null;
  locked_by: null;
  last_error: null;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
}>((db, p) =>
  db
    .insertInto('jobs')
    .values(p)
    .onConflict((oc) => oc.column('dedupe_key').doNothing()),
);

export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly doneRetentionMs: number;
  private prunedAt = 0;
  readonly workerId: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.doneRetentionMs = options.doneRetentionMs ?? 7 * 86_400_000;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId().slice(-6)}`;
  }

  register(type: string, handler: JobHandler): void {
    if (this.handlers.has(type)) throw new Error(`job type ${type} registered twice`);
    this.handlers.set(type, handler);
  }

  /** Schedules a job; pass the transaction of the change that needs it so both commit together. */
  async schedule(executor: Kysely<Database> | Transaction<Database>, job: ScheduleOptions): Promise<void> {
    const now = this.clock.now();
    await insertJob(executor, {
      id: newId(),
      type: job.type,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      run_at: job.runAt,
      attempts: 0,
      max_attempts: job.maxAttempts ?? 5,
      locked_until: null,
      locked_by: null,
      last_error: null,
      dedupe_key: job.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
    });
  }

  /** Claims and runs every job due now; returns how many ran. Tests call this with a manual clock. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      for (const job of claimed) await this.execute(job);
      total += claimed.length;
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.runDue()
        .then(async (n) => {
          if (this.clock.now() - this.prunedAt >= PRUNE_EVERY_MS) await this.pruneDone();
          return n;
        })
        .catch(() => 0);
      void this.running.finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    this.timer = setTimeout(tick, this.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Deletes done jobs older than the retention; answers how many. */
  async pruneDone(): Promise<number> {
    const now = this.clock.now();
    this.prunedAt = now;
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', '=', 'done')
      .where('updated_at', '<', BigInt(now - this.doneRetentionMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes done jobs of these types that finished before `before` (a job type that leaves a row
   * every few seconds prunes itself sooner than the retention); answers how many.
   */
  async pruneDoneOf(types: readonly string[], before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('type', 'in', types)
      .where('status', '=', 'done')
      .where('updated_at', '<', BigInt(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Jobs that used up their attempts, newest first, with their last error. */
  async failed(limit: number, offset: number): Promise<{ rows: FailedJob[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('jobs')
        .select(['id', 'type', 'attempts', 'max_attempts', 'last_error', 'run_at', 'updated_at'])
        .where('status', '=', 'failed')
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirst(),
    ]);
    return {
      total: Number(total?.n ?? 0),
      rows: rows.map((r) => ({
        id: r.id,
        type: r.type,
        attempts: toNumber(r.attempts as bigint),
        maxAttempts: toNumber(r.max_attempts as bigint),
        lastError: r.last_error,
        runAt: toNumber(r.run_at as bigint),
        updatedAt: toNumber(r.updated_at as bigint),
      })),
    };
  }

  /**
   * Gives a failed job one more attempt, now. The attempt count and last error stay until it runs
   * again. Answers false when no failed job has this id (already retried, or never failed).
   */
  async retry(id: string): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'pending',
        run_at: now,
        max_attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async claim() {
    const now = this.clock.now();
    const types = [...this.handlers.keys()];
    if (types.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('jobs')
        .select('id')
        .where('type', 'in', types)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', BigInt(now))]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', BigInt(now))]),
          ]),
        )
        .orderBy('run_at')
        .limit(this.batchSize);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_until: now + this.leaseMs,
          locked_by: this.workerId,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', 'in', ids)
        .returning(['id', 'type', 'payload', 'attempts', 'max_attempts'])
        .execute();
    });
  }

  private async execute(job: {
    id: string;
    type: string;
    payload: string;
    attempts: unknown;
    max_attempts: unknown;
  }) {
    const handler = this.handlers.get(job.type);
    const attempt = toNumber(job.attempts as bigint);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(JSON.parse(job.payload), { id: job.id, type: job.type, attempt });
      await this.finish(job.id, { status: 'done', last_error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = attempt >= toNumber(job.max_attempts as bigint);
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
      await this.finish(job.id, {
        status: exhausted ? 'failed' : 'pending',
        last_error: message.slice(0, 2000),
        ...(exhausted ? {} : { run_at: this.clock.now() + backoff }),
      });
    }
  }

  private async finish(
    id: string,
    change: { status: 'done' | 'pending' | 'failed'; last_error: string | null; run_at?: number },
  ) {
    await this.db
      .updateTable('jobs')
      .set({ ...change, locked_until: null, locked_by: null, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('locked_by', '=', this.workerId)
      .execute();
  }
}
