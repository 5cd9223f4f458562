/**
 * Amounts for display (cart, checkout, orders). Money is exact: decimal strings from the server,
 * bigint units at 10^10 when something has to be added up (the contract's money helpers), never a
 * JS number.
 */
import { MONEY_DECIMALS, MONEY_SCALE, formatMoney as moneyText, parseMoney } from '@mall/contract/money';
import { withCurrency } from './currency.ts';

export const MONEY_UNIT = MONEY_SCALE;

/** Units of a plain decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function moneyUnits(
  text: string | null | undefined,
  maxDecimals = MONEY_DECIMALS,
): bigint | undefined {
  const parsed = parseMoney(text ?? '', Math.min(maxDecimals, MONEY_DECIMALS));
  return parsed.ok ? parsed.units : undefined;
}

/** Units as a plain decimal string, trailing zeros trimmed ("12.5"). */
export const unitsText = (units: bigint): string => moneyText(units);

/** price × count, exactly. */
export function lineUnits(price: string, count: number): bigint {
  return (moneyUnits(price) ?? 0n) * BigInt(Math.max(0, Math.trunc(count)));
}

/** Most decimals an amount is shown with: money a person holds is whole micro-USDT (6 decimals). */
export const SHOWN_DECIMALS_MAX = 6;

/**
 * The one formatter for amounts on every page (issue 26): digit groups of three, at least two
 * decimals and at most six, trailing zeros beyond the second trimmed ("12.50", "0.002874",
 * "1,000.00"). Never rounded up: a seventh decimal and beyond (dust from before amounts were whole
 * cents and micro-USDT) is cut, so nothing shown is more than the ledger holds.
 */
export function formatMoney(
  value: string | bigint | null | undefined,
  minDecimals = 2,
  /** Another coin's amount (BTC has 8 decimals) is shown with its own. */
  maxDecimals = SHOWN_DECIMALS_MAX,
): string {
  if (value === null || value === undefined || value === '') return '-';
  const plain = typeof value === 'bigint' ? unitsText(value) : value;
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction
    .slice(0, Math.max(minDecimals, maxDecimals))
    .replace(/0+$/, '')
    .padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** Left-to-right isolate for a value inside a translated sentence (a `<bdi>` cannot go there). */
export const ltr = (text: string): string => `\u2066${text}\u2069`;

/** "12.50 USDT" (or the brand's "$12.50"), kept left to right inside any sentence. */
export const moneyInText = (value: string | bigint, currency = 'USDT'): string =>
  ltr(currency === 'USDT' ? withCurrency(formatMoney(value)) : `${formatMoney(value)} ${currency}`);
