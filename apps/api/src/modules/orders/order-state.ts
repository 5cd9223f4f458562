/**
 * The order state machine (DESIGN §6): the one place with the rules of what may happen to an order
 * in which state, and the only code that changes `status` or `refund_status`. Every change is one
 * conditional UPDATE on the state it was decided from (so of a payment and a cancellation racing,
 * exactly one happens) and writes its history event (SPEC §4) in the same transaction.
 */

import type { ErrorKey } from '@mall/contract';
import { type OrderEventType, REFUND_STATUS as R, ORDER_STATUS as S } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { OrderRow, OrdersRepository, TimestampColumn } from './orders.repository.ts';

/** Told of every change in its transaction (the message centre). */
export type OrderObserver = (tx: Executor, order: OrderRow, event: OrderEventType) => Promise<void>;

export type OrderAction =
  | 'pay'
  | 'cancel'
  | 'timeoutCancel'
  | 'merchantConfirm'
  | 'ship'
  | 'systemShip'
  | 'receive'
  | 'autoReceive'
  | 'review'
  | 'defaultReview'
  | 'requestRefund'
  | 'requestReturn'
  | 'refundSucceed'
  | 'refundFail'
  | 'platformRefund'
  | 'remind'
  | 'settle';

interface Rule {
  /** Statuses the action is allowed from. */
  from: readonly number[];
  /** Refund statuses it is allowed from (any when absent). */
  refundFrom?: readonly number[];
  /** The new status: a number, the same, or back to where a refund request came from. */
  to: number | 'same' | 'back';
  refundTo?: number;
  event: OrderEventType;
  /** A second event of the same change, written after the first when the order as it was qualifies. */
  also?: { event: OrderEventType; when(order: OrderRow): boolean };
  /** A timestamp column set to now. */
  stamp?: TimestampColumn;
  /** Why it is refused, judged on the order as it is. */
  refuse(order: OrderRow): ErrorKey;
}

const PAID = [S.paid, S.stocking] as const;
const NOT_REFUNDING = [R.none, R.failed] as const;
const invalid = (): ErrorKey => 'ORDER_STATUS_INVALID';
const refundOr =
  (key: ErrorKey) =>
  (o: OrderRow): ErrorKey =>
    o.refundStatus === R.refunding ? 'REFUND_IN_PROGRESS' : key;

export const RULES: Record<OrderAction, Rule> = {
  pay: {
    from: [S.pendingPayment],
    to: S.paid,
    event: 'paid',
    stamp: 'paid_at',
    refuse: (o) => (o.status === S.cancelled ? 'ORDER_CANCELLED' : 'ORDER_ALREADY_PAID'),
  },
  cancel: {
    from: [S.pendingPayment],
    to: S.cancelled,
    event: 'cancelled',
    stamp: 'closed_at',
    refuse: () => 'ONLY_PENDING_CANCEL',
  },
  timeoutCancel: {
    from: [S.pendingPayment],
    to: S.cancelled,
    event: 'timeoutCancelled',
    stamp: 'closed_at',
    refuse: () => 'ONLY_PENDING_CANCEL',
  },
  merchantConfirm: {
    from: [S.paid],
    refundFrom: NOT_REFUNDING,
    to: S.stocking,
    event: 'merchantConfirmed',
    stamp: 'confirmed_at',
    refuse: refundOr('ORDER_STATUS_INVALID'),
  },
  ship: {
    from: PAID,
    refundFrom: NOT_REFUNDING,
    to: S.shipped,
    event: 'shipped',
    stamp: 'shipped_at',
    refuse: refundOr('ORDER_STATUS_INVALID'),
  },
  // The platform ships for the store (SPEC §4 "system shipped"): the same change, its own event.
  systemShip: {
    from: PAID,
    refundFrom: NOT_REFUNDING,
    to: S.shipped,
    event: 'systemShipped',
    stamp: 'shipped_at',
    refuse: refundOr('ORDER_STATUS_INVALID'),
  },
  receive: { from: [S.shipped], to: S.received, event: 'received', stamp: 'received_at', refuse: invalid },
  autoReceive: {
    from: [S.shipped],
    to: S.received,
    event: 'autoReceived',
    stamp: 'received_at',
    refuse: invalid,
  },
  review: {
    from: [S.received],
    to: S.reviewed,
    event: 'reviewed',
    stamp: 'reviewed_at',
    refuse: (o) => (o.status === S.reviewed ? 'ORDER_ALREADY_REVIEWED' : 'ORDER_STATUS_INVALID'),
  },
  defaultReview: {
    from: [S.received],
    to: S.reviewed,
    event: 'defaultReview',
    stamp: 'reviewed_at',
    refuse: (o) => (o.status === S.reviewed ? 'ORDER_ALREADY_REVIEWED' : 'ORDER_STATUS_INVALID'),
  },
  // Before shipping: money back, nothing to send back.
  requestRefund: {
    from: PAID,
    refundFrom: NOT_REFUNDING,
    to: 'same',
    refundTo: R.refunding,
    event: 'refundRequested',
    refuse: (o) =>
      o.refundStatus === R.refunding
        ? 'REFUND_IN_PROGRESS'
        : o.status === S.shipped
          ? 'REFUND_AFTER_SHIPPING'
          : o.status === S.cancelled
            ? 'ORDER_CLOSED'
            : 'ORDER_STATUS_INVALID',
  },
  // After receipt, within the return window (checked by the caller with the clock).
  requestReturn: {
    from: [S.received, S.reviewed],
    refundFrom: NOT_REFUNDING,
    to: 'same',
    refundTo: R.refunding,
    event: 'returnRequested',
    refuse: (o) =>
      o.refundStatus === R.refunding
        ? 'REFUND_IN_PROGRESS'
        : o.status === S.shipped
          ? 'REFUND_AFTER_SHIPPING'
          : 'ORDER_STATUS_INVALID',
  },
  refundSucceed: {
    from: [S.paid, S.stocking, S.received, S.reviewed],
    refundFrom: [R.refunding],
    to: S.refunded,
    refundTo: R.succeeded,
    event: 'refundSucceeded',
    stamp: 'closed_at',
    refuse: invalid,
  },
  refundFail: {
    from: [S.paid, S.stocking, S.received, S.reviewed],
    refundFrom: [R.refunding],
    to: 'back',
    refundTo: R.failed,
    event: 'refundFailed',
    refuse: invalid,
  },
  // The platform may refund any paid order that has not been refunded yet.
  platformRefund: {
    from: [S.paid, S.stocking, S.shipped, S.received, S.reviewed],
    to: S.refunded,
    refundTo: R.succeeded,
    event: 'platformRefund',
    stamp: 'closed_at',
    refuse: (o) => (o.status === S.refunded ? 'ORDER_CLOSED' : 'ORDER_STATUS_INVALID'),
  },
  remind: {
    from: PAID,
    to: 'same',
    event: 'reminded',
    stamp: 'reminded_at',
    refuse: invalid,
  },
  settle: {
    from: [S.received, S.reviewed, S.refunded],
    refundFrom: [R.none, R.failed, R.succeeded],
    to: 'same',
    event: 'settled',
    // The return window is over and the seller paid: a delivered order is completed (SPEC §4); a
    // refunded one was closed by its refund.
    also: { event: 'completed', when: (o) => o.status === S.received || o.status === S.reviewed },
    stamp: 'settled_at',
    refuse: refundOr('ORDER_STATUS_INVALID'),
  },
};

