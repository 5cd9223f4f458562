/**
 * The hooks other modules call, each in the transaction of the change it reports: one call per
 * event, with the row the caller already holds (structural types, so no module imports another's
 * row types). Everything about wording lives in the storefront's locale files.
 */
import { formatMoney, ORDER_STATUS, type OrderEventType, toWireTime } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import type { NewNotification, NotificationsService } from './notifications.service.ts';

const DAY_MS = 86_400_000;
/** How long before an unpaid order is cancelled its buyer is warned (at most half its window). */
export const UNPAID_WARNING_BEFORE_MS = 15 * 60_000;
/** How long before an instalment falls due its borrower is reminded (at most half its period). */
export const INSTALMENT_REMINDER_BEFORE_MS = 3 * DAY_MS;

export const GUARD_ORDER_UNPAID = 'order.unpaid';
export const GUARD_INSTALMENT_OPEN = 'loan.instalmentOpen';

interface Owned {
  id: string;
  brand: string;
  userId: string;
  serialNo: string;
}

export interface OrderLike extends Owned {
  status: number;
  total: bigint;
  paidAmount: bigint;
  refundedAmount: bigint;
}

const ORDER_KINDS: Partial<Record<OrderEventType, NewNotification['kind']>> = {
  paid: 'order.paid',
  shipped: 'order.shipped',
  systemShipped: 'order.shipped',
  received: 'order.received',
  autoReceived: 'order.received',
  refundSucceeded: 'order.refunded',
  platformRefund: 'order.refunded',
  refundFailed: 'order.refundFailed',
  timeoutCancelled: 'order.cancelledUnpaid',
};

export class NotificationEvents {
  constructor(private readonly notifications: NotificationsService) {}

  /** The order state machine's observer: every change of an order a buyer cares about. */
  async orderChanged(tx: Executor, order: OrderLike, event: OrderEventType): Promise<void> {
    const kind = ORDER_KINDS[event];
    if (!kind) return;
    const amount =
      kind === 'order.refunded'
        ? order.refundedAmount
        : order.paidAmount > 0n
          ? order.paidAmount
          : order.total;
    await this.notifications.record(tx, {
      brand: order.brand,
      userId: order.userId,
      kind,
      params: { serialNo: order.serialNo, amount: formatMoney(amount) },
      source: { type: 'order', id: order.id },
      // No dedupe key: each change happens once (the state machine's conditional update), and a
      // refund may fail, be asked again and fail again: two notifications.
    });
  }

  /** A new unpaid order: its buyer is warned shortly before it is cancelled, if still unpaid then. */
  async orderPlaced(tx: Executor, order: OrderLike, cancelAt: number, now: number): Promise<void> {
    if (order.status !== ORDER_STATUS.pendingPayment) return;
    const before = Math.min(UNPAID_WARNING_BEFORE_MS, Math.floor((cancelAt - now) / 2));
    await this.notifications.later(
      tx,
      {
        brand: order.brand,
        userId: order.userId,
        kind: 'order.unpaidWarning',
        params: {
          serialNo: order.serialNo,
          amount: formatMoney(order.total),
          cancelTime: toWireTime(cancelAt),
        },
        source: { type: 'order', id: order.id },
        dedupeKey: `order.unpaidWarning:${order.id}`,
      },
      cancelAt - before,
      GUARD_ORDER_UNPAID,
    );
  }

  async depositCredited(tx: Executor, deposit: Owned, credited: bigint): Promise<void> {
    await this.wallet(tx, deposit, 'deposit.credited', 'deposit', credited);
  }

  async depositRefused(tx: Executor, deposit: Owned & { amountClaimed: bigint }): Promise<void> {
    await this.wallet(tx, deposit, 'deposit.refused', 'deposit', deposit.amountClaimed);
  }

  async withdrawalPaid(tx: Executor, withdrawal: Owned & { amount: bigint }): Promise<void> {
    await this.wallet(tx, withdrawal, 'withdrawal.paid', 'withdrawal', withdrawal.amount);
  }

