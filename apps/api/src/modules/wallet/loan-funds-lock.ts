/**
 * Optional underwriting rule (issue 26): money a loan paid into the wallet cannot be withdrawn for
 * `loan_withdraw_lock_days` days (0, the default: no lock). The locked part is what loans paid out
 * in that window, at most what is free; a withdrawal may take only the rest.
 */
import { formatMoney } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';

const DAY_MS = 86_400_000;

export async function assertNotLoanFunded(
  ledger: LedgerService,
  db: Executor,
  lockDays: string | undefined,
  userId: string,
  amount: bigint,
  available: bigint,
  now: number,
): Promise<void> {
  const days = Number(lockDays ?? 0) || 0;
  if (days <= 0) return;
  const paidIn = await ledger.loanPayoutsTo(db, ledgerAccounts.wallet(userId), now - days * DAY_MS);
  const locked = paidIn < available ? paidIn : available;
  if (amount > available - locked) {
    throw new AppError('LOAN_FUNDS_LOCKED', { days, withdrawable: formatMoney(available - locked) });
  }
}
