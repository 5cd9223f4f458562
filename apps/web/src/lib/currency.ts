/**
 * One way to write an amount on every page, chosen per brand (`moneyStyle`): "12.50 USDT" or
 * "$12.50". The caller formats the number; this adds the currency, and the caller keeps it left to
 * right inside right-to-left text (a `<bdi dir="ltr">` or the ltr() isolate).
 */
import { currentBrand } from './brand.ts';

export function withCurrency(amount: string): string {
  const style = typeof document === 'undefined' ? 'code' : currentBrand().moneyStyle;
  if (style !== 'symbol') return `${amount} USDT`;
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}

/** The currency alone ("USDT" or "$"), for the unit beside an amount field. */
export function currencyMark(): string {
  return withCurrency('').trim();
}
