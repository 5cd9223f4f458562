/** Merchant applications: apply, the applicant's status, the admins' list and refusal; approval is a flow. */
export { MerchantsRepository } from './merchants.repository.ts';
export { merchantRoutes } from './merchants.routes.ts';
export {
  type ApplicationQuery,
  auditView,
  type MerchantPorts,
  MerchantsService,
} from './merchants.service.ts';
