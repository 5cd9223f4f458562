/**
 * Paying the seller when the return window ends (a durable job): what is left in the order's escrow
 * goes to the store owner's wallet, minus the platform's commission (rounded down to the atomic
 * unit), in one transaction, once. An open return postpones it by a day at a time.
 */
import { REFUND_STATUS } from '@mall/contract';
import { inTransaction } from '../../core/db/database.ts';
import { centsDown } from '../../core/money-rounding.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import { basisPoints, DAY_MS, intParam, ORDER_JOBS, type OrderFlowDeps } from './deps.ts';

/** The wallet a store is paid into: its owner's, or the store's own until it has an owner. */
export function storeWallet(sellerOwnerUserId: string | null, sellerId: string) {
  return ledgerAccounts.wallet(sellerOwnerUserId ?? `store-${sellerId}`);
}

export async function settleOrder(d: OrderFlowDeps, orderId: string): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    const order = await d.orders.repository.findById(tx, orderId, true);
    if (!order || order.settledAt !== null) return;
    if (order.refundStatus === REFUND_STATUS.refunding) {
      await d.jobs.schedule(tx, {
        type: ORDER_JOBS.settle,
        payload: { orderId },
        runAt: d.clock.now() + DAY_MS,
        dedupeKey: `${ORDER_JOBS.settle}:${orderId}:${d.clock.now()}`,
      });
      return;
    }
    if (!d.state.allows(order, 'settle')) return;
    const escrow = ledgerAccounts.escrow(order.id);
    const remaining = (await d.ledger.balanceOf(tx, escrow)).balance;
    if (remaining > 0n) {
      const commission = centsDown(
        basisPoints(remaining, await intParam(d, order.brand, 'seller_commission_bp', tx)),
      );
      if (commission > 0n) {
        await d.ledger.transfer(tx, {
          id: `commission:${order.id}`,
          debit: escrow,
          credit: ledgerAccounts.platform('commission'),
          amount: commission,
          kind: 'commission',
          reference: order.id,
          memo: order.serialNo,
        });
      }
      if (remaining - commission > 0n) {
        await d.ledger.transfer(tx, {
          id: `settle:${order.id}`,
          debit: escrow,
          credit: storeWallet(order.sellerOwnerUserId, order.sellerId),
          amount: remaining - commission,
          kind: 'settle',
          reference: order.id,
          memo: order.serialNo,
        });
      }
    }
    await d.state.apply(tx, order, 'settle', { actorId: null });
  });
}
