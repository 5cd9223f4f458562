/**
 * Amounts for display (cart, checkout, orders). Money is exact: decimal strings from the server,
 * bigint units at 10^10 when something has to be added up, never a JS number. The parsing rule is
 * the contract's `parseMoney`, restated so this small module does not pull the contract's barrel into
 * the chunks that import it.
 */
const DECIMALS = 10;
export const MONEY_UNIT = 10n ** BigInt(DECIMALS);
const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** Units of a plain decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function moneyUnits(text: string | null | undefined, maxDecimals = DECIMALS): bigint | undefined {
  const match = DECIMAL.exec((text ?? '').trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > Math.min(maxDecimals, DECIMALS)) return undefined;
  return BigInt(match[1] ?? '0') * MONEY_UNIT + BigInt(fraction.padEnd(DECIMALS, '0') || '0');
}

/** Units as a plain decimal string, trailing zeros trimmed ("12.5"). */
export function unitsText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % MONEY_UNIT).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  const body = fraction ? `${abs / MONEY_UNIT}.${fraction}` : `${abs / MONEY_UNIT}`;
  return negative ? `-${body}` : body;
}

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

/** "12.50 USDT", kept left to right inside any sentence. */
export const moneyInText = (value: string | bigint, currency = 'USDT'): string =>
  ltr(`${formatMoney(value)} ${currency}`);
