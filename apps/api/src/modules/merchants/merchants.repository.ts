/** SQL of merchant applications. Decisions are conditional on the application still pending. */
import type { MerchantApplicationStatus } from '@mall/contract';
import { type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';

/** LIKE pattern text with its wildcards taken literally (`\` is the escape character). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ApplicationRow {
  id: string;
  brand: string;
  userId: string;
  username: string;
  storeName: string;
  businessPhone: string;
  businessEmail: string;
  country: string;
  proofUrl: string;
  description: string;
  status: MerchantApplicationStatus;
  refuseReason: string;
  sellerId: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  createdAt: number;
}

export type NewApplication = Omit<
  ApplicationRow,
  'status' | 'refuseReason' | 'sellerId' | 'decidedBy' | 'decidedAt'
>;

export interface ApplicationFilter {
  brand: string;
  status?: MerchantApplicationStatus | undefined;
  keyword?: string | undefined;
  /** By application time: newest first (default) or oldest first. */
  order?: 'asc' | 'desc' | undefined;
}

function toRow(r: Record<string, unknown>): ApplicationRow {
  return {
    id: r.id as string,
    brand: r.brand as string,
    userId: r.user_id as string,
    username: r.username as string,
    storeName: r.store_name as string,
    businessPhone: r.business_phone as string,
    businessEmail: r.business_email as string,
    country: r.country as string,
    proofUrl: r.proof_url as string,
    description: r.description as string,
    status: r.status as MerchantApplicationStatus,
    refuseReason: r.refuse_reason as string,
    sellerId: (r.seller_id as string | null) ?? null,
    decidedBy: (r.decided_by as string | null) ?? null,
    decidedAt: r.decided_at === null || r.decided_at === undefined ? null : toNumber(r.decided_at as bigint),
    createdAt: toNumber(r.created_at as bigint),
  };
}

export class MerchantsRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /** Inserts a pending application; the unique (user_id, open_slot) index refuses a second one. */
  async insert(executor: Executor, a: NewApplication): Promise<void> {
    await executor
      .insertInto('merchant_applications')
      .values({
        id: a.id,
        brand: a.brand,
        user_id: a.userId,
        username: a.username,
        store_name: a.storeName,
        business_phone: a.businessPhone,
        business_email: a.businessEmail,
        country: a.country,
        proof_url: a.proofUrl,
        description: a.description,
        status: 'pending',
        open_slot: 1,
        created_at: a.createdAt,
        updated_at: a.createdAt,
      })
      .execute();
  }

  async findById(executor: Executor, id: string, lock = false): Promise<ApplicationRow | undefined> {
    let q = executor.selectFrom('merchant_applications').selectAll().where('id', '=', id);
    if (lock && this.dialect === 'postgres') q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r ? toRow(r as Record<string, unknown>) : undefined;
  }

  /** The user's newest application, if any. */
  async latestOf(userId: string): Promise<ApplicationRow | undefined> {
    const r = await this.db
      .selectFrom('merchant_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? toRow(r as Record<string, unknown>) : undefined;
  }

  async hasPending(userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('merchant_applications')
      .select('id')
      .where('user_id', '=', userId)
      .where('open_slot', '=', 1)
      .executeTakeFirst();
    return r !== undefined;
  }

  async list(
    filter: ApplicationFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ApplicationRow[]; total: number }> {
    let q = this.db.selectFrom('merchant_applications').where('brand', '=', filter.brand);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      const op = this.dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
      q = q.where((eb) =>
        eb.or(
          ['store_name', 'business_email', 'business_phone', 'username'].map(
            (column) => sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_at', filter.order ?? 'desc')
        .orderBy('id', filter.order ?? 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toRow(r as Record<string, unknown>)), total: toNumber(count.n as bigint) };
  }

  /**
   * Decides a pending application (approved with its new store, or refused with a reason) and
   * frees the user's pending slot; false when it was no longer pending.
   */
  async decide(
    executor: Executor,
    id: string,
    decision: { status: 'approved' | 'refused'; refuseReason: string; sellerId: string | null; by: string },
    now: number,
  ): Promise<boolean> {
    const r = await executor
      .updateTable('merchant_applications')
      .set({
        status: decision.status,
        refuse_reason: decision.refuseReason,
        seller_id: decision.sellerId,
        decided_by: decision.by,
        decided_at: now,
        open_slot: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
