/**
 * A user's withdrawals as underwriting weighs them (issue 26, loans): what was paid out, and who
 * else withdraws to one of their addresses. Read-only; exported from index.ts.
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';

/** Withdrawals paid out: how many and their total. */
export async function paidWithdrawalsOf(
  db: Executor,
  userId: string,
): Promise<{ count: number; total: bigint }> {
  const row = await db
    .selectFrom('withdrawals')
    .select([
      sql<string>`cast(count(*) as text)`.as('n'),
      sql<string>`cast(coalesce(sum(amount), 0) as text)`.as('total'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), total: BigInt(row.total) };
}

/** Other users with one of the user's withdrawal addresses (an id once per address shared). */
export async function usersSharingWithdrawAddress(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('withdraw_addresses as mine')
    .innerJoin('withdraw_addresses as other', (j) =>
      j.onRef('other.address', '=', 'mine.address').onRef('other.network', '=', 'mine.network'),
    )
    .select('other.user_id')
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .execute();
  return rows.map((r) => r.user_id);
}
