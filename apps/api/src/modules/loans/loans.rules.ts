/**
 * The rules of start-up loans (issue 7) shared by its use cases: the product read from params,
 * inputs, limits of names and ID numbers, serial numbers, and what a repayment takes now (the
 * arithmetic and its day-count and rounding rules are in loan-schedule.ts). LoanDeps is what every
 * use case works with; LoansService builds it once.
 */

import {
  formatMoney,
  LOAN_RULES,
  type LoanIdType,
  type LoanProductDto,
  type LoanRepaymentMethod,
  type LoanStatus,
  PARAM_DEFAULTS,
  parseMoney,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import type { ParamsService } from '../params/index.ts';
import { DAY_MS, interestSoFar, overdueInterest } from './loan-schedule.ts';
import type { LoanViews } from './loan-views.ts';
import type { InstalmentRow, LoanRow, LoansRepository } from './loans.repository.ts';

export const LOAN_OVERDUE_JOB = 'loan.overdue';

/** What loans need from accounts (fund password, locks, real-name verification). */
export type LoanAccounts = Pick<
  AccountsService,
  'verifyFundPassword' | 'assertCanTransact' | 'assertVerified' | 'userRow' | 'userIdsNamed' | 'namesOf'
>;

/** Checks that an uploaded image belongs to the user and answers its URL (IMAGE_NOT_FOUND otherwise). */
export type OwnImage = (brand: string, userId: string, idOrUrl: string) => Promise<string>;

export interface ApplyInput {
  realName: string;
  nationality: string;
  idType: LoanIdType;
  idNumber: string;
  idPhoto?: string | undefined;
  amount: string | number;
  termDays: number;
  method: LoanRepaymentMethod;
  agree?: boolean | undefined;
}

export interface QuoteInput {
  amount: string | number;
  termDays: number;
  method: LoanRepaymentMethod;
}

export interface RepayInput {
  id: string;
  type: 'instalment' | 'full';
  amount: string | number;
  fundPassword: string;
  requestKey?: string | undefined;
}

/** One instalment's share of a repayment. */
export interface Part {
  seq: number;
  principal: bigint;
  interest: bigint;
  overdue: bigint;
}

export interface RepayPlan {
  type: 'instalment' | 'full';
  seq: number | null;
  parts: Part[];
  principal: bigint;
  interest: bigint;
  overdue: bigint;
  amount: bigint;
}

export const RUNNING: readonly LoanStatus[] = ['success', 'overdue'];
// Letters of any script, spaces, dots, apostrophes and hyphens (as the identity check accepts).
export const REAL_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;
export const ID_NUMBER = /^[A-Za-z0-9]{4,32}$/;

export const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
export const maskId = (id: string) => (id.length <= 4 ? '****' : `${id.slice(0, 2)}****${id.slice(-2)}`);

/** A whole number param within bounds, else its default. */
export function intParam(text: string, fallback: string, min: number, max: number): number {
  const value = Number(text);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  return Number(fallback);
}

export function moneyParam(text: string, fallback: string): bigint {
  const parsed = parseMoney(text);
  if (parsed.ok && parsed.units > 0n) return parsed.units;
  const other = parseMoney(fallback);
  return other.ok ? other.units : 0n;
}

/** The product as the operator configured it (params `loan_*`), with nonsense replaced by defaults. */
export function productOf(values: Readonly<Record<string, string>>): LoanProductDto {
  const v = (code: keyof typeof PARAM_DEFAULTS) => values[code] ?? PARAM_DEFAULTS[code];
  let min = moneyParam(v('loan_amount_min'), PARAM_DEFAULTS.loan_amount_min);
  let max = moneyParam(v('loan_amount_max'), PARAM_DEFAULTS.loan_amount_max);
  if (min > max) {
    min = moneyParam(PARAM_DEFAULTS.loan_amount_min, '0');
    max = moneyParam(PARAM_DEFAULTS.loan_amount_max, '0');
  }
  const parseTerms = (text: string) =>
    [...new Set(text.split(',').map((s) => Number(s.trim())))]
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= LOAN_RULES.maxTermDays)
      .sort((a, b) => a - b);
  let terms = parseTerms(v('loan_terms_days'));
  if (terms.length === 0) terms = parseTerms(PARAM_DEFAULTS.loan_terms_days);
  const methodList = (text: string) =>
    (['maturity', 'instalments'] as const).filter((m) => text.split(',').some((s) => s.trim() === m));
  let methods = methodList(v('loan_repayment_methods'));
  if (methods.length === 0) methods = methodList(PARAM_DEFAULTS.loan_repayment_methods);
  return {
    currency: 'USDT',
    amountMin: formatMoney(min),
    amountMax: formatMoney(max),
    amountDecimals: LOAN_RULES.amountDecimals,
    termsDays: terms,
    maxTermDays: terms.at(-1) ?? LOAN_RULES.maxTermDays,
    annualRateBp: intParam(v('loan_annual_rate_bp'), PARAM_DEFAULTS.loan_annual_rate_bp, 0, 100_000),
    overdueAnnualRateBp: intParam(
      v('loan_overdue_annual_rate_bp'),
      PARAM_DEFAULTS.loan_overdue_annual_rate_bp,
      0,
      100_000,
    ),
    methods,
    cycleDays: intParam(v('loan_cycle_days'), PARAM_DEFAULTS.loan_cycle_days, 1, LOAN_RULES.maxTermDays),
    payoutMethod: 'wallet',
    dayCount: 'actual/365',
  };
}

