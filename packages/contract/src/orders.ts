/** Orders (issue 6): statuses, reasons, DTOs shared by the API and the storefront. Types and constants only. */

/** SPEC §4 / DESIGN §6 order statuses. */
export const ORDER_STATUS = {
  cancelled: -1,
  pendingPayment: 0,
  paid: 1,
  stocking: 2,
  shipped: 3,
  received: 4,
  reviewed: 5,
  refunded: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const REFUND_STATUS = { none: 0, refunding: 1, succeeded: 2, failed: 3 } as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** SPEC §9 cancel reasons, by code. */
export const CANCEL_REASONS = [
  'dontWant',
  'wrongProduct',
  'duplicateOrder',
  'cannotReceive',
  'other',
] as const;

/** SPEC §9 after-sales reasons (nine), by code. */
export const AFTER_SALES_REASONS = [
  'notReceived',
  'dislike',
  'wrongGoods',
  'fakeBrand',
  'missingItems',
  'damaged',
  'qualityProblem',
  'negotiatedRefund',
  'other',
] as const;

/**
 * The list tabs of SPEC §2 (my-order), with the statuses each shows. `refund` (after-sales) also
 * shows every order with a refund or return asked for, whatever its status.
 */
export const ORDER_TABS = {
  all: null,
  pay: [0],
  ship: [1],
  confirmed: [2],
  receive: [3],
  received: [4, 5],
  review: [4],
  refund: [6],
  cancelled: [-1],
} as const satisfies Record<string, readonly number[] | null>;
export type OrderTab = keyof typeof ORDER_TABS;

export type PayMethod = 'balance' | 'card' | 'paypal';
export const PAY_METHODS: readonly PayMethod[] = ['balance', 'card', 'paypal'];

/** History events of SPEC §4 (the storefront translates them by type). */
export type OrderEventType =
  | 'placed'
  | 'paid'
  | 'merchantConfirmed'
  | 'shipped'
  | 'systemShipped'
  | 'logistics'
  | 'received'
  | 'autoReceived'
  | 'completed'
  | 'cancelled'
  | 'timeoutCancelled'
  | 'reminded'
  | 'refundRequested'
  | 'returnRequested'
  | 'refundSucceeded'
  | 'refundFailed'
  | 'platformRefund'
  | 'reviewed'
  | 'defaultReview'
  | 'settled';

export type ReviewRating = 'good' | 'medium' | 'bad';

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './orders.schemas.ts';
