/** Brand settings for admins (`/api/admin/brand/...`); docs/api/admin.md. */

import { brandSettingsSchema, brandSummarySchema } from '@mall/contract';
import {
  adminBrandInfoInputSchema,
  adminBrandListInputSchema,
  adminBrandUpdateInputSchema,
} from '@mall/contract/brands.inputs';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { BrandSettingsService } from './brand-settings.service.ts';

const admin = { roles: ['admin'] } as const;

export function brandAdminRoutes(route: DefineRoute, settings: BrandSettingsService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/brand/list',
    output: z.array(brandSummarySchema),
    input: adminBrandListInputSchema,
    auth: admin,
    handle: (ctx) => settings.list(ctx),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/brand/info',
    output: brandSettingsSchema,
    input: adminBrandInfoInputSchema,
    auth: admin,
    handle: (ctx) => settings.info(ctx),
  });
  route({
    method: 'POST',
    url: '/api/admin/brand/update',
    output: brandSettingsSchema,
    input: adminBrandUpdateInputSchema,
    auth: admin,
    handle: (ctx, input) => settings.update(ctx, input),
  });
}
