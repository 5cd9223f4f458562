/**
 * The seller's and the platform's order calls (console): a seller sees and moves only orders of
 * stores they own; an admin sees the brand's orders and may refund on the platform's initiative.
 */

import { logisticsSchema, orderDetailSchema, orderSchema, pageSchema } from '@mall/contract';
import {
  adminOrdersConfirmInputSchema,
  adminOrdersInfoInputSchema,
  adminOrdersListInputSchema,
  adminOrdersLogisticsAddInputSchema,
  adminOrdersRefundApproveInputSchema,
  adminOrdersRefundManualInputSchema,
  adminOrdersRefundRefuseInputSchema,
  adminOrdersShipInputSchema,
} from '@mall/contract/orders.inputs';
import { z } from 'zod';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { approveRefund, platformRefund, refuseRefund } from './after-sales.ts';
import type { OrderFlowDeps } from './deps.ts';
import { addLogistics, confirmStocking, sellersOrder, shipOrder } from './fulfil-order.ts';

const sellerOrAdmin = { roles: ['seller', 'admin'] } as const;

export function orderAdminRoutes(route: DefineRoute, d: OrderFlowDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/orders/list',
    output: pageSchema(orderSchema),
    input: adminOrdersListInputSchema,
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
    input: adminOrdersInfoInputSchema,
    auth: sellerOrAdmin,
    handle: async (ctx, { orderId }) =>
      d.orders.detail(ctx.brand, await sellersOrder(d, d.db, ctx, orderId, false)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/confirm',
    output: orderSchema,
    input: adminOrdersConfirmInputSchema,
    auth: sellerOrAdmin,
    handle: (ctx, { orderId }) => confirmStocking(d, ctx, orderId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/ship',
    output: orderSchema,
    input: adminOrdersShipInputSchema,
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, ...input }) => shipOrder(d, ctx, orderId, input),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/logistics/add',
    output: z.array(logisticsSchema),
    input: adminOrdersLogisticsAddInputSchema,
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, ...input }) => addLogistics(d, ctx, orderId, input),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/approve',
    output: orderSchema,
    input: adminOrdersRefundApproveInputSchema,
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, note }) => approveRefund(d, ctx, orderId, note),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/refuse',
    output: orderSchema,
    input: adminOrdersRefundRefuseInputSchema,
    auth: sellerOrAdmin,
    handle: (ctx, { orderId, note }) => refuseRefund(d, ctx, orderId, note),
  });

  route({
    method: ['POST'],
    url: '/api/admin/orders/refund/manual',
    output: orderSchema,
    input: adminOrdersRefundManualInputSchema,
    auth: { roles: ['admin'] },
    handle: (ctx, { orderId, note }) => platformRefund(d, ctx, orderId, note),
  });
}
