/**
 * What an order costs, in one place: the quote shown at checkout and the order placed from it use
 * these figures, so the buyer is charged exactly what the checkout showed. Freight is per line:
 * dispatch + distance + delivery (SPEC §9); tax is a share of the goods, the handling fee a share of
 * goods, freight and tax (the tax as charged), each rounded down to whole cents, in the buyer's
 * favour (`centsDown`, the mall's rule for what it computes: docs/decisions.md, "Order tax and
 * handling fee in cents").
 */
import { centsDown } from '../../core/money-rounding.ts';
import type { Purchasable } from '../../modules/catalogue/index.ts';
import { basisPoints } from './deps.ts';
import type { SubmitLine } from './place-order.ts';

/** Same goods and specification twice in one submit count as one line. */
export function mergeLines(lines: SubmitLine[]): SubmitLine[] {
  const merged = new Map<string, SubmitLine>();
  for (const line of lines) {
    const key = `${line.sellerGoodsId}\u0000${line.attr ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, count: seen.count + line.count } : { ...line });
  }
  return [...merged.values()];
}

export interface PricedLine {
  item: Purchasable;
  count: number;
  /** unit price × count */
  goods: bigint;
  freight: bigint;
}

export interface PricedOrder {
  sellerId: string;
  lines: PricedLine[];
  goodsAmount: bigint;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  freight: bigint;
  tax: bigint;
  handlingFee: bigint;
  discount: bigint;
  total: bigint;
}

export function priceLine(item: Purchasable, count: number): PricedLine {
  return {
    item,
    count,
    goods: item.unitPrice * BigInt(count),
    freight: item.dispatchFee + item.distanceFee + item.deliveryFee,
  };
}

/** One store's order: its lines' goods and freight, tax and handling fee by the brand's params. */
export function priceOrder(
  sellerId: string,
  lines: PricedLine[],
  fees: { taxBp: number; handlingBp: number },
): PricedOrder {
  const sum = (f: (l: PricedLine) => bigint) => lines.reduce((s, l) => s + f(l), 0n);
  const goodsAmount = sum((l) => l.goods);
  const freight = sum((l) => l.freight);
  const tax = centsDown(basisPoints(goodsAmount, fees.taxBp));
  const handlingFee = centsDown(basisPoints(goodsAmount + freight + tax, fees.handlingBp));
  const discount = 0n;
  return {
    sellerId,
    lines,
    goodsAmount,
    dispatchFee: sum((l) => l.item.dispatchFee),
    distanceFee: sum((l) => l.item.distanceFee),
    deliveryFee: sum((l) => l.item.deliveryFee),
    freight,
    tax,
    handlingFee,
    discount,
    total: goodsAmount + freight + tax + handlingFee - discount,
  };
}

/** Lines grouped by store, in the order their stores first appear. */
export function priceOrders(lines: PricedLine[], fees: { taxBp: number; handlingBp: number }): PricedOrder[] {
  const bySeller = new Map<string, PricedLine[]>();
  for (const line of lines)
    bySeller.set(line.item.sellerId, [...(bySeller.get(line.item.sellerId) ?? []), line]);
  return [...bySeller].map(([sellerId, group]) => priceOrder(sellerId, group, fees));
}
