/**
 * The admin side of the back office (docs/api/admin.md): staff roles as data, a user's detail for
 * the console, per-brand settings an operator overrides, params with their definitions, audit entries.
 */
import type { AdminUserDto, AuditEntryDto } from './accounts.ts';
import type { BrandTheme, MoneyStyle } from './brands.ts';
import type { OrderCountsDto, OrderDto } from './orders.ts';
import type { Role } from './roles.ts';
import type { WalletBalanceDto } from './wallet.ts';

/**
 * A staff role as the console lists it. Built-in roles (`system`) have their name as id and grant
 * themselves; they cannot be renamed, edited or deleted. A custom role grants one or more built-in
 * roles' capabilities: every route check (`auth: { roles }`) sees those built-in roles.
 */
export interface StaffRoleDto {
  id: string;
  name: string;
  description: string;
  grants: Role[];
  system: boolean;
  /** Users of the brand holding the role (directly, for built-in roles). */
  userCount: number;
  createTime: string | null;
  updateTime: string | null;
}

export const STAFF_ROLE_RULES = {
  nameMax: 32,
  descriptionMax: 255,
  /** Custom roles one brand may define. */
  maxPerBrand: 100,
} as const;

/** `/api/admin/user/detail`: the drawer of the users page. */
export interface AdminUserDetailDto {
  user: AdminUserDto;
  wallet: WalletBalanceDto;
  orderCounts: OrderCountsDto;
  /** The latest five orders, newest first. */
  recentOrders: OrderDto[];
}

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

/** An audit entry with its actor's user name (null when the actor is gone or not a user). */
export interface AdminAuditEntryDto extends AuditEntryDto {
  actorName: string | null;
}

/** The brand fields an operator may change at run time (the rest is deployment: hosts, bucket). */
export interface BrandSettingsValues {
  name: string;
  title: string;
  theme: BrandTheme;
  supportMail: string;
  promotionUrl: string;
  /** Empty: no lottery box. */
  lotteryUrl: string;
  /** Empty: the built-in service chat. */
  customerServiceUrl: string;
  buyerAppUrl: string;
  sellerAppUrl: string;
  hiddenLanguages: string[];
  moneyStyle: MoneyStyle;
}

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

/** `/api/admin/brand/info`: what the brand wears now, what it ships with, and who changed it. */
export interface BrandSettingsDto {
  key: string;
  hosts: string[];
  current: BrandSettingsValues;
  defaults: BrandSettingsValues;
  /** Fields that differ from the defaults (dotted for colours: `theme.primary`). */
  overridden: string[];
  updateTime: string | null;
  updatedBy: string | null;
}

/** A brand in the overview of `/api/admin/brand/list`. */
export interface BrandSummaryDto {
  key: string;
  name: string;
  primary: string;
  hosts: string[];
  /** The brand of the console answering (the one its admins may edit). */
  current: boolean;
}

/** `/api/admin/params/list`: one param with its definition, default and current value. */
export interface ParamEntryDto {
  code: string;
  group: string;
  type: string;
  min: number | null;
  max: number | null;
  options: string[] | null;
  defaultValue: string;
  value: string;
  overridden: boolean;
  updateTime: string | null;
}
