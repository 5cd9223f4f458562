/**
 * Roles are data (a user holds any number of them) and enforced on every call. Buyers are every
 * signed-up user; sellers own one store; staff roles work in the console.
 */
export const ROLES = ['buyer', 'seller', 'admin', 'finance', 'risk', 'agent'] as const;

export type Role = (typeof ROLES)[number];

/** Roles that may sign in to the console. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'finance', 'risk', 'agent'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Built-in roles a custom staff role may grant (the console's sections). Buyer is not among them:
 * every signed-up user is a buyer already.
 */
export const GRANTABLE_ROLES: readonly Role[] = ['admin', 'finance', 'risk', 'agent', 'seller'];
