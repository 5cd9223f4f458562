/** The applicant's calls: apply to open a store (SPEC /merchantSettled) and see how it went. */
import { merchantApplicationSchema, SELLER_LIMITS } from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import { lineInput as line, proseInput } from '../../core/http/text-inputs.ts';
import type { MerchantsService } from './merchants.service.ts';

export function merchantRoutes(route: DefineRoute, service: MerchantsService): void {
  route({
    method: ['POST'],
    url: '/api/merchant/apply',
    output: merchantApplicationSchema,
    input: z.object({
      storeName: line(SELLER_LIMITS.storeNameMax),
      businessPhone: z.string().trim().min(1).max(SELLER_LIMITS.phoneMax),
      businessEmail: z.string().trim().min(1).max(64),
      country: line(64),
      /** The company proof: an uploaded image's URL or id (`/api/upload/img`, moduleName=verification). */
      proof: z.string().trim().min(1).max(512),
      description: proseInput(SELLER_LIMITS.applicationDescriptionMax),
    }),
    auth: 'user',
    handle: (ctx, input) => service.apply(ctx, input),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/merchant/application',
    output: merchantApplicationSchema.nullable(),
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => service.own(ctx),
  });
}
