/** The operators' "needs advanced verification" flags and the C3 review's context (issue 30). */
import { z } from 'zod';
import { verificationSchema } from './accounts.schemas.ts';

/** One flag (`/api/admin/user/verificationFlags`), newest first; open while `liftTime` is null. */
export const verificationFlagSchema = z.object({
  id: z.string(),
  reason: z.string(),
  raisedBy: z.string(),
  raiseTime: z.string(),
  /** `operator`: lifted by hand; `c3`: an advanced verification approved after it. */
  liftedHow: z.enum(['operator', 'c3']).nullable(),
  liftedBy: z.string().nullable(),
  liftTime: z.string().nullable(),
  liftRemark: z.string().nullable(),
});
export type VerificationFlagDto = z.infer<typeof verificationFlagSchema>;

export const verificationFlagsSchema = z.object({
  /** True while any flag is open: the user's gated calls answer C3_REQUIRED. */
  open: z.boolean(),
  flags: z.array(verificationFlagSchema),
});
export type VerificationFlagsDto = z.infer<typeof verificationFlagsSchema>;

/** The approved identity beside a C3 review, and the account's decisions (`/api/admin/identity/context`). */
export const adminIdentityContextSchema = z.object({
  /** The approved real-name application, with the full document number and its photos. */
  identity: verificationSchema.extend({ id: z.string() }).nullable(),
  /** Every real-name and C3 application of the account, newest first, with who decided it. */
  history: z.array(verificationSchema.extend({ id: z.string(), reviewer: z.string().nullable() })),
});
export type AdminIdentityContextDto = z.infer<typeof adminIdentityContextSchema>;
