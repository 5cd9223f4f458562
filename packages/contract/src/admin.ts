export const STAFF_ROLE_RULES = {
  nameMax: 32,
  descriptionMax: 255,
  /** Custom roles one brand may define. */
  maxPerBrand: 100,
} as const;

/** Sort keys of `/api/admin/user/list`. */
export const ADMIN_USER_SORTS = ['createTime', 'username', 'lastLoginTime'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/**
 * Sort keys of `/api/admin/audit/list`, each either way (`order`): by time (the default, newest
 * first), by action, or by target (its type, then its id); equal actions or targets newest first
 * when descending, oldest first when ascending.
 */
export const ADMIN_AUDIT_SORTS = ['time', 'action', 'target'] as const;
export type AdminAuditSort = (typeof ADMIN_AUDIT_SORTS)[number];

export const BRAND_THEME_KEYS = ['primary', 'onPrimary', 'accent', 'header', 'footer', 'onFooter'] as const;
export const BRAND_URL_KEYS = [
  'promotionUrl',
  'lotteryUrl',
  'customerServiceUrl',
  'buyerAppUrl',
  'sellerAppUrl',
] as const;
/** URLs that may be left empty (the feature is then off). */
export const BRAND_OPTIONAL_URL_KEYS: readonly string[] = ['lotteryUrl', 'customerServiceUrl'];

export const BRAND_SETTING_RULES = {
  nameMax: 64,
  titleMax: 120,
  mailMax: 64,
  urlMax: 255,
  colour: /^#[0-9a-f]{6}$/i,
} as const;

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './admin.schemas.ts';
