/**
 * Moving a paid order to the buyer: the seller confirms and stocks it, ships it with a carrier and
 * tracking number, adds logistics events; the buyer may remind once, and confirms receipt (or the
 * system does, days after shipping). Receipt starts the return window and schedules the default
 * review and the seller's settlement.
 */
import { ORDER_STATUS, type OrderDto } from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { OrderRow } from '../../modules/orders/index.ts';
import { auditOrder } from './audit-order.ts';
import { DAY_MS, intParam, ORDER_JOBS, type OrderFlowDeps } from './deps.ts';

/** The order as its store's owner (or an admin) may act on it. */
async function sellersOrder(
  d: OrderFlowDeps,
  tx: Executor,
  ctx: RequestContext,
  orderId: string,
  lock = true,
): Promise<OrderRow> {
  const actor = actorOf(ctx);
  if (actor.roles.includes('admin')) {
    const order = await d.orders.repository.findById(tx, orderId, lock);
    if (!order || order.brand !== ctx.brand.key) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }
  return d.orders.storeOrder(tx, actor.userId, orderId, lock);
}

export { sellersOrder };

async function one(d: OrderFlowDeps, ctx: RequestContext, tx: Executor, row: OrderRow): Promise<OrderDto> {
  const [dto] = await d.orders.toDtos(ctx.brand, [row], tx);
  return dto!;
}

export async function remindSeller(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<OrderDto> {
  const { userId } = actorOf(ctx);
  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.ownOrder(tx, userId, orderId, true);
    return one(d, ctx, tx, await d.state.apply(tx, order, 'remind', { actorId: userId }));
  });
}

export async function confirmStocking(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<OrderDto> {
  return inTransaction(d.db, async (tx) => {
    const order = await sellersOrder(d, tx, ctx, orderId);
    const after = await d.state.apply(tx, order, 'merchantConfirm', { actorId: actorOf(ctx).userId });
    await auditOrder(d, tx, ctx, 'confirm', { before: order, after });
    return one(d, ctx, tx, after);
  });
}

export interface ShipInput {
  carrier: string;
  trackingNo: string;
  content?: string | undefined;
  location?: string | undefined;
}

export async function shipOrder(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  input: ShipInput,
): Promise<OrderDto> {
  const receiveDays = await intParam(d, ctx.brand.key, 'order_auto_receive_days');
  return inTransaction(d.db, async (tx) => {
    const order = await sellersOrder(d, tx, ctx, orderId);
    const now = d.clock.now();
    const actorId = actorOf(ctx).userId;
    // An admin shipping another's store's order is the platform shipping it ("system shipped").
    const action = order.sellerOwnerUserId === actorId ? 'ship' : 'systemShip';
    const after = await d.state.apply(tx, order, action, {
      actorId,
      note: `${input.carrier} ${input.trackingNo}`,
    });
    await d.orders.repository.addLogistics(
      tx,
      order.id,
      {
        carrier: input.carrier,
        trackingNo: input.trackingNo,
        content: input.content?.trim() || 'Shipped: handed to the carrier',
        location: input.location?.trim() ?? '',
        eventAt: now,
      },
      now,
    );
    await d.jobs.schedule(tx, {
      type: ORDER_JOBS.autoReceive,
      payload: { orderId: order.id },
      runAt: now + receiveDays * DAY_MS,
      dedupeKey: `${ORDER_JOBS.autoReceive}:${order.id}`,
    });
    const shipped = { carrier: input.carrier, trackingNo: input.trackingNo };
    await auditOrder(
      d,
      tx,
      ctx,
      action === 'ship' ? 'ship' : 'system-ship',
      { before: order, after },
      shipped,
    );
    return one(d, ctx, tx, after);
  });
}

export async function addLogistics(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
  input: ShipInput & { content: string },
) {
  return inTransaction(d.db, async (tx) => {
    const order = await sellersOrder(d, tx, ctx, orderId);
    if (order.shippedAt === null) throw new AppError('ORDER_STATUS_INVALID');
    const now = d.clock.now();
    await d.orders.repository.addLogistics(
      tx,
      order.id,
      {
        carrier: input.carrier,
        trackingNo: input.trackingNo,
        content: input.content,
        location: input.location ?? '',
        eventAt: now,
      },
      now,
    );
    await d.orders.repository.insertEvent(tx, order.id, 'logistics', actorOf(ctx).userId, input.content, now);
    const event = { carrier: input.carrier, trackingNo: input.trackingNo, content: input.content };
    await auditOrder(d, tx, ctx, 'logistics', { before: order, after: order }, event);
    return d.orders.logistics(order, tx);
  });
}

/** After receipt: the default review and the settlement, when the return window ends. */
async function afterReceipt(d: OrderFlowDeps, tx: Executor, order: OrderRow, now: number): Promise<void> {
  const [reviewDays, returnDays] = await Promise.all([
    intParam(d, order.brand, 'order_default_review_days', tx),
    intParam(d, order.brand, 'order_return_days', tx),
  ]);
  await d.jobs.schedule(tx, {
    type: ORDER_JOBS.defaultReview,
    payload: { orderId: order.id },
    runAt: now + reviewDays * DAY_MS,
    dedupeKey: `${ORDER_JOBS.defaultReview}:${order.id}`,
  });
  await d.jobs.schedule(tx, {
    type: ORDER_JOBS.settle,
    payload: { orderId: order.id },
    runAt: now + returnDays * DAY_MS,
    dedupeKey: `${ORDER_JOBS.settle}:${order.id}`,
  });
}

export async function confirmReceipt(
  d: OrderFlowDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<OrderDto> {
  const { userId } = actorOf(ctx);
  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.ownOrder(tx, userId, orderId, true);
    const after = await d.state.apply(tx, order, 'receive', { actorId: userId });
    await afterReceipt(d, tx, after, d.clock.now());
    return one(d, ctx, tx, after);
  });
}

/** Days after shipping without the buyer's confirmation (a durable job): received by the system. */
export async function receiveAutomatically(d: OrderFlowDeps, orderId: string): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    const order = await d.orders.repository.findById(tx, orderId, true);
    if (!order || order.status !== ORDER_STATUS.shipped) return;
    const after = await d.state.apply(tx, order, 'autoReceive', { actorId: null });
    await afterReceipt(d, tx, after, d.clock.now());
  });
}
