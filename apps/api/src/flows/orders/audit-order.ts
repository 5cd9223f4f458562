/**
 * Staff moves on an order (the seller's confirm, ship, logistics and refund decisions, or an
 * admin's for the platform) go to the audit log (DESIGN §7) beside the order's own history, in
 * the same transaction: who, what, when, and the order's states before and after.
 */
import type { Executor } from '../../core/db/database.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { OrderRow } from '../../modules/orders/index.ts';
import type { OrderFlowDeps } from './deps.ts';

export async function auditOrder(
  d: OrderFlowDeps,
  tx: Executor,
  ctx: RequestContext,
  action: string,
  rows: { before: OrderRow; after: OrderRow },
  details: Record<string, unknown> = {},
): Promise<void> {
  const state = (o: OrderRow) => ({ status: o.status, refundStatus: o.refundStatus });
  await d.audit.record(tx, {
    brand: ctx.brand.key,
    actorId: actorOf(ctx).userId,
    action: `order.${action}`,
    targetType: 'order',
    targetId: rows.before.id,
    before: state(rows.before),
    after: { ...state(rows.after), ...details },
  });
}
