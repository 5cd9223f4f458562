/**
 * The day's withdrawn amount of a user, for the verification policy's daily C3 threshold
 * (issue 30): withdrawals asked for on this Asia/Shanghai day, refused ones not counted.
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { shanghaiDay } from './withdraw.service.ts';

export async function withdrawnToday(db: Executor, userId: string, now: number): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string | number | bigint | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .where('day', '=', shanghaiDay(now).day)
    .where('status', '<>', 'fail')
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}
