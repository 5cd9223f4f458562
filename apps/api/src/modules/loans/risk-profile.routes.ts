/** The risk operator's applicant profile (risk-profile.ts): GET /api/admin/loans/profile?id=. */

import type { Brand } from '@mall/contract';
import { adminLoansProfileInputSchema } from '@mall/contract/loans.inputs';
import { applicantProfileSchema } from '@mall/contract/schemas/underwriting';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { ParamValues } from '../params/params.service.ts';
import { applicantProfile } from './risk-profile.ts';

export function riskProfileRoutes(
  route: DefineRoute,
  deps: {
    db: Executor;
    ledger: LedgerService;
    clock: Clock;
    params: { all(brand: Brand): ParamValues | Promise<ParamValues> };
  },
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/loans/profile',
    input: adminLoansProfileInputSchema,
    output: applicantProfileSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: async (ctx, { id }) =>
      applicantProfile(
        deps.db,
        deps.ledger,
        ctx.brand.key,
        id,
        await deps.params.all(ctx.brand),
        deps.clock.now(),
      ),
  });
}
