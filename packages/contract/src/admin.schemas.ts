import { z } from 'zod';
import { adminUserSchema, auditEntrySchema } from './accounts.schemas.ts';
import { brandThemeSchema } from './brands.schemas.ts';
import { loanSchema } from './loans.schemas.ts';
import { orderCountsSchema, orderSchema } from './orders.schemas.ts';
import { ROLES } from './roles.ts';
import { walletBalanceSchema, walletRecordSchema } from './wallet.schemas.ts';

/**
 * A staff role as the console lists it. Built-in roles (`system`) have their name as id and grant
 * themselves; they cannot be renamed, edited or deleted. A custom role grants one or more built-in
 * roles' capabilities: every route check (`auth: { roles }`) sees those built-in roles.
 */
export const staffRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  grants: z.array(z.enum(ROLES)),
  system: z.boolean(),
  /** Users of the brand holding the role (directly, for built-in roles). */
  userCount: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type StaffRoleDto = z.infer<typeof staffRoleSchema>;

/** A loan as the user view lists it (no identity document: the risk screen shows that). */
export const adminUserLoanSchema = loanSchema.pick({
  id: true,
  serialNo: true,
  status: true,
  amount: true,
  termDays: true,
  applyTime: true,
  disburseTime: true,
  repaidTime: true,
});
export type AdminUserLoanDto = z.infer<typeof adminUserLoanSchema>;

/** An audit entry with its actor's user name (null when the actor is gone or not a user). */
export const adminAuditEntrySchema = auditEntrySchema.extend({ actorName: z.string().nullable() });
export type AdminAuditEntryDto = z.infer<typeof adminAuditEntrySchema>;

/**
 * `/api/admin/user/detail`: the user view (issue 26): who they are, balance, verification, and the
 * latest of their orders, loans, deposits, withdrawals and audit entries, each list newest first
 * with the total it is taken from. The statement is its own call (`/api/admin/user/statement`).
 */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  wallet: walletBalanceSchema,
  orderCounts: orderCountsSchema,
  /** The latest five orders, newest first. */
  recentOrders: z.array(orderSchema),
  loans: z.object({ total: z.number(), list: z.array(adminUserLoanSchema) }),
  deposits: z.object({ total: z.number(), list: z.array(walletRecordSchema) }),
  withdrawals: z.object({ total: z.number(), list: z.array(walletRecordSchema) }),
  /** Operator actions on this user, and (for staff) the user's own actions. */
  audit: z.object({ total: z.number(), list: z.array(adminAuditEntrySchema) }),
});
export type AdminUserDetailDto = z.infer<typeof adminUserDetailSchema>;

/** The brand fields an operator may change at run time (the rest is deployment: hosts, bucket). */
export const brandSettingsValuesSchema = z.object({
  name: z.string(),
  title: z.string(),
  theme: brandThemeSchema,
  supportMail: z.string(),
  promotionUrl: z.string(),
  /** Empty: no lottery box. */
  lotteryUrl: z.string(),
  /** Empty: the built-in service chat. */
  customerServiceUrl: z.string(),
  buyerAppUrl: z.string(),
  sellerAppUrl: z.string(),
  hiddenLanguages: z.array(z.string()),
  moneyStyle: z.enum(['code', 'symbol']),
});
export type BrandSettingsValues = z.infer<typeof brandSettingsValuesSchema>;

/** `/api/admin/brand/info`: what the brand wears now, what it ships with, and who changed it. */
export const brandSettingsSchema = z.object({
  key: z.string(),
  hosts: z.array(z.string()),
  current: brandSettingsValuesSchema,
  defaults: brandSettingsValuesSchema,
  /** Fields that differ from the defaults (dotted for colours: `theme.primary`). */
  overridden: z.array(z.string()),
  updateTime: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type BrandSettingsDto = z.infer<typeof brandSettingsSchema>;

/** A brand in the overview of `/api/admin/brand/list`. */
export const brandSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  primary: z.string(),
  hosts: z.array(z.string()),
  /** The brand of the console answering (the one its admins may edit). */
  current: z.boolean(),
});
export type BrandSummaryDto = z.infer<typeof brandSummarySchema>;

/** `/api/admin/params/list`: one param with its definition, default and current value. */
export const paramEntrySchema = z.object({
  code: z.string(),
  group: z.string(),
  type: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.string()).nullable(),
  defaultValue: z.string(),
  value: z.string(),
  overridden: z.boolean(),
  updateTime: z.string().nullable(),
});
export type ParamEntryDto = z.infer<typeof paramEntrySchema>;
