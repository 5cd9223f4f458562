/**
 * The order's tax and handling fee are whole cents, rounded down (the buyer's favour), whatever the
 * goods cost; the handling fee is charged on the tax as rounded.
 */
import { formatMoney, parseMoney, units as whole } from '@mall/contract';
import { describe, expect, it } from 'vitest';
import { CENT } from '../../core/money-rounding.ts';
import type { Purchasable } from '../../modules/catalogue/index.ts';
import { priceLine, priceOrder } from './order-pricing.ts';

const units = (text: string): bigint => {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.units;
};

const item = (price: string | bigint, freight: string): Purchasable => ({
  sellerGoodsId: 'g1',
  sellerId: 's1',
  sellerOwnerUserId: null,
  name: 'Goods',
  imgUrl1: '',
  attrId: null,
  attrName: '',
  unitPrice: typeof price === 'bigint' ? price : units(price),
  stock: 100,
  buyMin: 1,
  dispatchFee: units(freight),
  distanceFee: 0n,
  deliveryFee: 0n,
});

describe('order pricing: tax and handling fee in whole cents', () => {
  it('rounds each down to the cent, the handling fee on the rounded tax', () => {
    // Goods 3 × 3.33 = 9.99; tax 7.77 % = 0.776223 -> 0.77; handling 1.23 % of
    // (9.99 + 0.5 + 0.77 = 11.26) = 0.138498 -> 0.13; total 9.99 + 0.5 + 0.77 + 0.13 = 11.39.
    const order = priceOrder('s1', [priceLine(item('3.33', '0.5'), 3)], { taxBp: 777, handlingBp: 123 });
    expect(formatMoney(order.tax)).toBe('0.77');
    expect(formatMoney(order.handlingFee)).toBe('0.13');
    expect(formatMoney(order.total)).toBe('11.39');
  });

  it('is always a whole number of cents and never more than the exact share', () => {
    for (let i = 0; i < 500; i++) {
      // 1 to 101 USDT with up to 6 decimals (a seller's price may be finer than a cent).
      const price = whole(1) + BigInt((i * 7_919_191) % 100_000_000) * 10_000n;
      const taxBp = (i * 37) % 10_001;
      const handlingBp = (i * 53) % 10_001;
      const order = priceOrder('s1', [priceLine(item(price, '0.07'), 1 + (i % 9))], { taxBp, handlingBp });
      expect(order.tax % CENT).toBe(0n);
      expect(order.handlingFee % CENT).toBe(0n);
      const exactTax = (order.goodsAmount * BigInt(taxBp)) / 10_000n;
      expect(order.tax <= exactTax && exactTax - order.tax < CENT).toBe(true);
      const base = order.goodsAmount + order.freight + order.tax;
      const exactFee = (base * BigInt(handlingBp)) / 10_000n;
      expect(order.handlingFee <= exactFee && exactFee - order.handlingFee < CENT).toBe(true);
      expect(order.total).toBe(base + order.handlingFee);
    }
  });
});
