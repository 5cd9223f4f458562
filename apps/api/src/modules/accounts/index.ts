/** Accounts, security and the user centre: users, roles, sessions' actors, passwords, identity. */

export {
  type ApplicantAccount,
  applicantAccount,
  type Person,
  peopleOf,
  usernamesInBrand,
  userWithUsercode,
} from './account-directory.ts';
export { accountAdminRoutes, type UserFigures, userDetailRoutes } from './accounts.admin-routes.ts';
export { AccountsRepository } from './accounts.repository.ts';
export { accountRoutes } from './accounts.routes.ts';
export {
  type BalanceOf,
  FUND_LOCK_MS,
  LOGIN_FAILURES_ALLOWED,
  shanghaiDay,
  toLocalUser,
} from './accounts.rules.ts';
export { AccountsService } from './accounts.service.ts';
export { IdentityService } from './identity.service.ts';
export { ARGON2_PARAMS, createArgon2Hasher, type PasswordHasher } from './password-hasher.ts';
export { createPinHasher, DEV_PIN_PEPPER, type PinHasher } from './pin-hasher.ts';
export { DEMO_ACCOUNTS, DEMO_FUND_PASSWORD, DEMO_PASSWORD, seedDemoAccounts } from './seed.ts';
export { staffRoleAdminRoutes } from './staff-roles.admin-routes.ts';
export { StaffRolesRepository } from './staff-roles.repository.ts';
export { StaffRolesService } from './staff-roles.service.ts';
