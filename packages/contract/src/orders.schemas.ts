import { z } from 'zod';
import {
  ORDER_STATUS,
  ORDER_TABS,
  type OrderStatus,
  type OrderTab,
  REFUND_STATUS,
  type RefundStatus,
} from './orders.ts';

export const orderItemSchema = z.object({
  id: z.string(),
  sellerGoodsId: z.string(),
  name: z.string(),
  imgUrl: z.string(),
  /** The specification (`checkAttrName`); empty for none. */
  attrName: z.string(),
  unitPrice: z.string(),
  count: z.number(),
  freight: z.string(),
  subtotal: z.string(),
  reviewed: z.boolean(),
});
export type OrderItemDto = z.infer<typeof orderItemSchema>;

export const orderAddressSchema = z.object({
  name: z.string(),
  email: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  nation: z.string(),
  state: z.string(),
  city: z.string(),
  postCode: z.string(),
  address: z.string(),
});
export type OrderAddressDto = z.infer<typeof orderAddressSchema>;

export const orderSchema = z.object({
  id: z.string(),
  serialNo: z.string(),
  status: z.union(Object.values(ORDER_STATUS).map((code) => z.literal(code))) as z.ZodType<OrderStatus>,
  refundStatus: z.union(
    Object.values(REFUND_STATUS).map((code) => z.literal(code)),
  ) as z.ZodType<RefundStatus>,
  sellerId: z.string(),
  sellerName: z.string(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  createTime: z.string(),
  payTime: z.string().nullable(),
  shipTime: z.string().nullable(),
  receiveTime: z.string().nullable(),
  /** When an unpaid order is cancelled by itself (pending orders only). */
  payDeadline: z.string().nullable(),
  payMethod: z.enum(['balance', 'card', 'paypal']).nullable(),
  goodsAmount: z.string(),
  freight: z.string(),
  tax: z.string(),
  discount: z.string(),
  handlingFee: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  refundedAmount: z.string(),
  items: z.array(orderItemSchema),
  address: orderAddressSchema,
  remark: z.string(),
  cancelReason: z.number().nullable(),
  cancelText: z.string(),
  returnReason: z.number().nullable(),
  returnAmount: z.string().nullable(),
  returnRemark: z.string(),
  returnImages: z.array(z.string()),
  reminded: z.boolean(),
  /** Until when a received order can still be returned (received orders only). */
  returnDeadline: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  type: z.enum([
    'placed',
    'paid',
    'merchantConfirmed',
    'shipped',
    'systemShipped',
    'logistics',
    'received',
    'autoReceived',
    'completed',
    'cancelled',
    'timeoutCancelled',
    'reminded',
    'refundRequested',
    'returnRequested',
    'refundSucceeded',
    'refundFailed',
    'platformRefund',
    'reviewed',
    'defaultReview',
    'settled',
  ]),
  note: z.string(),
  createTime: z.string(),
});
export type OrderEventDto = z.infer<typeof orderEventSchema>;

export const logisticsSchema = z.object({
  carrier: z.string(),
  trackingNo: z.string(),
  content: z.string(),
  location: z.string(),
  createTime: z.string(),
});
export type LogisticsDto = z.infer<typeof logisticsSchema>;

export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  logistics: z.array(logisticsSchema),
});
export type OrderDetailDto = z.infer<typeof orderDetailSchema>;

export const orderCountsSchema = z.object(
  Object.fromEntries(Object.keys(ORDER_TABS).map((tab) => [tab, z.number()])),
) as unknown as z.ZodType<Record<OrderTab, number>>;
export type OrderCountsDto = z.infer<typeof orderCountsSchema>;

export const submitOrdersSchema = z.object({
  orders: z.array(orderSchema),
  /** Sum of the orders' totals. */
  total: z.string(),
});
export type SubmitOrdersDto = z.infer<typeof submitOrdersSchema>;

/** `/api/pay/order`: the orders as paid; `payUrl` where a card or PayPal payment continues. */
export const payOrdersSchema = z.object({ orders: z.array(orderSchema), payUrl: z.string().optional() });
export type PayOrdersDto = z.infer<typeof payOrdersSchema>;

/** One line of the checkout's quote (`/api/order/quote`). */
export const orderQuoteLineSchema = z.object({
  sellerGoodsId: z.string(),
  attrName: z.string(),
  name: z.string(),
  imgUrl1: z.string(),
  unitPrice: z.string(),
  count: z.number(),
  /** unit price × count */
  goods: z.string(),
  /** dispatch + distance + delivery */
  freight: z.string(),
});
export type OrderQuoteLineDto = z.infer<typeof orderQuoteLineSchema>;

/** One store's order as the quote prices it: what the order placed from it will charge. */
export const orderQuoteSellerSchema = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  lines: z.array(orderQuoteLineSchema),
  goodsAmount: z.string(),
  dispatchFee: z.string(),
  distanceFee: z.string(),
  deliveryFee: z.string(),
  freight: z.string(),
  tax: z.string(),
  handlingFee: z.string(),
  discount: z.string(),
  total: z.string(),
});
export type OrderQuoteSellerDto = z.infer<typeof orderQuoteSellerSchema>;

export const orderQuoteSchema = z.object({
  orders: z.array(orderQuoteSellerSchema),
  goodsAmount: z.string(),
  freight: z.string(),
  tax: z.string(),
  handlingFee: z.string(),
  discount: z.string(),
  total: z.string(),
  /** Sent back with `/api/order/submit`: the order is refused (QUOTE_CHANGED) if a figure moved. */
  quoteKey: z.string(),
});
export type OrderQuoteDto = z.infer<typeof orderQuoteSchema>;

/** One figure that moved between the quote and the submit (QUOTE_CHANGED's `data.changes`). */
export const quoteChangeSchema = z.object({
  kind: z.enum(['price', 'freight', 'tax', 'handlingFee', 'total', 'items']),
  sellerGoodsId: z.string().optional(),
  name: z.string().optional(),
  before: z.string(),
  after: z.string(),
});
export type QuoteChangeDto = z.infer<typeof quoteChangeSchema>;
