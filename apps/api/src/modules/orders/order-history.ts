/**
 * A user's order history as underwriting weighs it (issue 26, loans): what they bought, what of it
 * completed, and how many sales they made. Read-only; exported from index.ts.
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';

const count = sql<string>`cast(count(*) as text)`;

/** What the user paid for orders now settled, less what was refunded of them. */
export async function settledPurchasesOf(db: Executor, userId: string): Promise<bigint> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`cast(coalesce(sum(paid_amount - refunded_amount), 0) as text)`.as('total'))
    .where('user_id', '=', userId)
    .where('settled_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Orders the user paid for: how many, how many settled, and what was paid. */
export async function purchasesOf(
  db: Executor,
  userId: string,
): Promise<{ count: number; completed: number; total: bigint }> {
  const row = await db
    .selectFrom('orders')
    .select([
      count.as('n'),
      sql<string>`cast(coalesce(sum(case when settled_at is not null then 1 else 0 end), 0) as text)`.as(
        'done',
      ),
      sql<string>`cast(coalesce(sum(paid_amount), 0) as text)`.as('total'),
    ])
    .where('user_id', '=', userId)
    .where('status', '>=', 1)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), completed: Number(row.done), total: BigInt(row.total) };
}

/** How many paid orders the user's store received. */
export async function salesCountOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select([count.as('n')])
    .where('seller_owner_user_id', '=', userId)
    .where('status', '>=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
