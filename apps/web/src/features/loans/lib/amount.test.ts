import { describe, expect, it } from 'vitest';
import { checkLoanAmount, dailyRate, formatAmount, yearlyRate } from './amount.ts';

const product = { amountMin: '100000', amountMax: '30000000', amountDecimals: 2 };

describe('loan amounts in the storefront', () => {
  it('gives the server verdicts', () => {
    expect(checkLoanAmount('100000', product)).toMatchObject({ ok: true });
    expect(checkLoanAmount('99999.99', product)).toEqual({ ok: false, key: 'LOAN_BELOW_MIN' });
    expect(checkLoanAmount('30000000.01', product)).toEqual({ ok: false, key: 'LOAN_ABOVE_MAX' });
    expect(checkLoanAmount('900000000000', product)).toEqual({ ok: false, key: 'LOAN_ABOVE_MAX' });
    expect(checkLoanAmount('100000.001', product)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkLoanAmount('1e6', product)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkLoanAmount('0', product)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkLoanAmount('', product)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
  });

  it('shows amounts by the one rule (2 to 6 decimals) and rates exactly', () => {
    expect(formatAmount('40480.96')).toBe('40,480.96');
    // Dust from before amounts were whole cents is cut at the sixth decimal, never rounded up.
    expect(formatAmount('40480.95712576')).toBe('40,480.957125');
    expect(formatAmount('120000')).toBe('120,000.00');
    expect(yearlyRate(730)).toBe('7.30%');
    expect(dailyRate(730)).toBe('0.02%');
    expect(dailyRate(1095)).toBe('0.03%');
    expect(dailyRate(1000)).toBe('0.0273%');
  });
});