export interface TransitionOptions {
  actorId: string | null;
  note?: string;
  /** Other columns changed with the state (reasons, amounts), in the same UPDATE. */
  patch?: Parameters<OrdersRepository['changeState']>[2]['patch'];
}

export class OrderStateMachine {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly clock: Clock,
    private readonly observe?: OrderObserver,
  ) {}

  /** Whether `action` is allowed on the order as it is now. */
  allows(order: OrderRow, action: OrderAction): boolean {
    const rule = RULES[action];
    if (!rule.from.includes(order.status)) return false;
    if (rule.refundFrom && !rule.refundFrom.includes(order.refundStatus)) return false;
    if (action === 'remind' && order.remindedAt !== null) return false;
    if (action === 'settle' && order.settledAt !== null) return false;
    return true;
  }

  private refusal(order: OrderRow, action: OrderAction): AppError {
    if (action === 'remind' && order.remindedAt !== null && RULES.remind.from.includes(order.status)) {
      return new AppError('ORDER_ALREADY_REMINDED');
    }
    return new AppError(RULES[action].refuse(order));
  }

  /**
   * Applies `action` to the order in `tx`, decided on `order` as read in the same transaction.
   * Throws the rule's catalogue error when it is not allowed, also when someone else changed the
   * order in between. Answers the order as it is afterwards.
   */
  async apply(
    tx: Executor,
    order: OrderRow,
    action: OrderAction,
    options: TransitionOptions,
  ): Promise<OrderRow> {
    if (!this.allows(order, action)) throw this.refusal(order, action);
    const rule = RULES[action];
    const now = this.clock.now();
    const status =
      rule.to === 'same'
        ? order.status
        : rule.to === 'back'
          ? (order.refundFromStatus ?? order.status)
          : rule.to;
    const refundStatus = rule.refundTo ?? order.refundStatus;
    const changed = await this.repository.changeState(tx, order, {
      status,
      refundStatus,
      stamp: rule.stamp,
      now,
      patch: {
        ...(action === 'requestRefund' || action === 'requestReturn'
          ? { refund_from_status: order.status }
          : {}),
        ...options.patch,
      },
    });
    if (!changed) {
      const latest = await this.repository.findById(tx, order.id);
      throw latest ? this.refusal(latest, action) : new AppError('ORDER_NOT_FOUND');
    }
    await this.repository.insertEvent(tx, order.id, rule.event, options.actorId, options.note ?? '', now);
    if (rule.also?.when(order)) {
      await this.repository.insertEvent(tx, order.id, rule.also.event, options.actorId, '', now);
    }
    await this.observe?.(tx, changed, rule.event);
    return changed;
  }
}
