/**
 * Operators' "needs advanced verification" flags on a user (`/api/admin/user/verificationFlag*`) and
 * what a C3 reviewer compares with (`/api/admin/identity/context`).
 */
import { adminIdentityContextSchema, verificationFlagsSchema } from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { IdentityService } from '../accounts/index.ts';
import type { VerificationFlagsService } from './verification-flags.service.ts';

const userId = z.string().min(1).max(64);

export function verificationAdminRoutes(
  route: DefineRoute,
  flags: VerificationFlagsService,
  identity: IdentityService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/identity/context',
    input: z.object({ userId }),
    output: adminIdentityContextSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => identity.adminContext(ctx, input.userId),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/verificationFlags',
    input: z.object({ userId }),
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.view(ctx, input.userId),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/verificationFlag/raise',
    input: z.object({ userId, reason: z.string().trim().min(1).max(255) }),
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.raise(ctx, input.userId, input.reason),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/verificationFlag/lift',
    input: z.object({ userId, remark: z.string().trim().max(255).default('') }),
    output: verificationFlagsSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: (ctx, input) => flags.lift(ctx, input.userId, input.remark),
  });
}
