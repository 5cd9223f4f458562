/**
 * Placing orders (`/api/order/submit`): one order per store, stock reserved at once with
 * conditional updates, prices and freight read by the server (the client's are never trusted),
 * the delivery address copied into the order. A submission key makes a repeated submit answer the
 * same orders instead of making new ones. Nothing is written when any line is refused.
 */
import { createHash } from 'node:crypto';
import { formatMoney, ORDER_STATUS, REFUND_STATUS, type SubmitOrdersDto } from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { Purchasable } from '../../modules/catalogue/index.ts';
import type { OrderItemRow, OrderRow } from '../../modules/orders/index.ts';
import { intOf, ORDER_JOBS, type OrderFlowDeps, paramsOf } from './deps.ts';
import { mergeLines, priceLine, priceOrders } from './order-pricing.ts';
import { quoteChanges } from './quote-order.ts';

export interface SubmitLine {
  sellerGoodsId: string;
  /** The specification's id or name (`checkAttrName`), absent for goods without any. */
  attr?: string | undefined;
  count: number;
}

export interface SubmitInput {
  addressId: string;
  items: SubmitLine[];
  remark?: string | undefined;
  submitKey: string;
  /** The checkout's quote: the order is refused (QUOTE_CHANGED) if it would cost anything else. */
  quoteKey?: string | undefined;
}

export const MAX_LINES = 100;

/**
 * The serial numbers this process gave out in the current second. Serials are unique in the
 * table; six random digits drawn ~300 times a second repeat within a second a few per cent of the
 * time (birthday odds), which failed that submit, so a draw already used this second is redrawn.
 */
const serials = { stamp: '', used: new Set<string>() };

function serialNo(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
  if (stamp !== serials.stamp) {
    serials.stamp = stamp;
    serials.used.clear();
  }
  for (;;) {
    const digits = Math.floor(Math.random() * 1e6)
      .toString()
      .padStart(6, '0');
    if (serials.used.has(digits)) continue;
    serials.used.add(digits);
    return `${stamp}${digits}`;
  }
}

