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

/**
 * An amount for people: digit groups of three, at least two decimals, the rest as the server wrote
 * them (never rounded: what is shown is what the ledger moved).
 */
export function formatMoney(value: string | bigint | null | undefined, minDecimals = 2): string {
  if (value === null || value === undefined || value === '') return '-';
  const plain = typeof value === 'bigint' ? unitsText(value) : value;
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** Left-to-right isolate for a value inside a translated sentence (a `<bdi>` cannot go there). */
export const ltr = (text: string): string => `\u2066${text}\u2069`;

/** "12.50 USDT" (or the brand's "$12.50"), kept left to right inside any sentence. */
export const moneyInText = (value: string | bigint, currency = 'USDT'): string =>
  ltr(currency === 'USDT' ? withCurrency(formatMoney(value)) : `${formatMoney(value)} ${currency}`);
