/** Orders mapped to the wire: decimal strings, Shanghai times, the address snapshot. */
import {
  formatMoney,
  type LogisticsDto,
  ORDER_STATUS,
  type OrderDetailDto,
  type OrderDto,
  type OrderEventDto,
  type OrderItemDto,
  type PayMethod,
  toWireTime,
} from '@mall/contract';
import type { LogisticsRow, OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.ts';

const time = (ms: number | null) => (ms === null ? null : toWireTime(ms));
const DAY = 86_400_000;

export function itemDto(i: OrderItemRow): OrderItemDto {
  return {
    id: i.id,
    sellerGoodsId: i.sellerGoodsId,
    name: i.name,
    imgUrl: i.imgUrl,
    attrName: i.attrName,
    unitPrice: formatMoney(i.unitPrice),
    count: i.quantity,
    freight: formatMoney(i.freight),
    subtotal: formatMoney(i.subtotal),
    reviewed: i.reviewed,
  };
}

export interface Deadlines {
  autoCancelMinutes: number;
  returnDays: number;
}

export function orderDto(o: OrderRow, items: OrderItemRow[], deadlines: Deadlines): OrderDto {
  return {
    id: o.id,
    serialNo: o.serialNo,
    status: o.status,
    refundStatus: o.refundStatus,
    sellerId: o.sellerId,
    sellerName: o.sellerName,
    createTime: toWireTime(o.createdAt),
    payTime: time(o.paidAt),
    shipTime: time(o.shippedAt),
    receiveTime: time(o.receivedAt),
    payDeadline:
      o.status === ORDER_STATUS.pendingPayment
        ? toWireTime(o.createdAt + deadlines.autoCancelMinutes * 60_000)
        : null,
    payMethod: (o.payMethod as PayMethod | null) ?? null,
    goodsAmount: formatMoney(o.goodsAmount),
    freight: formatMoney(o.freight),
    tax: formatMoney(o.tax),
    discount: formatMoney(o.discount),
    handlingFee: formatMoney(o.handlingFee),
    total: formatMoney(o.total),
    paidAmount: formatMoney(o.paidAmount),
    refundedAmount: formatMoney(o.refundedAmount),
    items: items.map(itemDto),
    address: { ...o.receiver },
    remark: o.remark,
    cancelReason: o.cancelReason,
    cancelText: o.cancelText,
    returnReason: o.returnReason,
    returnAmount: o.returnAmount === null ? null : formatMoney(o.returnAmount),
    returnRemark: o.returnRemark,
    returnImages: o.returnImages,
    reminded: o.remindedAt !== null,
    returnDeadline: o.receivedAt === null ? null : toWireTime(o.receivedAt + deadlines.returnDays * DAY),
  };
}

export function eventDto(e: OrderEventRow): OrderEventDto {
  return { type: e.type, note: e.note, createTime: toWireTime(e.createdAt) };
}

export function logisticsDto(l: LogisticsRow): LogisticsDto {
  return {
    carrier: l.carrier,
    trackingNo: l.trackingNo,
    content: l.content,
    location: l.location,
    createTime: toWireTime(l.eventAt),
  };
}

export function detailDto(
  o: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[],
  logistics: LogisticsRow[],
  deadlines: Deadlines,
): OrderDetailDto {
  return {
    ...orderDto(o, items, deadlines),
    events: events.map(eventDto),
    logistics: logistics.map(logisticsDto),
  };
}
