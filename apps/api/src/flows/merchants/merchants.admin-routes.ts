/** The admins' merchant applications (`/api/admin/merchants/...`, role `admin`): list, one, approve, refuse. */

import { merchantApplicationSchema, pageSchema } from '@mall/contract';
import {
  adminMerchantsApproveInputSchema,
  adminMerchantsInfoInputSchema,
  adminMerchantsListInputSchema,
  adminMerchantsRefuseInputSchema,
} from '@mall/contract/merchants.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import { approveMerchant, type MerchantFlowDeps } from './approve-merchant.ts';

const admin = { roles: ['admin'] } as const;

export function merchantAdminRoutes(route: DefineRoute, d: MerchantFlowDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/merchants/list',
    output: pageSchema(merchantApplicationSchema),
    input: adminMerchantsListInputSchema,
    auth: admin,
    handle: (ctx, query) => d.merchants.list(ctx, query),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/merchants/info',
    output: merchantApplicationSchema,
    input: adminMerchantsInfoInputSchema,
    auth: admin,
    handle: (ctx, input) => d.merchants.application(d.db, ctx, input.id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/merchants/approve',
    output: merchantApplicationSchema,
    input: adminMerchantsApproveInputSchema,
    auth: admin,
    handle: (ctx, input) => approveMerchant(d, ctx, input.id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/merchants/refuse',
    output: merchantApplicationSchema,
    input: adminMerchantsRefuseInputSchema,
    auth: admin,
    handle: (ctx, input) => d.merchants.refuse(ctx, input.id, input.reason),
  });
}
