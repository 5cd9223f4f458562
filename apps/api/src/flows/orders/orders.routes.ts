/** The buyer's order calls at their SPEC §7 paths. */
import {
  logisticsSchema,
  ORDER_TABS,
  type OrderTab,
  orderCountsSchema,
  orderDetailSchema,
  orderItemSchema,
  orderQuoteSchema,
  orderSchema,
  PAGE_SIZES,
  PAY_METHODS,
  pageSchema,
  payOrdersSchema,
  submitOrdersSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import { requestRefund } from './after-sales.ts';
import { cancelOrder } from './cancel-order.ts';
import type { OrderFlowDeps } from './deps.ts';
import { confirmReceipt, remindSeller } from './fulfil-order.ts';
import { type PaymentProvider, payOrders } from './pay-order.ts';
import { placeOrders } from './place-order.ts';
import { quoteOrders } from './quote-order.ts';
import { reviewOrder } from './review-order.ts';

const id = z.string().trim().min(1).max(26);
/** A list that may come as JSON, as a JSON string (form posts) or as a comma list. */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return v;
      }
    }
    return text === '' ? [] : text.split(',');
  }, z.array(item).max(max));
}
const tabs = Object.keys(ORDER_TABS) as [OrderTab, ...OrderTab[]];
/** A whole number of items: fractional or negative counts are refused, not rounded. */
const count = intInput(1, 1_000_000);

export function orderRoutes(
  route: DefineRoute,
  d: OrderFlowDeps,
  providers: readonly PaymentProvider[],
): void {
  route({
    method: ['POST'],
    url: '/api/order/submit',
    output: submitOrdersSchema,
    input: z.object({
      addressId: id,
      items: listOf(
        z.object({
          sellerGoodsId: id,
          checkAttrName: z.string().max(120).optional(),
          attr: z.string().max(120).optional(),
          count,
        }),
        100,
      ),
      remark: z.string().max(200).optional(),
      submitKey: z.string().trim().min(8).max(64),
      quoteKey: z.string().max(20_000).optional(),
    }),
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
    input: z.object({
      items: listOf(
        z.object({
          sellerGoodsId: id,
          checkAttrName: z.string().max(120).optional(),
          attr: z.string().max(120).optional(),
          count,
        }),
        100,
      ),
    }),
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
    input: z.object({
      orderIds: listOf(id, 50).optional(),
      orderId: id.optional(),
      payMethod: z.enum(PAY_METHODS as [string, ...string[]]).default('balance'),
      fundPassword: z.string().max(64).default(''),
    }),
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
    input: z.object({ orderId: id, reason: intInput(), text: z.string().max(200).default('') }),
    auth: 'user',
    handle: (ctx, { orderId, reason, text }) => cancelOrder(d, ctx, orderId, reason, text),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/list',
    output: pageSchema(orderSchema),
    input: z.object({
      ...pageInput(PAGE_SIZES.orders),
      status: z.enum(tabs).default('all'),
      keyword: z.string().max(64).optional(),
    }),
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
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => d.orders.counts({ userId: actorOf(ctx).userId }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/info',
    output: orderDetailSchema,
    input: z.object({ orderId: id }),
    auth: 'user',
    handle: async (ctx, { orderId }) =>
      d.orders.detail(ctx.brand, await d.orders.ownOrder(d.db, actorOf(ctx).userId, orderId)),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/order/goods',
    output: z.array(orderItemSchema),
    input: z.object({ orderId: id }),
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
    input: z.object({ orderId: id }),
    auth: 'user',
    handle: (ctx, { orderId }) => confirmReceipt(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/order/remind',
    output: orderSchema,
    input: z.object({ orderId: id }),
    auth: 'user',
    handle: (ctx, { orderId }) => remindSeller(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/order/returns',
    output: orderSchema,
    input: z.object({
      orderId: id,
      reason: intInput(),
      amount: z.union([z.string().max(40), z.number()]).optional(),
      remark: z.string().max(500).optional(),
      images: listOf(z.string().max(300), 20).optional(),
    }),
    auth: 'user',
    handle: (ctx, input) => requestRefund(d, ctx, input),
  });

  // Both variants of the spec: fields in the body (JSON or form) or in the query string.
  route({
    method: ['GET', 'POST'],
    url: '/api/order/evaluation',
    output: orderSchema,
    input: z
      .object({
        orderId: id,
        itemId: id.optional(),
        rating: z.union([z.enum(['good', 'medium', 'bad']), intInput(1, 3)]).optional(),
        evaluationType: intInput(1, 3).optional(),
        content: z.string().max(500),
        images: listOf(z.string().max(300), 20).optional(),
      })
      // A rating is the buyer's to give (by either name): none is a missing parameter, not a good one.
      .refine((v) => v.rating !== undefined || v.evaluationType !== undefined, { path: ['rating'] }),
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
    input: z.object({ orderId: id }),
    auth: 'user',
    handle: async (ctx, { orderId }) =>
      d.orders.logistics(await d.orders.ownOrder(d.db, actorOf(ctx).userId, orderId)),
  });
}
