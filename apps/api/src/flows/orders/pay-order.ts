/**
 * Paying orders (`/api/pay/order`) from the wallet: the fund password, then in one transaction for
 * every order: pending → paid (exactly once, so paying twice or paying a cancelled order is
 * refused) and its total moved wallet → the order's escrow on the ledger. Card and PayPal go through
 * payment providers that are off unless configured.
 */
import type { OrderDto, PayMethod } from '@mall/contract';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import type { OrderItemRow, OrderRow } from '../../modules/orders/index.ts';
import type { OrderFlowDeps } from './deps.ts';

/**
 * A way to pay other than the wallet (card, PayPal): it takes the payer to its own checkout and
 * confirms later, like the wallet's payment gateways. None is configured in this deployment, so
 * these methods answer PAYMENT_NOT_OPEN_IN_REGION until an operator plugs one in.
 */
export interface PaymentProvider {
  readonly method: Exclude<PayMethod, 'balance'>;
  enabledFor(brand: string): boolean;
  /** Starts the provider's checkout for the orders; answers where the payer goes. */
  checkout(ctx: RequestContext, orders: readonly OrderDto[]): Promise<{ payUrl: string }>;
}

export interface PayInput {
  orderIds: string[];
  payMethod: PayMethod;
  fundPassword: string;
}

export async function payOrders(
  d: OrderFlowDeps,
  providers: readonly PaymentProvider[],
  ctx: RequestContext,
  input: PayInput,
): Promise<{ orders: OrderDto[]; payUrl?: string }> {
  const { userId } = actorOf(ctx);
  if (input.orderIds.length === 0) throw new AppError('NO_PRODUCT_SELECTED');
  if (input.payMethod !== 'balance') {
    const provider = providers.find((p) => p.method === input.payMethod);
    if (!provider?.enabledFor(ctx.brand.key)) throw new AppError('PAYMENT_NOT_OPEN_IN_REGION');
    const orders = [];
    for (const id of input.orderIds) orders.push(await d.orders.ownOrder(d.db, userId, id));
    return {
      orders: await d.orders.toDtos(ctx.brand, orders),
      ...(await provider.checkout(ctx, await d.orders.toDtos(ctx.brand, orders))),
    };
  }
  // Check the orders exist and are the user's before asking for the password.
  for (const id of input.orderIds) await d.orders.ownOrder(d.db, userId, id);

  const outcome = await inTransaction(d.db, async (tx) => {
    // The password is checked in the payment's own transaction (one commit, not two). A wrong
    // one is answered as a value, not thrown: the transaction then commits with the count of
    // wrong entries and nothing else, as the separate check did.
    try {
      await d.accounts.verifyFundPassword(tx, userId, input.fundPassword);
    } catch (error) {
      if (error instanceof AppError) return { refusal: error };
      throw error;
    }
    await d.accounts.assertCanTransact(tx, userId);
    const paid: OrderRow[] = [];
    const itemsOf = new Map<string, OrderItemRow[]>();
    for (const id of input.orderIds) {
      const order = await d.orders.ownOrder(tx, userId, id, true);
      const after = await d.state.apply(tx, order, 'pay', {
        actorId: userId,
        patch: { pay_method: 'balance', paid_amount: order.total },
      });
      if (order.total > 0n) {
        await d.ledger.transfer(tx, {
          id: `pay:${order.id}`,
          debit: ledgerAccounts.wallet(userId),
          credit: ledgerAccounts.escrow(order.id),
          amount: order.total,
          kind: 'pay_order',
          reference: order.id,
          memo: order.serialNo,
        });
      }
      const items = (await d.orders.repository.items(tx, [order.id])).get(order.id) ?? [];
      for (const item of items) await d.catalogue.recordSold(tx, item.sellerGoodsId, item.quantity);
      itemsOf.set(order.id, items);
      paid.push(after);
    }
    // Paying changes no item: the answer is made from the items read above.
    return { orders: await d.orders.dtosWith(ctx.brand, paid, itemsOf, tx) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome;
}
