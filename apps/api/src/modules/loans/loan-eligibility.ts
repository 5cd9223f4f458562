/**
 * Loan underwriting before review (issue 26, docs/api/loans.md "Eligibility"): an application is
 * accepted only from an account at least `loan_min_account_age_days` old, with no loan open (the
 * existing LOAN_ALREADY_OPEN rule), for an amount within a limit its history earns:
 *   limit = loan_limit_base + deposits × loan_limit_deposit_pct % + completed purchases ×
 *           loan_limit_purchase_pct % + settled sales × loan_limit_sales_pct %,
 * rounded down to the cent. Defaults (30 days; 0 + 300 % + 100 % + 200 %) leave a new account with
 * no history a limit of 0: no loan. Verification levels (real name, C3) are the identity policy's.
 * The figures come from the ledger (deposits credited, settlements received) and the orders
 * (bought, settled, less refunds), the same the risk view shows.
 */
import { formatMoney, parseMoney } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { centsDown } from '../../core/money-rounding.ts';
import { applicantAccount } from '../accounts/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import { settledPurchasesOf } from '../orders/index.ts';
import type { ParamValues } from '../params/params.service.ts';
import { DAY_MS } from './loan-schedule.ts';

export interface HistoryFigures {
  createdAt: number;
  deposits: bigint;
  purchases: bigint;
  sales: bigint;
}

export interface Eligibility {
  accountAgeDays: number;
  minAccountAgeDays: number;
  limit: bigint;
  figures: HistoryFigures;
}

/** What the applicant's history shows: account creation, deposits, purchases and sales. */
export async function historyOf(
  db: Executor,
  ledger: LedgerService,
  userId: string,
): Promise<HistoryFigures> {
  const wallet = ledgerAccounts.wallet(userId);
  const account = await applicantAccount(db, userId);
  const deposits = await ledger.depositsTo(db, wallet);
  const sales = await ledger.settledSalesTo(db, wallet);
  const purchases = await settledPurchasesOf(db, userId);
  return { createdAt: account?.createdAt ?? 0, deposits: deposits.total, purchases, sales };
}

const pct = (amount: bigint, percent: string | undefined) =>
  (amount * BigInt(Number(percent ?? 0) || 0)) / 100n;
const moneyUnits = (text: string | undefined): bigint => {
  const parsed = parseMoney(text ?? '0');
  return parsed.ok ? parsed.units : 0n;
};

export function eligibilityFrom(figures: HistoryFigures, values: ParamValues, now: number): Eligibility {
  const limit =
    moneyUnits(values.loan_limit_base) +
    pct(figures.deposits, values.loan_limit_deposit_pct) +
    pct(figures.purchases, values.loan_limit_purchase_pct) +
    pct(figures.sales, values.loan_limit_sales_pct);
  return {
    accountAgeDays: Math.floor((now - figures.createdAt) / DAY_MS),
    minAccountAgeDays: Number(values.loan_min_account_age_days ?? 0) || 0,
    limit: centsDown(limit),
    figures,
  };
}

/** Why an application for `amount` is refused under the brand's rules, or nothing. */
export function refusalOf(e: Eligibility, amount: bigint): AppError | null {
  if (e.accountAgeDays < e.minAccountAgeDays) {
    return new AppError('LOAN_ACCOUNT_TOO_NEW', { minDays: e.minAccountAgeDays, days: e.accountAgeDays });
  }
  if (amount > e.limit) return new AppError('LOAN_OVER_LIMIT', { limit: formatMoney(e.limit) });
  return null;
}

/** The brand's rules applied to an application for `amount` (the call `apply` makes). */
export async function assertEligible(
  db: Executor,
  ledger: LedgerService,
  values: ParamValues,
  userId: string,
  amount: bigint,
  now: number,
): Promise<void> {
  const refusal = refusalOf(eligibilityFrom(await historyOf(db, ledger, userId), values, now), amount);
  if (refusal) throw refusal;
}
