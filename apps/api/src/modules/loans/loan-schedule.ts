/**
 * The loan arithmetic, exact and pure: bigint atomic units (10^10 per USDT), never a float.
 *
 * Day count: actual/365. A day is 24 hours from the payout instant (Asia/Shanghai has no daylight
 * saving), so a period of `d` days earns `principal × rate × d / 365` with the yearly rate in basis
 * points: `principal × rateBp × d / 3,650,000`. Interest is rounded down to the cent (0.01 USDT) once
 * per instalment (never per day), so the borrower never pays a fraction of a cent more than the rule
 * and every amount a loan moves is whole cents (issue 26: no dust a person can neither see nor move).
 *
 * Methods:
 * - maturity: one instalment at the end of the term, principal + interest for the term's days.
 * - instalments: one instalment per cycle (the last one at the end of the term, shorter when the
 *   term is not a multiple of the cycle). Equal instalments (an annuity) at the periodic rate of a
 *   full cycle r = rateBp × cycle / 3,650,000:  A = P·r·(1+r)^n / ((1+r)^n − 1), computed as one
 *   exact fraction and rounded up to the cent. Each instalment's interest is the rule above
 *   on the principal still owed over its own days; its principal is A minus that interest; the last
 *   instalment pays whatever principal is left (so it may differ from A by a few units, or by more
 *   when its period is shorter).
 *
 * Late and early payment:
 * - overdue interest on a late instalment: its scheduled amount (principal + interest) × overdue
 *   rate × days late / 365, each started day counting, rounded down once per instalment. Computed
 *   from the due time whenever it is shown or paid; it never compounds.
 * - repaying in full early: the interest of the current period for the days started so far (at
 *   least one, at most the period's days) on the principal owed at the period's start; no interest
 *   for later periods.
 */
import type { LoanRepaymentMethod } from '@mall/contract';
import { CENT, centsDown } from '../../core/money-rounding.ts';

export const DAY_MS = 86_400_000;
/** 365 days × 10,000 basis points. */
export const RATE_BASIS = 3_650_000n;
// Every amount a loan computes is whole cents (core/money-rounding.ts).
export { CENT };

export interface LoanTerms {
  amount: bigint;
  termDays: number;
  method: LoanRepaymentMethod;
  cycleDays: number;
  annualRateBp: number;
}

export interface PlannedInstalment {
  seq: number;
  /** Days from payout to the due time. */
  endDay: number;
  /** Days of interest in its period. */
  days: number;
  /** Principal owed at the start of its period. */
  openingPrincipal: bigint;
  principal: bigint;
  interest: bigint;
}

/** Interest on `principal` for `days` at a yearly rate in basis points, actual/365, down to the cent. */
export function interestFor(principal: bigint, annualRateBp: number, days: number): bigint {
  if (principal <= 0n || days <= 0 || annualRateBp <= 0) return 0n;
  return centsDown((principal * BigInt(annualRateBp) * BigInt(days)) / RATE_BASIS);
}

/** The days of each period: one for maturity; a cycle each, the last one ending at the term. */
export function periodDays(termDays: number, method: LoanRepaymentMethod, cycleDays: number): number[] {
  if (method === 'maturity' || cycleDays >= termDays) return [termDays];
  const n = Math.ceil(termDays / cycleDays);
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? cycleDays : termDays - (n - 1) * cycleDays));
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/**
 * The equal instalment of an annuity of `n` periods of `cycleDays`: P·a·(a+b)^n / (b·((a+b)^n − b^n))
 * with r = a/b = rateBp·cycle / 3,650,000, rounded up to the cent.
 */
export function annuityPayment(
  principal: bigint,
  annualRateBp: number,
  cycleDays: number,
  n: number,
): bigint {
  if (n <= 0) throw new RangeError('n must be positive');
  if (annualRateBp <= 0) return ceilDiv(principal, BigInt(n) * CENT) * CENT;
  const a = BigInt(annualRateBp) * BigInt(cycleDays);
  const b = RATE_BASIS;
  const grown = (a + b) ** BigInt(n);
  return ceilDiv(principal * a * grown, b * (grown - b ** BigInt(n)) * CENT) * CENT;
}

/** The schedule of a loan (amounts only; due times are payout + endDay days). */
export function planSchedule(terms: LoanTerms): PlannedInstalment[] {
  const days = periodDays(terms.termDays, terms.method, terms.cycleDays);
  const n = days.length;
  const payment = n > 1 ? annuityPayment(terms.amount, terms.annualRateBp, terms.cycleDays, n) : 0n;
  const out: PlannedInstalment[] = [];
  let owed = terms.amount;
  let endDay = 0;
  for (let i = 0; i < n; i++) {
    const d = days[i] ?? 0;
    endDay += d;
    const interest = interestFor(owed, terms.annualRateBp, d);
    const last = i === n - 1;
    let principal = last ? owed : payment - interest;
    if (principal > owed) principal = owed;
    if (principal < 0n) principal = 0n;
    out.push({ seq: i + 1, endDay, days: d, openingPrincipal: owed, principal, interest });
    owed -= principal;
  }
  return out;
}

/** Whole days started since `from` (0 at `from` itself). */
export function daysStarted(from: number, now: number): number {
  return now <= from ? 0 : Math.ceil((now - from) / DAY_MS);
}

/** Overdue interest of one late instalment at `now` (0 until its due time has passed). */
export function overdueInterest(
  amountDue: bigint,
  overdueRateBp: number,
  dueAt: number,
  now: number,
): bigint {
  return interestFor(amountDue, overdueRateBp, daysStarted(dueAt, now));
}

/** Interest of a running period if the loan is repaid in full now (each started day, at least one). */
export function interestSoFar(
  openingPrincipal: bigint,
  annualRateBp: number,
  periodStart: number,
  periodDays: number,
  now: number,
): bigint {
  const days = Math.min(periodDays, Math.max(1, daysStarted(periodStart, now)));
  return interestFor(openingPrincipal, annualRateBp, days);
}
