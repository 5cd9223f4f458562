import type { NotificationKind, NotificationSource } from '@mall/contract';
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';

export interface NotificationRow {
  id: string;
  brand: string;
  userId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  sourceType: NotificationSource;
  sourceId: string;
  createdAt: number;
  readAt: number | null;
}

type Selected = {
  id: string;
  brand: string;
  user_id: string;
  kind: string;
  params: string;
  source_type: string;
  source_id: string;
  created_at: bigint;
  read_at: bigint | null;
};

function rowOf(r: Selected): NotificationRow {
  let params: Record<string, string> = {};
  try {
    params = JSON.parse(r.params) as Record<string, string>;
  } catch {
    // Written by us as JSON; an unreadable one still shows its kind.
  }
  return {
    id: r.id,
    brand: r.brand,
    userId: r.user_id,
    kind: r.kind as NotificationKind,
    params,
    sourceType: r.source_type as NotificationSource,
    sourceId: r.source_id,
    createdAt: toNumber(r.created_at),
    readAt: r.read_at === null ? null : toNumber(r.read_at),
  };
}

/** Every query names the user: one user never reaches another's notifications. */
export class NotificationsRepository {
  /** True when stored, false when one with the same dedupe key exists already. */
  async insert(db: Executor, row: NotificationRow, dedupeKey: string | null): Promise<boolean> {
    const r = await db
      .insertInto('notifications')
      .values({
        id: row.id,
        brand: row.brand,
        user_id: row.userId,
        kind: row.kind,
        params: JSON.stringify(row.params),
        source_type: row.sourceType,
        source_id: row.sourceId,
        created_at: row.createdAt,
        read_at: null,
        dedupe_key: dedupeKey,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return BigInt(r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async list(
    db: Executor,
    userId: string,
    brand: string,
    limit: number,
    offset: number,
    unreadFirst: boolean,
  ): Promise<NotificationRow[]> {
    let q = db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('brand', '=', brand);
    // NULL read_at (unread) sorts first: a 0/1 flag keeps it the same on both databases.
    if (unreadFirst) q = q.orderBy((eb) => eb.case().when('read_at', 'is', null).then(0).else(1).end());
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(rowOf);
  }

  async count(db: Executor, userId: string, brand: string, unreadOnly: boolean): Promise<number> {
    let q = db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('brand', '=', brand);
    if (unreadOnly) q = q.where('read_at', 'is', null);
    const r = await q.executeTakeFirst();
    return toNumber(r?.n as number);
  }

  async find(db: Executor, userId: string, brand: string, id: string): Promise<NotificationRow | undefined> {
    const r = await db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .executeTakeFirst();
    return r ? rowOf(r) : undefined;
  }

  /** Marks unread ones read (all of the user's when `id` is undefined); answers how many changed. */
  async markRead(
    db: Executor,
    userId: string,
    brand: string,
    id: string | undefined,
    now: number,
  ): Promise<number> {
    let q = db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .where('read_at', 'is', null);
    if (id !== undefined) q = q.where('id', '=', id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Whether the user has an unread notification of this kind about this source (chat answers coalesce). */
  async hasUnread(db: Executor, userId: string, kind: string, sourceId: string): Promise<boolean> {
    const r = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return r !== undefined;
  }
}
