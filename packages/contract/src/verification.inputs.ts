/**
 * Input schemas of the verification calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */
import { z } from 'zod';

const userId = z.string().min(1).max(64);

/** /api/admin/identity/context */
export const adminIdentityContextInputSchema = z.object({ userId });

/** /api/admin/user/verificationFlags */
export const adminUserVerificationFlagsInputSchema = z.object({ userId });

/** /api/admin/user/verificationFlag/raise */
export const adminUserVerificationFlagRaiseInputSchema = z.object({
  userId,
  reason: z.string().trim().min(1).max(255),
});

/** /api/admin/user/verificationFlag/lift */
export const adminUserVerificationFlagLiftInputSchema = z.object({
  userId,
  remark: z.string().trim().max(255).default(''),
});
