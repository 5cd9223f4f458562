/**
 * Loan amounts, exact: bigint units at 10^10 from decimal strings, never JS numbers. The rule is the
 * contract's `parseMoney` restated, not imported: a run-time import from the contract's barrel would
 * pull its module into the first paint (docs/decisions.md, wallet pages); amount.test.ts checks that
 * the two agree. The checks give the server's verdicts and catalogue keys (loans.service.ts).
 */
import type { ErrorKey } from '@mall/contract';
import { formatMoney } from '../../../lib/money-text.ts';

const DECIMALS = 10;
export const SCALE = 10n ** BigInt(DECIMALS);
/** Largest single amount the server accepts (100,000,000 whole units). */
const MAX_UNITS = 10n ** 18n;
const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** Units of a plain decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function parseUnits(input: string, maxDecimals: number = DECIMALS): bigint | undefined {
  const match = DECIMAL.exec(input.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > maxDecimals || fraction.length > DECIMALS) return undefined;
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(DECIMALS, '0') || '0');
  return units > MAX_UNITS ? undefined : units;
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
  const units = parseUnits(trimmed, product.amountDecimals);
  if (units === undefined) {
    // A well-formed amount beyond what any loan may be is "above the maximum", as the server says.
    const any = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(trimmed);
    if (any && (any[2] ?? '').length <= product.amountDecimals) return { ok: false, key: 'LOAN_ABOVE_MAX' };
    return { ok: false, key: 'AMOUNT_FORMAT' };
  }
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

/** File size for people: 532 KB, 1.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
