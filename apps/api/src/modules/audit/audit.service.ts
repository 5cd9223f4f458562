/**
 * The audit log of operator actions (DESIGN §7): who did what to which row, when, with the row
 * before and after. Other modules write through `record`, inside their own transaction, so an
 * action and its entry commit together.
 */
import type { AdminAuditSort, AuditEntryDto } from '@mall/contract';
import { fromWireTime, toWireTime } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, type SortOrder } from '../../core/http/paging.ts';
import { newId } from '../../core/ids.ts';
import type { AuditLogTable } from './audit.table.ts';

export interface AuditRecord {
  brand: string;
  actorId: string;
  /** A dotted verb: `user.lock`, `recharge.approve`, `identity.review`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditQuery {
  brand: string;
  targetType?: string | undefined;
  targetId?: string | undefined;
  actorId?: string | undefined;
  /** Entries about this user (target `user`) or by them (actor): the user view's audit list. */
  about?: string | undefined;
  action?: string | undefined;
  /** From this wire time (`YYYY-MM-DD HH:mm:ss`), or from the start of this day (`YYYY-MM-DD`). */
  from?: string | undefined;
  /** Until this wire time, or the end of this day; both Asia/Shanghai. */
  to?: string | undefined;
  /** By time (the default), action or target; equal keys by time, then id, the same way round. */
  sort?: AdminAuditSort | undefined;
  /** Newest (or Z) first by default. */
  order?: SortOrder | undefined;
}

/** A wire time or a day (Asia/Shanghai) as epoch ms; the end of the day for `to`. */
function instantOf(text: string, field: 'from' | 'to'): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const ms = fromWireTime(day ? `${text} ${field === 'from' ? '00:00:00' : '23:59:59'}` : text);
  if (ms === undefined) throw new AppError('PARAMETER_ERROR', { field });
  // A time names its whole second; the end of a range takes all of it.
  return field === 'to' ? ms + 999 : ms;
}

/** Every operator action writes one: precompiled (core/db/precompiled.ts). */
const insertEntry = precompiled<Omit<AuditLogTable, 'created_at'> & { created_at: number }>((db, p) =>
  db.insertInto('audit_log').values(p),
);

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export class AuditService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  /** Writes one entry; pass the caller's transaction so the entry commits with the action. */
  async record(executor: Executor | null, entry: AuditRecord): Promise<void> {
    await insertEntry(executor ?? this.db, {
      id: newId(),
      brand: entry.brand,
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before_json: json(entry.before),
      after_json: json(entry.after),
      created_at: this.clock.now(),
    });
  }

  async list(query: AuditQuery, page: PageRequest): Promise<{ rows: AuditEntryDto[]; total: number }> {
    let q = this.db.selectFrom('audit_log').where('brand', '=', query.brand);
    if (query.targetType) q = q.where('target_type', '=', query.targetType);
    if (query.targetId) q = q.where('target_id', '=', query.targetId);
    if (query.actorId) q = q.where('actor_id', '=', query.actorId);
    const about = query.about;
    if (about)
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', about)]),
          eb('actor_id', '=', about),
        ]),
      );
    if (query.action) q = q.where('action', '=', query.action);
    const from = query.from ? instantOf(query.from, 'from') : undefined;
    const to = query.to ? instantOf(query.to, 'to') : undefined;
    if (from !== undefined && to !== undefined && from > to) throw new AppError('DATE_RANGE_INVALID');
    if (from !== undefined) q = q.where('created_at', '>=', BigInt(from));
    if (to !== undefined) q = q.where('created_at', '<=', BigInt(to));
    const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const direction = query.order ?? 'desc';
    let ordered = q.selectAll();
    if (query.sort === 'action') ordered = ordered.orderBy('action', direction);
    else if (query.sort === 'target')
      ordered = ordered.orderBy('target_type', direction).orderBy('target_id', direction);
    // Ties end on the id (a time-ordered ULID), so a page never repeats or skips an entry.
    const rows = await ordered
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute();
    return {
      total: Number(total?.n ?? 0),
      rows: rows.map((r) => ({
        id: r.id,
        actorId: r.actor_id,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        createTime: toWireTime(r.created_at),
      })),
    };
  }

  /** The actions the brand's log holds, for the console's filter. */
  async actions(brand: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select('action')
      .distinct()
      .where('brand', '=', brand)
      .orderBy('action')
      .execute();
    return rows.map((r) => r.action);
  }
}
