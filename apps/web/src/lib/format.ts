/**
 * Display formatting of catalogue figures. Counts use the page language's grouping with Latin
 * digits (the same digits as prices and codes); prices are the API's decimal strings, grouped and
 * given two decimals without ever passing through a float.
 */
import { activeLanguage } from './language.ts';

/**
 * How each interface language groups a whole number's digits (CLDR, Latin digits), written out:
 * the first `Intl.NumberFormat` of a page costs about 40 ms while the browser loads its number data
 * (160 ms on a phone), to format a few "sold" counts. format.test.ts checks the table against Intl
 * for every language. `min`: the fewest digits a number needs before it is grouped (10 000 in
 * Spanish and Italian); `indian`: groups of two above the thousands (12,34,567).
 */
interface Grouping {
  separator: string;
  min?: number;
  indian?: true;
  minus?: string;
}

const GROUPING: Record<string, Grouping> = {
  de: { separator: '.' },
  el: { separator: '.' },
  pt: { separator: '.' },
  tr: { separator: '.' },
  id: { separator: '.' },
  vi: { separator: '.' },
  es: { separator: '.', min: 5 },
  it: { separator: '.', min: 5 },
  fr: { separator: '\u202f' },
  af: { separator: '\u00a0' },
  ru: { separator: '\u00a0' },
  hi: { separator: ',', indian: true },
  // Arabic marks a minus sign left to right.
  ar: { separator: ',', minus: '\u200e-' },
};
const DEFAULT_GROUPING: Grouping = { separator: ',' };

function group(digits: string, rule: Grouping): string {
  if (digits.length < (rule.min ?? 4)) return digits;
  if (rule.indian && digits.length > 3) {
    const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, rule.separator);
    return `${head}${rule.separator}${digits.slice(-3)}`;
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, rule.separator);
}

/** A count (sold, followers, page numbers) in the page language's grouping, with Latin digits. */
export function formatCount(n: number): string {
  const lang = activeLanguage();
  if (!Number.isSafeInteger(n)) {
    // Not a count: the browser's formatter, paid for only here.
    return new Intl.NumberFormat(lang === 'ph' ? 'fil' : lang, { numberingSystem: 'latn' }).format(n);
  }
  const rule = GROUPING[lang] ?? DEFAULT_GROUPING;
  const digits = group(String(Math.abs(n)), rule);
  return n < 0 ? `${rule.minus ?? '-'}${digits}` : digits;
}

/** "1234.5" → "1,234.50"; anything that is not a plain decimal string is shown as it came. */
export function formatPrice(value: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value ?? '');
  if (!match) return value ?? '';
  const whole = (match[2] ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (match[3] ?? '').padEnd(2, '0');
  return `${match[1]}${whole}.${fraction}`;
}

/** Whole percent the price is below the crossed-out price shown beside it (display only), else 0. */
export function percentOff(price: string, was: string | null): number {
  const before = Number(was);
  const now = Number(price);
  if (!was || !(before > 0) || !(now < before)) return 0;
  return Math.round((1 - now / before) * 100);
}

/** The crossed-out list price, when it is above what the buyer pays. */
export function wasPrice(price: string, originalPrice: string): string | null {
  return Number(originalPrice) > Number(price) ? originalPrice : null;
}
