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
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { centsDown } from '../../core/money-rounding.ts';
import { ledgerAccounts } from '../ledger/index.ts';
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

const sum = (column: string) => sql<string>`cast(coalesce(sum(${sql.ref(column)}), 0) as text)`;

/** What the applicant's history shows: account creation, deposits, purchases and sales. */
export async function historyOf(db: Executor, userId: string): Promise<HistoryFigures> {
  const wallet = ledgerAccounts.wallet(userId).id;
  const user = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  const deposits = await db
    .selectFrom('ledger_transfers')
    .select(sum('amount').as('total'))
    .where('credit_account_id', '=', wallet)
    .where('status', '=', 'posted')
    .where((eb) => eb.or([eb('kind', '=', 'recharge'), eb('kind', 'like', '%deposit%')]))
    .executeTakeFirstOrThrow();
  const sales = await db
    .selectFrom('ledger_transfers')
    .select(sum('amount').as('total'))
    .where('credit_account_id', '=', wallet)
    .where('status', '=', 'posted')
    .where('kind', '=', 'settle')
    .executeTakeFirstOrThrow();
  const purchases = await db
    .selectFrom('orders')
    .select(sql<string>`cast(coalesce(sum(paid_amount - refunded_amount), 0) as text)`.as('total'))
    .where('user_id', '=', userId)
    .where('settled_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    createdAt: Number(user?.created_at ?? 0),
    deposits: BigInt(deposits.total),
    purchases: BigInt(purchases.total),
    sales: BigInt(sales.total),
  };
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
  values: ParamValues,
  userId: string,
  amount: bigint,
  now: number,
): Promise<void> {
  const refusal = refusalOf(eligibilityFrom(await historyOf(db, userId), values, now), amount);
  if (refusal) throw refusal;
}
