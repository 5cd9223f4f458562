/** The applicant's calls: apply to open a store (SPEC /merchantSettled) and see how it went. */

import { merchantApplicationSchema } from '@mall/contract';
import { merchantApplicationInputSchema, merchantApplyInputSchema } from '@mall/contract/merchants.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { MerchantsService } from './merchants.service.ts';

export function merchantRoutes(route: DefineRoute, service: MerchantsService): void {
  route({
    method: ['POST'],
    url: '/api/merchant/apply',
    output: merchantApplicationSchema,
    input: merchantApplyInputSchema,
    auth: 'user',
    handle: (ctx, input) => service.apply(ctx, input),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/merchant/application',
    output: merchantApplicationSchema.nullable(),
    input: merchantApplicationInputSchema,
    auth: 'user',
    handle: (ctx) => service.own(ctx),
  });
}