export function serialNumber(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
  const random = Math.floor(Math.random() * 1_000_000)
    .toString()
    .padStart(6, '0');
  return `L${stamp}${random}`;
}

export const money = formatMoney;

export function checkRepayAmount(
  loan: LoanRow,
  rows: InstalmentRow[],
  type: 'instalment' | 'full',
  amount: bigint,
  now: number,
): RepayPlan {
  const payoff = repayPlan(loan, rows, 'full', now);
  if (!payoff) throw new AppError('LOAN_STATUS_INVALID', { status: loan.status });
  if (amount > payoff.amount) throw new AppError('LOAN_REPAY_EXCEEDS_OWED', { owed: money(payoff.amount) });
  const plan = type === 'full' ? payoff : repayPlan(loan, rows, 'instalment', now);
  if (!plan || plan.amount !== amount) {
    throw new AppError('LOAN_REPAY_AMOUNT_CHANGED', { due: plan ? money(plan.amount) : null });
  }
  return plan;
}

/**
 * What a repayment takes now. An instalment: the earliest unpaid one as scheduled, plus its
 * overdue interest. In full: every instalment already due as scheduled with its overdue interest;
 * the running one's principal with interest for the days started so far; later ones' principal.
 */
export function repayPlan(
  loan: LoanRow,
  rows: InstalmentRow[],
  type: 'instalment' | 'full',
  now: number,
): RepayPlan | null {
  const unpaid = rows.filter((r) => r.status !== 'paid');
  if (unpaid.length === 0) return null;
  const parts: Part[] = [];
  // The last instalment left is the whole loan: paying it early costs what repaying in full does.
  if (type === 'instalment' && unpaid.length > 1) {
    const first = unpaid[0]!;
    parts.push({
      seq: first.seq,
      principal: first.principal,
      interest: first.interest,
      overdue: overdueInterest(first.principal + first.interest, loan.overdueRateBp, first.dueAt, now),
    });
  } else {
    let running = false;
    for (const r of unpaid) {
      if (r.dueAt <= now) {
        // Due (or late): as scheduled, plus its overdue interest.
        parts.push({
          seq: r.seq,
          principal: r.principal,
          interest: r.interest,
          overdue: overdueInterest(r.principal + r.interest, loan.overdueRateBp, r.dueAt, now),
        });
      } else if (!running) {
        running = true;
        const start = r.dueAt - r.periodDays * DAY_MS;
        parts.push({
          seq: r.seq,
          principal: r.principal,
          interest: interestSoFar(r.openingPrincipal, loan.annualRateBp, start, r.periodDays, now),
          overdue: 0n,
        });
      } else {
        parts.push({ seq: r.seq, principal: r.principal, interest: 0n, overdue: 0n });
      }
    }
  }
  const principal = parts.reduce((s, p) => s + p.principal, 0n);
  const interest = parts.reduce((s, p) => s + p.interest, 0n);
  const overdue = parts.reduce((s, p) => s + p.overdue, 0n);
  return {
    type,
    seq: type === 'instalment' ? (unpaid[0]?.seq ?? null) : null,
    parts,
    principal,
    interest,
    overdue,
    amount: principal + interest + overdue,
  };
}

/** What every use case of loans works with. */
export interface LoanDeps {
  db: Executor;
  repo: LoansRepository;
  ledger: LedgerService;
  accounts: LoanAccounts;
  ownImage: OwnImage;
  params: ParamsService;
  audit: AuditService;
  jobs: JobRunner;
  clock: Clock;
  views: LoanViews;
  /** The message centre's hooks (loan decisions, instalments due), set by app.ts. */
  notifications?: NotificationEvents | undefined;
}
