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

export interface OrderItemDto {
  id: string;
  sellerGoodsId: string;
  name: string;
  imgUrl: string;
  /** The specification (`checkAttrName`); empty for none. */
  attrName: string;
  unitPrice: string;
  count: number;
  freight: string;
  subtotal: string;
  reviewed: boolean;
}

export interface OrderAddressDto {
  name: string;
  email: string;
  areaCode: string;
  phone: string;
  nation: string;
  state: string;
  city: string;
  postCode: string;
  address: string;
}

export interface OrderDto {
  id: string;
  serialNo: string;
  status: OrderStatus;
  refundStatus: RefundStatus;
  sellerId: string;
  sellerName: string;
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  createTime: string;
  payTime: string | null;
  shipTime: string | null;
  receiveTime: string | null;
  /** When an unpaid order is cancelled by itself (pending orders only). */
  payDeadline: string | null;
  payMethod: PayMethod | null;
  goodsAmount: string;
  freight: string;
  tax: string;
  discount: string;
  handlingFee: string;
  total: string;
  paidAmount: string;
  refundedAmount: string;
  items: OrderItemDto[];
  address: OrderAddressDto;
  remark: string;
  cancelReason: number | null;
  cancelText: string;
  returnReason: number | null;
  returnAmount: string | null;
  returnRemark: string;
  returnImages: string[];
  reminded: boolean;
  /** Until when a received order can still be returned (received orders only). */
  returnDeadline: string | null;
}

export interface OrderEventDto {
  type: OrderEventType;
  note: string;
  createTime: string;
}

export interface LogisticsDto {
  carrier: string;
  trackingNo: string;
  content: string;
  location: string;
  createTime: string;
}

export interface OrderDetailDto extends OrderDto {
  events: OrderEventDto[];
  logistics: LogisticsDto[];
}

export type OrderCountsDto = Record<Exclude<OrderTab, 'all'>, number> & { all: number };

export interface SubmitOrdersDto {
  orders: OrderDto[];
  /** Sum of the orders' totals. */
  total: string;
}

/** One line of the checkout's quote (`/api/order/quote`). */
export interface OrderQuoteLineDto {
  sellerGoodsId: string;
  attrName: string;
  name: string;
  imgUrl1: string;
  unitPrice: string;
  count: number;
  /** unit price × count */
  goods: string;
  /** dispatch + distance + delivery */
  freight: string;
}

/** One store's order as the quote prices it: what the order placed from it will charge. */
export interface OrderQuoteSellerDto {
  sellerId: string;
  sellerName: string;
  lines: OrderQuoteLineDto[];
  goodsAmount: string;
  dispatchFee: string;
  distanceFee: string;
  deliveryFee: string;
  freight: string;
  tax: string;
  handlingFee: string;
  discount: string;
  total: string;
}

export interface OrderQuoteDto {
  orders: OrderQuoteSellerDto[];
  goodsAmount: string;
  freight: string;
  tax: string;
  handlingFee: string;
  discount: string;
  total: string;
  /** Sent back with `/api/order/submit`: the order is refused (QUOTE_CHANGED) if a figure moved. */
  quoteKey: string;
}

/** One figure that moved between the quote and the submit (QUOTE_CHANGED's `data.changes`). */
export interface QuoteChangeDto {
  kind: 'price' | 'freight' | 'tax' | 'handlingFee' | 'total' | 'items';
  sellerGoodsId?: string;
  name?: string;
  before: string;
  after: string;
}
