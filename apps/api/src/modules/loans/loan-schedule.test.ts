/** The loan arithmetic on its own: the documented rules as properties, over many random loans. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annuityPayment,
  CENT,
  DAY_MS,
  daysStarted,
  interestFor,
  interestSoFar,
  overdueInterest,
  periodDays,
  planSchedule,
  RATE_BASIS,
} from './loan-schedule.ts';

const USDT = 10n ** 10n;

const loans = fc.record({
  // 100,000 to 30,000,000 USDT in cents.
  cents: fc.bigInt({ min: 10_000_000n, max: 3_000_000_000n }),
  termDays: fc.integer({ min: 1, max: 365 }),
  cycleDays: fc.integer({ min: 1, max: 365 }),
  annualRateBp: fc.integer({ min: 0, max: 10_000 }),
  method: fc.constantFrom('maturity' as const, 'instalments' as const),
});

describe('loan schedule', () => {
  it('splits a term into cycles, the last one shorter', () => {
    expect(periodDays(90, 'maturity', 30)).toEqual([90]);
    expect(periodDays(90, 'instalments', 30)).toEqual([30, 30, 30]);
    expect(periodDays(365, 'instalments', 30)).toEqual([...Array(12).fill(30), 5]);
    expect(periodDays(20, 'instalments', 30)).toEqual([20]);
  });

  it('rounds interest down to the cent once: actual/365 on basis points', () => {
    // 100,000 × 7.30% × 1 / 365 = 20 exactly; 1 unit × 1 bp × 1 day is far below a cent.
    expect(interestFor(100_000n * USDT, 730, 1)).toBe(20n * USDT);
    expect(interestFor(1n, 1, 1)).toBe(0n);
    // 333.33 × 10% × 7 / 365 = 0.639263013698630… → 0.63
    expect(interestFor(3_333_300_000_000n, 1000, 7)).toBe(63n * CENT);
  });

  it('counts started days, and interest so far between one day and the whole period', () => {
    expect(daysStarted(0, 0)).toBe(0);
    expect(daysStarted(0, 1)).toBe(1);
    expect(daysStarted(0, DAY_MS)).toBe(1);
    expect(daysStarted(0, DAY_MS + 1)).toBe(2);
    const p = 100_000n * USDT;
    expect(interestSoFar(p, 730, 0, 30, 0)).toBe(20n * USDT);
    expect(interestSoFar(p, 730, 0, 30, 100 * DAY_MS)).toBe(600n * USDT);
    expect(overdueInterest(p, 1095, 0, 0)).toBe(0n);
    expect(overdueInterest(p, 1095, 0, 1)).toBe(30n * USDT);
  });

  it('pays back exactly the principal, with each interest the rule on what is owed', () => {
    fc.assert(
      fc.property(loans, ({ cents, termDays, cycleDays, annualRateBp, method }) => {
        const amount = cents * 10n ** 8n;
        const plan = planSchedule({ amount, termDays, cycleDays, annualRateBp, method });
        expect(plan.reduce((s, p) => s + p.principal, 0n)).toBe(amount);
        expect(plan.at(-1)?.endDay).toBe(termDays);
        let owed = amount;
        for (const p of plan) {
          expect(p.openingPrincipal).toBe(owed);
          expect(p.principal >= 0n).toBe(true);
          const exact = (owed * BigInt(annualRateBp) * BigInt(p.days)) / RATE_BASIS;
          expect(p.interest).toBe((exact / CENT) * CENT);
          // Whole cents only: nothing a person can neither see nor move (issue 26).
          expect(p.principal % CENT).toBe(0n);
          expect(p.interest % CENT).toBe(0n);
          owed -= p.principal;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps instalments equal but for the last, which never exceeds them', () => {
    fc.assert(
      fc.property(loans, ({ cents, termDays, cycleDays, annualRateBp }) => {
        const amount = cents * 10n ** 8n;
        const plan = planSchedule({ amount, termDays, cycleDays, annualRateBp, method: 'instalments' });
        if (plan.length < 2) return;
        const a = annuityPayment(amount, annualRateBp, cycleDays, plan.length);
        for (const p of plan.slice(0, -1)) expect(p.principal + p.interest).toBe(a);
        const last = plan.at(-1)!;
        expect(last.principal + last.interest <= a).toBe(true);
        expect(a % CENT).toBe(0n);
        // Rounding the instalment up (< 1 cent) and each interest down (< 1 cent) pays a little more
        // principal each time (compounding at the loan's rate): when all periods are full cycles the
        // last instalment is short by a few cents per instalment at most.
        if (termDays % cycleDays === 0) {
          expect(a - (last.principal + last.interest) < BigInt(plan.length) * 6n * CENT).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is the smallest equal instalment in cents that repays the loan (one cent less falls short)', () => {
    const amount = 120_000n * USDT;
    const a = annuityPayment(amount, 730, 30, 3);
    // 40,480.95712576 exactly, up to the cent.
    expect(a).toBe(404_809_600_000_000n);
    // With exact (unrounded) interest, paying a − 1 unit three times leaves principal owed.
    const owedAfter = (payment: bigint) => {
      // Exact arithmetic in units × 3,650,000 (the rate's denominator).
      let owed = amount * RATE_BASIS;
      for (let i = 0; i < 3; i++) owed = owed + (owed * 730n * 30n) / RATE_BASIS - payment * RATE_BASIS;
      return owed;
    };
    expect(owedAfter(a) <= 0n).toBe(true);
    expect(owedAfter(a - CENT) > 0n).toBe(true);
  });
});
