/**
 * Operators' "needs advanced verification" flags on a user (`/api/admin/user/verificationFlag*`) and
 * what a C3 reviewer compares with (`/api/admin/identity/context`).
 */

import { adminIdentityContextSchema, verificationFlagsSchema } from '@mall/contract';
import {
  adminIdentityContextInputSchema,
  adminUserVerificationFlagLiftInputSchema,
  adminUserVerificationFlagRaiseInputSchema,
  adminUserVerificationFlagsInputSchema,
} from '@mall/contract/verification.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { IdentityService } from '../accounts/index.ts';
import type { VerificationFlagsService } from './verification-flags.service.ts';

export function verificationAdminRoutes(
  route: DefineRoute,
  flags: VerificationFlagsService,
  identity: IdentityService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/identity/context',
    input: adminIdentityContextInputSchema,
    output: adminIdentityContextSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => identity.adminContext(ctx, input.userId),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/verificationFlags',
    input: adminUserVerificationFlagsInputSchema,
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.view(ctx, input.userId),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/verificationFlag/raise',
    input: adminUserVerificationFlagRaiseInputSchema,
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.raise(ctx, input.userId, input.reason),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/verificationFlag/lift',
    input: adminUserVerificationFlagLiftInputSchema,
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.lift(ctx, input.userId, input.remark),
  });
}
