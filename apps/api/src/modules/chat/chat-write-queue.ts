/**
 * Group commit of chat message writes: those that arrive while a commit is in flight go together in
 * the next one, so the database syncs once per batch instead of once per message (on SQLite a
 * durable commit costs milliseconds, which capped a process at a few hundred messages a second).
 */
import { type Executor, inTransaction } from '../../core/db/database.ts';
import type { Appended } from './chat.repository.ts';

/** A message write waiting for the next group commit. */
interface QueuedWrite {
  /** The conversation: writes are applied in conversation order (lock order across processes). */
  key: string;
  work(tx: Executor): Promise<Appended | undefined>;
  resolve(result: Appended | undefined): void;
  reject(error: unknown): void;
}

/** Most writes one commit takes. */
const BATCH_MAX = 256;

export class GroupedWrites {
  private readonly queue: QueuedWrite[] = [];
  private flushing = false;

  constructor(private readonly db: Executor) {}

  /**
   * Group commit: message writes that arrive while a commit is in flight go together in the next
   * one, so the database syncs once per batch instead of once per message (on SQLite a durable
   * commit costs milliseconds, which capped a process at a few hundred messages a second). Within
   * a batch, writes run in conversation order (stable, so one conversation's keep their order): two
   * processes' batches lock rows in the same order. If a batch fails, each write is retried alone,
   * so one bad message never fails the others.
   */
  write(key: string, work: QueuedWrite['work']): Promise<Appended | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, work, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        // Let requests already received reach the queue first: SQLite's commit blocks the event
        // loop, and without this turn every batch would hold the one write that started it.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.queue
          .splice(0, BATCH_MAX)
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        try {
          const results = await inTransaction(this.db, async (tx) => {
            const out: (Appended | undefined)[] = [];
            for (const item of batch) out.push(await item.work(tx));
            return out;
          });
          batch.forEach((item, i) => {
            item.resolve(results[i]);
          });
        } catch (error) {
          if (batch.length === 1) {
            batch[0]?.reject(error);
            continue;
          }
          for (const item of batch) {
            try {
              item.resolve(await inTransaction(this.db, (tx) => item.work(tx)));
            } catch (alone) {
              item.reject(alone);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