export async function placeOrders(
  d: OrderFlowDeps,
  ctx: RequestContext,
  input: SubmitInput,
): Promise<SubmitOrdersDto> {
  const { userId } = actorOf(ctx);
  const brand = ctx.brand.key;
  if (input.items.length === 0) throw new AppError('NO_PRODUCT_SELECTED');
  const lines = mergeLines(input.items);
  if (lines.length > MAX_LINES) throw new AppError('PARAMETER_ERROR', { field: 'items' });
  const params = await paramsOf(d, brand);
  const maxBuy = intOf(params, 'mall_max_goods_number_in_order');
  const taxBp = intOf(params, 'order_tax_rate_bp');
  const handlingBp = intOf(params, 'order_handling_fee_bp');
  const cancelMinutes = intOf(params, 'order_auto_cancel_minutes');
  for (const line of lines) if (line.count > maxBuy) throw new AppError('OVER_MAX_PURCHASE', { max: maxBuy });
  const remark = (input.remark ?? '').trim().slice(0, 200);
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify([
        input.addressId,
        remark,
        lines.map((l) => [l.sellerGoodsId, l.attr ?? '', l.count]).sort(),
      ]),
    )
    .digest('hex');

  return submitting(
    inTransaction(d.db, async (tx) => {
      const now = d.clock.now();
      if (!(await d.orders.repository.claimSubmission(tx, userId, input.submitKey, requestHash, now))) {
        const earlier = await d.orders.repository.findSubmission(tx, userId, input.submitKey);
        if (!earlier || earlier.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
        return answer(d, ctx, tx, earlier.orderIds);
      }
      const address = await d.addresses.get(tx, userId, input.addressId);
      if (!address) {
        // No address at all asks the buyer to add one; a wrong one, to choose a correct one.
        const any = (await d.addresses.list(ctx, tx)).length > 0;
        throw new AppError(any ? 'SELECT_DELIVERY_ADDRESS' : 'ADDRESS_NOT_SET');
      }
      await d.accounts.assertCanTransact(tx, userId);

      // Reserve every line; any refusal rolls the whole submit back.
      const reserved: { line: SubmitLine; item: Purchasable }[] = [];
      for (const line of lines) {
        const item = await d.catalogue.reserveStock(tx, {
          sellerGoodsId: line.sellerGoodsId,
          attr: line.attr,
          quantity: line.count,
        });
        if (item.sellerOwnerUserId === userId) throw new AppError('SELLER_OWN_GOODS');
        if (line.count < item.buyMin)
          throw new AppError('BELOW_MIN_ORDER', { min: item.buyMin, sellerGoodsId: item.sellerGoodsId });
        reserved.push({ line, item });
      }

      const priced = priceOrders(
        reserved.map(({ line, item }) => priceLine(item, line.count)),
        { taxBp, handlingBp },
      );
      if (input.quoteKey !== undefined) {
        const changes = quoteChanges(input.quoteKey, priced);
        if (changes.length > 0) throw new AppError('QUOTE_CHANGED', { changes });
      }
      const placed: OrderRow[] = [];
      const itemsOf = new Map<string, OrderItemRow[]>();
      for (const order of priced) {
        const sellerId = order.sellerId;
        const seller = await d.catalogue.requireOpenSeller(sellerId, tx);
        const orderId = newId();
        const items: OrderItemRow[] = order.lines.map(({ item, count, goods, freight }) => ({
          id: newId(),
          orderId,
          sellerGoodsId: item.sellerGoodsId,
          attrId: item.attrId,
          attrName: item.attrName,
          name: item.name,
          imgUrl: item.imgUrl1,
          unitPrice: item.unitPrice,
          quantity: count,
          freight,
          subtotal: goods + freight,
          reviewed: false,
        }));
        const { goodsAmount, freight, tax, handlingFee, discount, total } = order;
        const row: OrderRow = {
          id: orderId,
          serialNo: serialNo(now),
          brand,
          userId,
          sellerId,
          sellerName: seller.name,
          sellerOwnerUserId: seller.ownerUserId,
          status: ORDER_STATUS.pendingPayment,
          refundStatus: REFUND_STATUS.none,
          payMethod: null,
          goodsAmount,
          freight,
          tax,
          discount,
          handlingFee,
          total,
          paidAmount: 0n,
          refundedAmount: 0n,
          receiver: {
            name: address.name,
            email: address.email,
            areaCode: address.areaCode,
            phone: address.phone,
            nation: address.nation,
            state: address.state,
            city: address.city,
            postCode: address.postCode,
            address: address.address,
          },
          remark,
          cancelReason: null,
          cancelText: '',
          returnReason: null,
          returnAmount: null,
          returnRemark: '',
          returnImages: [],
          refundFromStatus: null,
          remindedAt: null,
          paidAt: null,
          confirmedAt: null,
          shippedAt: null,
          receivedAt: null,
          reviewedAt: null,
          settledAt: null,
          closedAt: null,
          createdAt: now,
        };
        await d.orders.repository.insertOrder(tx, { row, items });
        await d.orders.repository.insertEvent(tx, orderId, 'placed', userId, '', now);
        await d.jobs.schedule(tx, {
          type: ORDER_JOBS.autoCancel,
          payload: { orderId },
          runAt: now + cancelMinutes * 60_000,
          dedupeKey: `${ORDER_JOBS.autoCancel}:${orderId}`,
        });
        await d.notifications?.orderPlaced(tx, row, now + cancelMinutes * 60_000, now);
        placed.push(row);
        itemsOf.set(orderId, items);
      }
      await d.orders.repository.setSubmissionOrders(
        tx,
        userId,
        input.submitKey,
        placed.map((o) => o.id),
      );
      // The answer is made from the rows just written, not read back.
      return answerOf(d, ctx, tx, placed, itemsOf);
    }),
  );
}

/** A submit that lost to the database's own contention (after the retries) failed; it may be sent again. */
async function submitting<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'SQLITE_BUSY' || code === '40001' || code === '40P01') throw new AppError('SUBMIT_FAILED');
    throw error;
  }
}

async function answer(
  d: OrderFlowDeps,
  ctx: RequestContext,
  tx: Executor,
  orderIds: readonly string[],
): Promise<SubmitOrdersDto> {
  const rows = await d.orders.repository.findMany(tx, orderIds);
  return answerOf(d, ctx, tx, rows, await d.orders.repository.items(tx, orderIds));
}

async function answerOf(
  d: OrderFlowDeps,
  ctx: RequestContext,
  tx: Executor,
  rows: readonly OrderRow[],
  items: ReadonlyMap<string, OrderItemRow[]>,
): Promise<SubmitOrdersDto> {
  return {
    orders: await d.orders.dtosWith(ctx.brand, rows, items, tx),
    total: formatMoney(rows.reduce((sum, r) => sum + r.total, 0n)),
  };
}
