/** What a user still owes the loans module: an application under review or a loan not repaid. */
import type { Executor } from '../../core/db/database.ts';

/** True while the user has a loan applying (to be paid out), running or overdue. */
export async function hasOpenLoan(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['applying', 'success', 'overdue'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
