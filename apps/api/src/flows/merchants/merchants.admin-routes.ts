/** The admins' merchant applications (`/api/admin/merchants/...`, role `admin`): list, one, approve, refuse. */
import {
  MERCHANT_APPLICATION_STATUSES,
  merchantApplicationSchema,
  pageSchema,
  SELLER_LIMITS,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput, sortOrder } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { proseInput } from '../../core/http/text-inputs.ts';
import { approveMerchant, type MerchantFlowDeps } from './approve-merchant.ts';

const admin = { roles: ['admin'] } as const;
const id = z.string().trim().min(1).max(26);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export function merchantAdminRoutes(route: DefineRoute, d: MerchantFlowDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/merchants/list',
    output: pageSchema(merchantApplicationSchema),
    input: z.object({
      ...pageInput(20),
      status: z.preprocess(blank, z.enum(MERCHANT_APPLICATION_STATUSES).optional()),
      keyword: z.preprocess(blank, z.string().trim().max(64).optional()),
      order: sortOrder(),
    }),
    auth: admin,
    handle: (ctx, query) => d.merchants.list(ctx, query),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/merchants/info',
    output: merchantApplicationSchema,
    input: z.object({ id }),
    auth: admin,
    handle: (ctx, input) => d.merchants.application(d.db, ctx, input.id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/merchants/approve',
    output: merchantApplicationSchema,
    input: z.object({ id }),
    auth: admin,
    handle: (ctx, input) => approveMerchant(d, ctx, input.id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/merchants/refuse',
    output: merchantApplicationSchema,
    input: z.object({
      id,
      reason: proseInput(SELLER_LIMITS.refuseReasonMax).refine((s) => s.length > 0),
    }),
    auth: admin,
    handle: (ctx, input) => d.merchants.refuse(ctx, input.id, input.reason),
  });
}
