/** Verification levels as a policy and operators' "needs advanced verification" flags (issue 30). */

export { verificationAdminRoutes } from './verification.admin-routes.ts';
export { setUpVerification } from './verification.setup.ts';
export { VerificationFlagsRepository } from './verification-flags.repository.ts';
export { VerificationFlagsService } from './verification-flags.service.ts';
export {
  installVerificationPolicy,
  requireVerification,
  VerificationPolicy,
  type VerificationState,
} from './verification-policy.ts';
