/**
 * Cancelling unpaid orders: by the buyer with a reason (SPEC §9 reasons 0-4), or by the system when
 * the payment time runs out. Either way the reserved stock goes back, in the same transaction.
 */
import { CANCEL_REASONS, ORDER_STATUS, type OrderDto } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { OrderRow } from '../../modules/orders/index.ts';
import type { OrderFlowDeps } from './deps.ts';

async function releaseStock(d: OrderFlowDeps, tx: Executor, order: OrderRow): Promise<void> {
  const items = (await d.orders.repository.items(tx, [order.id])).get(order.id) ?? [];
  for (const item of items) {
    await d.catalogue.releaseStock(tx, {
      sellerGoodsId: item.sellerGoodsId,
      attr: item.attrId ?? (item.attrName || undefined),
      quantity: item.quantity,
    });
  }
}

export { releaseStock };

export async function cancelOrder(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  reason: number,
  text: string,
): Promise<OrderDto> {
  const { userId } = actorOf(ctx);
  if (!Number.isInteger(reason) || reason < 0 || reason >= CANCEL_REASONS.length) {
    throw new AppError('CANCEL_REASON_REQUIRED');
  }
  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.ownOrder(tx, userId, orderId, true);
    const after = await d.state.apply(tx, order, 'cancel', {
      actorId: userId,
      note: text,
      patch: { cancel_reason: reason, cancel_text: text.trim().slice(0, 200) },
    });
    await releaseStock(d, tx, order);
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}

/** The payment time ran out (a durable job): cancel and free the stock, unless it was paid meanwhile. */
export async function cancelUnpaid(d: OrderFlowDeps, orderId: string): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    const order = await d.orders.repository.findById(tx, orderId, true);
    if (!order || order.status !== ORDER_STATUS.pendingPayment) return;
    await d.state.apply(tx, order, 'timeoutCancel', { actorId: null });
    await releaseStock(d, tx, order);
  });
}
