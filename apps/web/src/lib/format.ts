/**
 * Display formatting of catalogue figures. Counts use the page language's grouping with Latin
 * digits (the same digits as prices and codes); prices are the API's decimal strings, grouped and
 * given two decimals without ever passing through a float.
 */
import { activeLanguage } from './language.ts';

let counter: { lang: string; format: Intl.NumberFormat } | undefined;

export function formatCount(n: number): string {
  const lang = activeLanguage();
  if (counter?.lang !== lang) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(lang === 'ph' ? 'fil' : lang, { numberingSystem: 'latn' });
    } catch {
      format = new Intl.NumberFormat('en');
    }
    counter = { lang, format };
  }
  return counter.format.format(n);
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
