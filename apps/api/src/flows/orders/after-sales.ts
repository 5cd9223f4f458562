/**
 * Refunds and returns. Before shipping the buyer may ask for a refund; after receipt, a return
 * within the return window, with one of the nine SPEC reasons, an amount never over what was paid
 * and not yet refunded, a remark and up to nine pictures. Shipped but not received: no refund
 * (SPEC). The store's owner (or the platform) approves, moving the money escrow → buyer on the
 * ledger and putting unshipped stock back, or refuses, and the order goes back to where it was.
 * The platform may also refund on its own initiative.
 */
import {
  AFTER_SALES_REASONS,
  formatMoney,
  LIMITS,
  type OrderDto,
  parseMoney,
  ORDER_STATUS as S,
} from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import type { OrderRow } from '../../modules/orders/index.ts';
import { auditOrder } from './audit-order.ts';
import { releaseStock } from './cancel-order.ts';
import { DAY_MS, intParam, ORDER_JOBS, type OrderFlowDeps } from './deps.ts';
import { sellersOrder } from './fulfil-order.ts';

export interface RefundRequest {
  orderId: string;
  reason: number;
  /** Decimal string; absent means everything not refunded yet. */
  amount?: string | number | undefined;
  remark?: string | undefined;
  images?: readonly string[] | undefined;
}

const refundable = (o: OrderRow) => o.paidAmount - o.refundedAmount;

export async function requestRefund(
  d: OrderFlowDeps,
  ctx: RequestContext,
  input: RefundRequest,
): Promise<OrderDto> {
  const { userId } = actorOf(ctx);
  if (!Number.isInteger(input.reason) || input.reason < 0 || input.reason >= AFTER_SALES_REASONS.length) {
    throw new AppError('PARAMETER_ERROR', { field: 'reason' });
  }
  const images = input.images ?? [];
  if (images.length > LIMITS.reviewImagesMax) throw new AppError('REVIEW_IMAGES_LIMIT');
  const imageUrls: string[] = [];
  for (const image of images) imageUrls.push(await d.uploads.ownImageUrl(ctx.brand.key, userId, image));
  const returnDays = await intParam(d, ctx.brand.key, 'order_return_days');

  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.ownOrder(tx, userId, input.orderId, true);
    let amount = refundable(order);
    if (input.amount !== undefined && input.amount !== '') {
      const parsed = parseMoney(input.amount);
      if (!parsed.ok || parsed.units <= 0n) throw new AppError('AMOUNT_FORMAT');
      amount = parsed.units;
    }
    if (amount > refundable(order))
      throw new AppError('RETURN_AMOUNT_TOO_HIGH', { max: formatMoney(refundable(order)) });
    const received = order.status === S.received || order.status === S.reviewed;
    // Settled means the escrow went to the seller: the window is over even if the param grew since.
    const windowEnd = (order.receivedAt ?? 0) + returnDays * DAY_MS;
    if (received && (order.settledAt !== null || windowEnd < d.clock.now())) {
      throw new AppError('RETURN_WINDOW_CLOSED');
    }
    const after = await d.state.apply(tx, order, received ? 'requestReturn' : 'requestRefund', {
      actorId: userId,
      note: input.remark ?? '',
      patch: {
        return_reason: input.reason,
        return_amount: amount,
        return_remark: (input.remark ?? '').trim().slice(0, 500),
        return_images: JSON.stringify(imageUrls),
      },
    });
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}

/** Money back to the buyer (escrow → wallet) and, for unshipped goods, stock back on the shelf. */
async function refund(d: OrderFlowDeps, tx: Executor, order: OrderRow, amount: bigint): Promise<void> {
  if (amount > 0n) {
    await d.ledger.transfer(tx, {
      id: `refund:${order.id}:${order.refundedAmount}`,
      debit: ledgerAccounts.escrow(order.id),
      credit: ledgerAccounts.wallet(order.userId),
      amount,
      kind: 'refund',
      reference: order.id,
      memo: order.serialNo,
    });
  }
  const shipped = order.shippedAt !== null;
  if (!shipped) {
    await releaseStock(d, tx, order);
    const items = (await d.orders.repository.items(tx, [order.id])).get(order.id) ?? [];
    for (const item of items) await d.catalogue.recordSold(tx, item.sellerGoodsId, -item.quantity);
  }
  // What is left in escrow (a partial refund) goes to the seller: at once when nothing was
  // received (no return window), else when the return window ends (already scheduled).
  if (order.receivedAt === null && refundable(order) - amount > 0n) {
    await d.jobs.schedule(tx, {
      type: ORDER_JOBS.settle,
      payload: { orderId: order.id },
      runAt: d.clock.now(),
      dedupeKey: `${ORDER_JOBS.settle}:${order.id}`,
    });
  }
}

export async function approveRefund(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  note: string,
): Promise<OrderDto> {
  return inTransaction(d.db, async (tx) => {
    const order = await sellersOrder(d, tx, ctx, orderId);
    const amount = order.returnAmount ?? refundable(order);
    const after = await d.state.apply(tx, order, 'refundSucceed', {
      actorId: actorOf(ctx).userId,
      note,
      patch: { refunded_amount: order.refundedAmount + amount },
    });
    await refund(d, tx, order, amount);
    const refunded = formatMoney(amount);
    await auditOrder(d, tx, ctx, 'refund-approve', { before: order, after }, { refunded, note });
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}

export async function refuseRefund(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  note: string,
): Promise<OrderDto> {
  return inTransaction(d.db, async (tx) => {
    const order = await sellersOrder(d, tx, ctx, orderId);
    const after = await d.state.apply(tx, order, 'refundFail', { actorId: actorOf(ctx).userId, note });
    await auditOrder(d, tx, ctx, 'refund-refuse', { before: order, after }, { note });
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}

/** The platform refunds on its own initiative (admin): everything still in escrow, audited. */
export async function platformRefund(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  note: string,
): Promise<OrderDto> {
  const actor = actorOf(ctx);
  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.repository.findById(tx, orderId, true);
    if (!order || order.brand !== ctx.brand.key) throw new AppError('ORDER_NOT_FOUND');
    const inEscrow = (await d.ledger.balanceOf(tx, ledgerAccounts.escrow(order.id))).balance;
    // Once the seller has been paid there is nothing left to give back ("order completed").
    if (inEscrow === 0n && order.settledAt !== null) throw new AppError('ORDER_CLOSED');
    const after = await d.state.apply(tx, order, 'platformRefund', {
      actorId: actor.userId,
      note,
      patch: { refunded_amount: order.refundedAmount + inEscrow },
    });
    await refund(d, tx, order, inEscrow);
    const refunded = formatMoney(inEscrow);
    await auditOrder(d, tx, ctx, 'platform-refund', { before: order, after }, { refunded, note });
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}
