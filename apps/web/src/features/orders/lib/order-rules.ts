/**
 * What the buyer may do with an order in its state, mirroring the server's state machine
 * (apps/api/src/modules/orders/order-state.ts): the storefront only offers what the server would
 * accept; the server still decides.
 */
import {
  AFTER_SALES_REASONS,
  CANCEL_REASONS,
  fromWireTime,
  ORDER_STATUS,
  type OrderDto,
  type OrderStatus,
  type OrderTab,
  REFUND_STATUS,
} from '@mall/contract';
import { moneyUnits, unitsText } from '../../../lib/money-text.ts';

export { AFTER_SALES_REASONS, CANCEL_REASONS };

/** The my-order tabs in the order the page shows them; `?index=N` picks the N-th (0 = all). */
export const TABS: readonly OrderTab[] = [
  'all',
  'pay',
  'ship',
  'confirmed',
  'receive',
  'received',
  'review',
  'refund',
  'cancelled',
];

export type StatusName = keyof typeof ORDER_STATUS;

export function statusName(status: OrderStatus): StatusName {
  const entry = Object.entries(ORDER_STATUS).find(([, code]) => code === status);
  return (entry?.[0] ?? 'pendingPayment') as StatusName;
}

export type RefundName = 'none' | 'refunding' | 'succeeded' | 'failed';

export function refundName(status: number): RefundName {
  const entry = Object.entries(REFUND_STATUS).find(([, code]) => code === status);
  return (entry?.[0] ?? 'none') as RefundName;
}

export type OrderAction =
  | 'pay'
  | 'cancel'
  | 'remind'
  | 'refund'
  | 'receipt'
  | 'logistics'
  | 'review'
  | 'return'
  | 'buyAgain';

const S = ORDER_STATUS;

/** Until when (epoch ms) a wire time runs; undefined for none. */
export function wireMs(time: string | null | undefined): number | undefined {
  return time ? fromWireTime(time) : undefined;
}

/** The actions the buyer has on this order now, most important first. */
export function actionsFor(order: OrderDto, now: number): OrderAction[] {
  const refunding = order.refundStatus === REFUND_STATUS.refunding;
  const actions: OrderAction[] = [];
  switch (order.status) {
    case S.pendingPayment:
      actions.push('pay', 'cancel');
      break;
    case S.paid:
    case S.stocking:
      if (!order.reminded && !refunding) actions.push('remind');
      if (!refunding) actions.push('refund');
      break;
    case S.shipped:
      actions.push('receipt', 'logistics');
      break;
    case S.received:
    case S.reviewed: {
      if (order.status === S.received && order.items.some((i) => !i.reviewed)) actions.push('review');
      const until = wireMs(order.returnDeadline);
      if (!refunding && until !== undefined && now < until) actions.push('return');
      actions.push('logistics', 'buyAgain');
      break;
    }
    case S.refunded:
      if (order.shipTime) actions.push('logistics');
      actions.push('buyAgain');
      break;
    case S.cancelled:
      actions.push('buyAgain');
      break;
  }
  return actions;
}

/** Paid and not yet refunded: what a refund or return may ask for at most (decimal string). */
export function refundableText(order: OrderDto): string {
  return subtract(order.paidAmount, order.refundedAmount);
}

function subtract(a: string, b: string): string {
  const diff = (moneyUnits(a) ?? 0n) - (moneyUnits(b) ?? 0n);
  return unitsText(diff < 0n ? 0n : diff);
}

/** A refund before shipping, a return after receipt. */
export function afterSalesKind(order: OrderDto): 'refund' | 'return' {
  return order.status === S.received || order.status === S.reviewed ? 'return' : 'refund';
}
