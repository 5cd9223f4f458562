/**
 * Money is exact: bigint atomic units at scale 10^10 (the spec's "up to 10 decimals").
 * On the wire it is a decimal string; a JS number never holds an amount.
 */
export const MONEY_DECIMALS = 10;
export const MONEY_SCALE = 10n ** BigInt(MONEY_DECIMALS);

/** Largest single amount we accept (100 million): a signed 64-bit column holds 9.2 times that, room for sums. */
export const MONEY_MAX_UNITS = 10n ** 18n;

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

export type MoneyParseFailure = 'format' | 'negative' | 'too_many_decimals' | 'too_large';

export type MoneyParseResult = { ok: true; units: bigint } | { ok: false; reason: MoneyParseFailure };

/**
 * Parses a plain decimal string ("12", "12.5", "0.0000000001") into atomic units.
 * Rejects signs, exponents, NaN, Infinity, blanks, commas and more than 10 decimals.
 * A JS number is accepted only when it is a safe integer (old clients send 10, not "10").
 */
export function parseMoney(input: unknown, maxDecimals: number = MONEY_DECIMALS): MoneyParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return { ok: false, reason: 'format' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'format' };
  }
  if (text.startsWith('-')) return { ok: false, reason: 'negative' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > maxDecimals) return { ok: false, reason: 'too_many_decimals' };
  const units = BigInt(whole) * MONEY_SCALE + BigInt(fraction.padEnd(MONEY_DECIMALS, '0') || '0');
  if (units > MONEY_MAX_UNITS) return { ok: false, reason: 'too_large' };
  return { ok: true, units };
}

/**
 * Formats atomic units as a decimal string. By default trailing zeros are trimmed ("12.5");
 * `fixed` pads or rounds down to that many decimals ("12.50").
 */
export function formatMoney(units: bigint, fixed?: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / MONEY_SCALE;
  let fraction = (abs % MONEY_SCALE).toString().padStart(MONEY_DECIMALS, '0');
  if (fixed === undefined) {
    fraction = fraction.replace(/0+$/, '');
  } else {
    fraction = fraction.slice(0, fixed);
  }
  const body = fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative ? `-${body}` : body;
}

/** Whole-currency amount to atomic units: `units(100)` is 100 USDT. */
export function units(whole: number | bigint): bigint {
  return BigInt(whole) * MONEY_SCALE;
}
