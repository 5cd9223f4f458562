/**
 * Loan amounts, exact: bigint units at 10^10 from decimal strings, never JS numbers, parsed by the
 * contract's `parseMoney`. The checks give the server's verdicts and catalogue keys (loans.service.ts).
 */
import type { ErrorKey } from '@mall/contract';

import { MONEY_DECIMALS, MONEY_SCALE, parseMoney } from '@mall/contract/money';

import { formatMoney } from '../../../lib/money-text.ts';

export const SCALE = MONEY_SCALE;

/** Units of a plain decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function parseUnits(input: string, maxDecimals: number = MONEY_DECIMALS): bigint | undefined {
  const parsed = parseMoney(input, Math.min(maxDecimals, MONEY_DECIMALS));
  return parsed.ok ? parsed.units : undefined;
}

/** Units of a decimal string the server sent (always well formed); 0 for anything else. */
export function toUnits(text: string | null | undefined): bigint {
  return parseUnits(text ?? '') ?? 0n;
}

export type AmountVerdict = { ok: true; units: bigint } | { ok: false; key: ErrorKey };

/** A loan amount against the product: format (its decimals), then the minimum and maximum. */
export function checkLoanAmount(
  text: string,
  product: { amountMin: string; amountMax: string; amountDecimals: number },
): AmountVerdict {
  const trimmed = text.trim();
  const parsed = parseMoney(trimmed, Math.min(product.amountDecimals, MONEY_DECIMALS));
  // A well-formed amount beyond what any loan may be is "above the maximum", as the server says.
  if (!parsed.ok)
    return { ok: false, key: parsed.reason === 'too_large' ? 'LOAN_ABOVE_MAX' : 'AMOUNT_FORMAT' };
  const units = parsed.units;
  if (units <= 0n) return { ok: false, key: 'AMOUNT_FORMAT' };
  if (units < toUnits(product.amountMin)) return { ok: false, key: 'LOAN_BELOW_MIN' };
  if (units > toUnits(product.amountMax)) return { ok: false, key: 'LOAN_ABOVE_MAX' };
  return { ok: true, units };
}

/** An amount for display: the one formatter of every page (lib/money-text.ts `formatMoney`). */
export function formatAmount(text: string | null | undefined, minDecimals = 2): string {
  return formatMoney(text, minDecimals);
}

/** A yearly rate in basis points as a percentage: 730 → "7.30%". */
export function yearlyRate(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/** The same rate per day (actual/365), up to 4 decimals, trailing zeros trimmed: 730 → "0.02%". */
export function dailyRate(bp: number): string {
  // bp / 365 / 100 percent, computed in integers: ten-thousandths of a percent, rounded down.
  const tenThousandths = Math.floor((bp * 10_000) / 36_500);
  const whole = Math.floor(tenThousandths / 10_000);
  const fraction = String(tenThousandths % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** The fund password's shape (six digits); anything else would count as a wrong entry on the server. */
export function fundPasswordShapeValid(value: string): boolean {
  return /^\d{6}$/.test(value);
}
