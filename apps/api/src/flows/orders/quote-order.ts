/**
 * The checkout's quote (`/api/order/quote`): per store and in total, goods, freight (dispatch +
 * distance + delivery), tax, handling fee and discount before anything is created, read without
 * reserving stock. Its `quoteKey` carries the figures shown; a submit that sends it is refused with
 * QUOTE_CHANGED, naming each figure that moved, when the order would cost anything else.
 */
import { formatMoney, type OrderQuoteDto, type QuoteChangeDto } from '@mall/contract';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { intOf, type OrderFlowDeps, paramsOf } from './deps.ts';
import { mergeLines, type PricedOrder, priceLine, priceOrders } from './order-pricing.ts';
import type { SubmitLine } from './place-order.ts';

export async function quoteOrders(
  d: OrderFlowDeps,
  ctx: RequestContext,
  input: { items: SubmitLine[] },
): Promise<OrderQuoteDto> {
  const { userId } = actorOf(ctx);
  if (input.items.length === 0) throw new AppError('NO_PRODUCT_SELECTED');
  const params = await paramsOf(d, ctx.brand.key);
  const maxBuy = intOf(params, 'mall_max_goods_number_in_order');
  const lines = [];
  for (const line of mergeLines(input.items)) {
    if (line.count > maxBuy) throw new AppError('OVER_MAX_PURCHASE', { max: maxBuy });
    const item = await d.catalogue.getPurchasable(d.db, line.sellerGoodsId, line.attr);
    if (item.sellerOwnerUserId === userId) throw new AppError('SELLER_OWN_GOODS');
    if (line.count < item.buyMin)
      throw new AppError('BELOW_MIN_ORDER', { min: item.buyMin, sellerGoodsId: item.sellerGoodsId });
    if (item.stock < line.count) throw new AppError('STOCK_INSUFFICIENT');
    lines.push(priceLine(item, line.count));
  }
  const orders = priceOrders(lines, feesOf(params));
  const sellers = new Map<string, string>();
  for (const o of orders) sellers.set(o.sellerId, (await d.catalogue.requireOpenSeller(o.sellerId)).name);
  const sum = (f: (o: PricedOrder) => bigint) => formatMoney(orders.reduce((s, o) => s + f(o), 0n));
  return {
    orders: orders.map((o) => ({
      sellerId: o.sellerId,
      sellerName: sellers.get(o.sellerId) ?? '',
      lines: o.lines.map((l) => ({
        sellerGoodsId: l.item.sellerGoodsId,
        attrName: l.item.attrName,
        name: l.item.name,
        imgUrl1: l.item.imgUrl1,
        unitPrice: formatMoney(l.item.unitPrice),
        count: l.count,
        goods: formatMoney(l.goods),
        freight: formatMoney(l.freight),
      })),
      goodsAmount: formatMoney(o.goodsAmount),
      dispatchFee: formatMoney(o.dispatchFee),
      distanceFee: formatMoney(o.distanceFee),
      deliveryFee: formatMoney(o.deliveryFee),
      freight: formatMoney(o.freight),
      tax: formatMoney(o.tax),
      handlingFee: formatMoney(o.handlingFee),
      discount: formatMoney(o.discount),
      total: formatMoney(o.total),
    })),
    goodsAmount: sum((o) => o.goodsAmount),
    freight: sum((o) => o.freight),
    tax: sum((o) => o.tax),
    handlingFee: sum((o) => o.handlingFee),
    discount: sum((o) => o.discount),
    total: sum((o) => o.total),
    quoteKey: quoteKeyOf(orders),
  };
}

export function feesOf(params: Parameters<typeof intOf>[0]): { taxBp: number; handlingBp: number } {
  return { taxBp: intOf(params, 'order_tax_rate_bp'), handlingBp: intOf(params, 'order_handling_fee_bp') };
}

/** What the key remembers: each line's unit price and freight, each store's fees and total. */
interface QuoteMemory {
  v: 1;
  lines: [goodsId: string, attrId: string, count: number, unitPrice: string, freight: string, name: string][];
  orders: [sellerId: string, tax: string, handlingFee: string, total: string][];
}

function quoteKeyOf(orders: PricedOrder[]): string {
  const memory: QuoteMemory = {
    v: 1,
    lines: orders.flatMap((o) =>
      o.lines.map(
        (l) =>
          [
            l.item.sellerGoodsId,
            l.item.attrId ?? '',
            l.count,
            l.item.unitPrice.toString(),
            l.freight.toString(),
            l.item.name.slice(0, 60),
          ] as QuoteMemory['lines'][number],
      ),
    ),
    orders: orders.map((o) => [o.sellerId, o.tax.toString(), o.handlingFee.toString(), o.total.toString()]),
  };
  return Buffer.from(JSON.stringify(memory)).toString('base64url');
}

function readKey(key: string): QuoteMemory {
  try {
    const memory = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as QuoteMemory;
    if (memory.v !== 1 || !Array.isArray(memory.lines) || !Array.isArray(memory.orders))
      throw new Error('shape');
    // Every figure must be a whole number of atomic units (BigInt throws otherwise).
    for (const [, , , price, freight] of memory.lines) [price, freight].forEach(BigInt);
    for (const [, tax, fee, total] of memory.orders) [tax, fee, total].forEach(BigInt);
    return memory;
  } catch {
    throw new AppError('PARAMETER_ERROR', { field: 'quoteKey' });
  }
}

/** Every figure of the quote that the orders about to be placed would charge differently. */
export function quoteChanges(key: string, orders: PricedOrder[]): QuoteChangeDto[] {
  const memory = readKey(key);
  const changes: QuoteChangeDto[] = [];
  const money = (units: string | bigint) => formatMoney(BigInt(units));
  const quoted = new Map(memory.lines.map((l) => [`${l[0]}\u0000${l[1]}`, l]));
  const placedLines = orders.flatMap((o) => o.lines);
  if (placedLines.length !== memory.lines.length) changes.push({ kind: 'items', before: '', after: '' });
  for (const line of placedLines) {
    const was = quoted.get(`${line.item.sellerGoodsId}\u0000${line.item.attrId ?? ''}`);
    const name = line.item.name;
    const sellerGoodsId = line.item.sellerGoodsId;
    if (!was || was[2] !== line.count) {
      if (!changes.some((c) => c.kind === 'items')) changes.push({ kind: 'items', before: '', after: '' });
      continue;
    }
    if (BigInt(was[3]) !== line.item.unitPrice)
      changes.push({
        kind: 'price',
        sellerGoodsId,
        name,
        before: money(was[3]),
        after: money(line.item.unitPrice),
      });
    if (BigInt(was[4]) !== line.freight)
      changes.push({
        kind: 'freight',
        sellerGoodsId,
        name,
        before: money(was[4]),
        after: money(line.freight),
      });
  }
  const quotedOrders = new Map(memory.orders.map((o) => [o[0], o]));
  for (const order of orders) {
    const was = quotedOrders.get(order.sellerId);
    if (!was) continue;
    if (BigInt(was[1]) !== order.tax)
      changes.push({ kind: 'tax', before: money(was[1]), after: money(order.tax) });
    if (BigInt(was[2]) !== order.handlingFee)
      changes.push({ kind: 'handlingFee', before: money(was[2]), after: money(order.handlingFee) });
  }
  const before = memory.orders.reduce((s, o) => s + BigInt(o[3]), 0n);
  const after = orders.reduce((s, o) => s + o.total, 0n);
  if (changes.length > 0 || before !== after)
    changes.push({ kind: 'total', before: money(before), after: money(after) });
  return changes;
}
