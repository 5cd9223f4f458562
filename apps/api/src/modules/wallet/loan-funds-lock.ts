/**
 * Optional underwriting rule (issue 26): money a loan paid into the wallet cannot be withdrawn for
 * `loan_withdraw_lock_days` days (0, the default: no lock). The locked part is what loans paid out
 * in that window, at most what is free; a withdrawal may take only the rest.
 */
import { formatMoney } from '@mall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { ledgerAccounts } from '../ledger/index.ts';

const DAY_MS = 86_400_000;

export async function assertNotLoanFunded(
  db: Executor,
  lockDays: string | undefined,
  userId: string,
  amount: bigint,
  available: bigint,
  now: number,
): Promise<void> {
  const days = Number(lockDays ?? 0) || 0;
  if (days <= 0) return;
  const row = await db
    .selectFrom('ledger_transfers')
    .select(sql<string>`cast(coalesce(sum(amount), 0) as text)`.as('total'))
    .where('credit_account_id', '=', ledgerAccounts.wallet(userId).id)
    .where('kind', '=', 'loan_disburse')
    .where('status', '=', 'posted')
    .where('created_at', '>=', BigInt(now - days * DAY_MS))
    .executeTakeFirstOrThrow();
  const locked = BigInt(row.total) < available ? BigInt(row.total) : available;
  if (amount > available - locked) {
    throw new AppError('LOAN_FUNDS_LOCKED', { days, withdrawable: formatMoney(available - locked) });
  }
}
