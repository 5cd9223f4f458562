/** Money of a user's still in motion: a deposit claim or a withdrawal finance has not decided. */
import type { Executor } from '../../core/db/database.ts';

export async function hasPendingMoney(db: Executor, userId: string): Promise<boolean> {
  const [recharge, withdrawal] = await Promise.all([
    db
      .selectFrom('recharge_requests')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return recharge !== undefined || withdrawal !== undefined;
}
