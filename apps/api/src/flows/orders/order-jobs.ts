/** The orders' durable timeouts (DESIGN §6): each handler re-reads the order and is idempotent. */
import { cancelUnpaid } from './cancel-order.ts';
import { ORDER_JOBS, type OrderFlowDeps } from './deps.ts';
import { receiveAutomatically } from './fulfil-order.ts';
import { reviewByDefault } from './review-order.ts';
import { settleOrder } from './settle-order.ts';

const orderIdOf = (payload: unknown): string | undefined => {
  const id = (payload as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id : undefined;
};

export function registerOrderJobs(d: OrderFlowDeps): void {
  const handlers: Record<string, (orderId: string) => Promise<void>> = {
    [ORDER_JOBS.autoCancel]: (id) => cancelUnpaid(d, id),
    [ORDER_JOBS.autoReceive]: (id) => receiveAutomatically(d, id),
    [ORDER_JOBS.defaultReview]: (id) => reviewByDefault(d, id),
    [ORDER_JOBS.settle]: (id) => settleOrder(d, id),
  };
  for (const [type, run] of Object.entries(handlers)) {
    d.jobs.register(type, async (payload) => {
      const id = orderIdOf(payload);
      if (id) await run(id);
    });
  }
}