  async withdrawalRefused(tx: Executor, withdrawal: Owned & { amount: bigint }): Promise<void> {
    await this.wallet(tx, withdrawal, 'withdrawal.refused', 'withdrawal', withdrawal.amount);
  }

  private async wallet(
    tx: Executor,
    row: Owned,
    kind: NewNotification['kind'],
    type: 'deposit' | 'withdrawal',
    amount: bigint,
  ): Promise<void> {
    await this.notifications.record(tx, {
      brand: row.brand,
      userId: row.userId,
      kind,
      params: { serialNo: row.serialNo, amount: formatMoney(amount) },
      source: { type, id: row.id },
      dedupeKey: `${kind}:${row.id}`,
    });
  }

  /** An approved loan, and a reminder before each instalment falls due (if still unpaid then). */
  async loanApproved(
    tx: Executor,
    loan: Owned & { amount: bigint },
    instalments: readonly {
      seq: number;
      dueAt: number;
      periodDays: number;
      principal: bigint;
      interest: bigint;
    }[],
  ): Promise<void> {
    await this.loan(tx, loan, 'loan.approved', {});
    for (const i of instalments) {
      const before = Math.min(INSTALMENT_REMINDER_BEFORE_MS, Math.floor((i.periodDays * DAY_MS) / 2));
      await this.notifications.later(
        tx,
        {
          brand: loan.brand,
          userId: loan.userId,
          kind: 'loan.instalmentDue',
          params: {
            serialNo: loan.serialNo,
            seq: String(i.seq),
            amount: formatMoney(i.principal + i.interest),
            dueTime: toWireTime(i.dueAt),
          },
          source: { type: 'loan', id: loan.id },
          dedupeKey: `loan.instalmentDue:${loan.id}:${i.seq}`,
        },
        i.dueAt - before,
        GUARD_INSTALMENT_OPEN,
      );
    }
  }

  async loanRefused(tx: Executor, loan: Owned & { amount: bigint }, reason: string): Promise<void> {
    await this.loan(tx, loan, 'loan.refused', { reason });
  }

  private async loan(
    tx: Executor,
    loan: Owned & { amount: bigint },
    kind: NewNotification['kind'],
    extra: Record<string, string>,
  ): Promise<void> {
    await this.notifications.record(tx, {
      brand: loan.brand,
      userId: loan.userId,
      kind,
      params: { serialNo: loan.serialNo, amount: formatMoney(loan.amount), ...extra },
      source: { type: 'loan', id: loan.id },
      dedupeKey: `${kind}:${loan.id}`,
    });
  }

  /** A real-name or C3 verification decided by risk. */
  async verificationReviewed(
    tx: Executor,
    v: { id: string; brand: string; user_id: string; kind: string },
    approved: boolean,
    remark: string,
  ): Promise<void> {
    const level = v.kind === 'realname' ? 'realname' : 'c3';
    await this.notifications.record(tx, {
      brand: v.brand,
      userId: v.user_id,
      kind: `verification.${level}${approved ? 'Approved' : 'Refused'}`,
      params: remark ? { remark } : {},
      source: { type: 'verification', id: v.id },
      dedupeKey: `verification:${v.id}`,
    });
  }

  /**
   * An agent answered a signed-in user's conversation. One unread "answered" per conversation: a
   * conversation held live does not fill the message centre, and the next answer after reading does.
   */
  async chatAnswered(
    tx: Executor,
    c: { id: string; brand: string; userId: string | null },
    seq: number,
  ): Promise<void> {
    if (!c.userId) return;
    if (await this.notifications.hasUnread(tx, c.userId, 'chat.answered', c.id)) return;
    await this.notifications.record(tx, {
      brand: c.brand,
      userId: c.userId,
      kind: 'chat.answered',
      params: { seq: String(seq) },
      source: { type: 'chat', id: c.id },
      dedupeKey: `chat.answered:${c.id}:${seq}`,
    });
  }
}
