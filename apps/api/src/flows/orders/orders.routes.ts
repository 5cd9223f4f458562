/** The buyer's order calls at their SPEC §7 paths. */

import {
  logisticsSchema,
  orderCountsSchema,
  orderDetailSchema,
  orderItemSchema,
  orderQuoteSchema,
  orderSchema,
  type PAY_METHODS,
  pageSchema,
  payOrdersSchema,
  submitOrdersSchema,
} from '@mall/contract';
import {
  orderCancelInputSchema,
  orderCountInputSchema,
  orderEvaluationInputSchema,
  orderGoodsInputSchema,
  orderInfoInputSchema,
  orderListInputSchema,
  orderLogInputSchema,
  orderQuoteInputSchema,
  orderReceiptInputSchema,
  orderRemindInputSchema,
  orderReturnsInputSchema,
  orderSubmitInputSchema,
  payOrderInputSchema,
} from '@mall/contract/orders.inputs';
import { z } from 'zod';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { requestRefund } from './after-sales.ts';
import { cancelOrder } from './cancel-order.ts';
import type { OrderFlowDeps } from './deps.ts';
import { confirmReceipt, remindSeller } from './fulfil-order.ts';
import { type PaymentProvider, payOrders } from './pay-order.ts';
import { placeOrders } from './place-order.ts';
import { quoteOrders } from './quote-order.ts';
import { reviewOrder } from './review-order.ts';

export function orderRoutes(
  route: DefineRoute,
  d: OrderFlowDeps,
  providers: readonly PaymentProvider[],
): void {
  route({
    method: ['POST'],
    url: '/api/order/submit',
    output: submitOrdersSchema,
    input: orderSubmitInputSchema,
    auth: 'user',
    handle: (ctx, input) =>
      placeOrders(d, ctx, {
        addressId: input.addressId,
        remark: input.remark,
        submitKey: input.submitKey,
        quoteKey: input.quoteKey,
        items: input.items.map((i) => ({
          sellerGoodsId: i.sellerGoodsId,
          attr: i.attr ?? i.checkAttrName ?? undefined,
          count: i.count,
        })),
      }),
  });

  route({
    method: ['POST'],
    url: '/api/order/quote',
    output: orderQuoteSchema,
    input: orderQuoteInputSchema,
    auth: 'user',
    handle: (ctx, input) =>
      quoteOrders(d, ctx, {
        items: input.items.map((i) => ({
          sellerGoodsId: i.sellerGoodsId,
          attr: i.attr ?? i.checkAttrName ?? undefined,
          count: i.count,
        })),
      }),
  });

  route({
    method: ['POST'],
    url: '/api/pay/order',
    output: payOrdersSchema,
    input: payOrderInputSchema,
    auth: 'user',
    handle: (ctx, input) =>
      payOrders(d, providers, ctx, {
        orderIds: [...new Set([...(input.orderIds ?? []), ...(input.orderId ? [input.orderId] : [])])],
        payMethod: input.payMethod as (typeof PAY_METHODS)[number],
        fundPassword: input.fundPassword,
      }),
  });

  route({
    method: ['POST'],
    url: '/api/order/cancel',
    output: orderSchema,
    input: orderCancelInputSchema,
    auth: 'user',
    handle: (ctx, { orderId, reason, text }) => cancelOrder(d, ctx, orderId, reason, text),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/list',
    output: pageSchema(orderSchema),
    input: orderListInputSchema,
    auth: 'user',
    handle: (ctx, { pageNum, pageSize, status, keyword }) =>
      d.orders.list(
        ctx.brand,
        { userId: actorOf(ctx).userId, ...d.orders.filterFor(status), ...(keyword ? { keyword } : {}) },
        { pageNum, pageSize },
      ),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/count',
    output: orderCountsSchema,
    input: orderCountInputSchema,
    auth: 'user',
    handle: (ctx) => d.orders.counts({ userId: actorOf(ctx).userId }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/info',
    output: orderDetailSchema,
    input: orderInfoInputSchema,
    auth: 'user',
    handle: async (ctx, { orderId }) =>
      d.orders.detail(ctx.brand, await d.orders.ownOrder(d.db, actorOf(ctx).userId, orderId)),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/goods',
    output: z.array(orderItemSchema),
    input: orderGoodsInputSchema,
    auth: 'user',
    handle: async (ctx, { orderId }) => {
      const order = await d.orders.ownOrder(d.db, actorOf(ctx).userId, orderId);
      const [dto] = await d.orders.toDtos(ctx.brand, [order]);
      return dto!.items;
    },
  });

  route({
    method: ['POST'],
    url: '/api/order/receipt',
    output: orderSchema,
    input: orderReceiptInputSchema,
    auth: 'user',
    handle: (ctx, { orderId }) => confirmReceipt(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/order/remind',
    output: orderSchema,
    input: orderRemindInputSchema,
    auth: 'user',
    handle: (ctx, { orderId }) => remindSeller(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/order/returns',
    output: orderSchema,
    input: orderReturnsInputSchema,
    auth: 'user',
    handle: (ctx, input) => requestRefund(d, ctx, input),
  });

  // Both variants of the spec: fields in the body (JSON or form) or in the query string.
  route({
    method: ['GET', 'POST'],
    url: '/api/order/evaluation',
    output: orderSchema,
    input: orderEvaluationInputSchema,
    auth: 'user',
    handle: (ctx, input) =>
      reviewOrder(d, ctx, {
        orderId: input.orderId,
        itemId: input.itemId,
        rating: (input.rating ?? input.evaluationType) as 'good',
        content: input.content,
        images: input.images,
      }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/log',
    output: z.array(logisticsSchema),
    input: orderLogInputSchema,
    auth: 'user',
    handle: async (ctx, { orderId }) =>
      d.orders.logistics(await d.orders.ownOrder(d.db, actorOf(ctx).userId, orderId)),
  });
}
