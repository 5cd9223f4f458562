/**
 * The seller's and the platform's order calls (console): a seller sees and moves only orders of
 * stores they own; an admin sees the brand's orders and may refund on the platform's initiative.
 */
import {
  ADMIN_RECORD_SORTS,
  logisticsSchema,
  ORDER_TABS,
  type OrderTab,
  orderDetailSchema,
  orderSchema,
  pageSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput, sortOrder } from '../../core/http/paging.ts';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { approveRefund, platformRefund, refuseRefund } from './after-sales.ts';
import type { OrderFlowDeps } from './deps.ts';
import { addLogistics, confirmStocking, sellersOrder, shipOrder } from './fulfil-order.ts';

const id = z.string().trim().min(1).max(26);
const text = (max: number) => z.string().trim().min(1).max(max);
const sellerOrAdmin = { roles: ['seller', 'admin'] } as const;
const tabs = Object.keys(ORDER_TABS) as [OrderTab, ...OrderTab[]];

export function orderAdminRoutes(route: DefineRoute, d: OrderFlowDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/orders/list',
    output: pageSchema(orderSchema),
    input: z.object({
      ...pageInput(20),
      status: z.enum(tabs).default('all'),
      keyword: z.string().max(64).optional(),
      /** By time placed (default) or total, newest or largest first unless `order=asc`. */
      sort: z.enum(ADMIN_RECORD_SORTS).default('time'),
      order: sortOrder(),
    }),
    auth: sellerOrAdmin,
    handle: async (ctx, { pageNum, pageSize, status, keyword, sort, order }) => {
      const actor = actorOf(ctx);
      const scope = actor.roles.includes('admin')
        ? { brand: ctx.brand.key }
        : { sellerOwnerUserId: actor.userId };
      return d.orders.list(
        ctx.brand,
        { ...scope, ...d.orders.filterFor(status), ...(keyword ? { keyword } : {}), sort, order },
        { pageNum, pageSize },
      );
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/orders/info',
    output: orderDetailSchema,
    input: z.object({ orderId: id }),
    auth: sellerOrAdmin,
    handle: async (ctx, { orderId }) =>
      d.orders.detail(ctx.brand, await sellersOrder(d, d.db, ctx, orderId, false)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/confirm',
    output: orderSchema,
    input: z.object({ orderId: id }),
    auth: sellerOrAdmin,
    handle: (ctx, { orderId }) => confirmStocking(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/ship',
    output: orderSchema,
    input: z.object({
      orderId: id,
      carrier: text(64),
      trackingNo: text(64),
      content: z.string().max(300).optional(),
      location: z.string().max(120).optional(),
    }),
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, ...input }) => shipOrder(d, ctx, orderId, input),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/logistics/add',
    output: z.array(logisticsSchema),
    input: z.object({
      orderId: id,
      carrier: text(64),
      trackingNo: text(64),
      content: text(300),
      location: z.string().max(120).optional(),
    }),
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, ...input }) => addLogistics(d, ctx, orderId, input),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/approve',
    output: orderSchema,
    input: z.object({ orderId: id, note: z.string().max(300).default('') }),
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, note }) => approveRefund(d, ctx, orderId, note),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/refuse',
    output: orderSchema,
    input: z.object({ orderId: id, note: text(300) }),
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, note }) => refuseRefund(d, ctx, orderId, note),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/manual',
    output: orderSchema,
    input: z.object({ orderId: id, note: text(300) }),
    auth: { roles: ['admin'] },
    handle: (ctx, { orderId, note }) => platformRefund(d, ctx, orderId, note),
  });
}
