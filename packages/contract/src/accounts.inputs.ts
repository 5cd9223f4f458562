/**
 * Input schemas of the accounts calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { CODE_PURPOSES, USER_STATUSES, VERIFICATION_STATUSES } from './accounts.ts';
import { ADMIN_AUDIT_SORTS, ADMIN_USER_SORTS, STAFF_ROLE_RULES } from './admin.ts';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { GRANTABLE_ROLES, ROLES, type Role } from './roles.ts';
import { intInput } from './text.inputs.ts';
import { PAGE_SIZES } from './ui-constants.ts';

/** Query strings and forms bring numbers as strings, JSON may bring them as numbers. */
const str = (max = 256) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max));

const opt = (max = 256) => str(max).optional();

/** A consent box: checked is true, anything else false. */
const consentFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

const accountType = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.enum(['phone', 'email', '1', '2']))
  .transform((v) => (v === '1' ? 'phone' : v === '2' ? 'email' : v) as 'phone' | 'email');

const trail = z
  .union([z.string().max(20_000), z.array(z.array(z.number()))])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return [];
    if (Array.isArray(v)) return v;
    try {
      const parsed: unknown = JSON.parse(v);
      if (
        Array.isArray(parsed) &&
        parsed.every((p) => Array.isArray(p) && p.every((n) => typeof n === 'number'))
      ) {
        return parsed as number[][];
      }
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'trail' });
    return z.NEVER;
  });

/** The storefront's own id of the browser (localStorage), sent with login and register (risk view). */
const deviceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();

const registerFields = {
  type: accountType,
  areaCode: opt(8),
  phone: opt(32),
  email: opt(128),
  username: opt(64),
  password: str(64),
  rePassword: str(64),
  invitationCode: opt(64),
  /** The agent code the storefront saved from the `code` query. */
  code: opt(64),
  slideToken: opt(64),
  agree: consentFlag,
  deviceId,
};

const id = z.string().min(1).max(64);

const remark = z.string().max(255).default('');

const wireTimeOrDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/);

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const grantable = GRANTABLE_ROLES as readonly [Role, ...Role[]];

const body = {
  // Checked by the service (ROLE_NAME_FORMAT): only absurd lengths stop here.
  name: z.string().max(255),
  description: z.string().max(STAFF_ROLE_RULES.descriptionMax).default(''),
  grants: z.array(z.enum(grantable)).max(GRANTABLE_ROLES.length),
};

/** A staff role's id. */
const roleId = z.string().trim().min(1).max(26);

/** /api/slide/challenge */
export const slideChallengeInputSchema = z.object({});

/** /api/slide/verify */
export const slideVerifyInputSchema = z.object({ id: str(64), x: z.coerce.number().finite(), trail });

/** /api/jscode!execute.action */
export const jscodeExecuteInputSchema = z.object({
  purpose: z.enum(CODE_PURPOSES).default('register'),
  type: accountType.optional(),
  areaCode: opt(8),
  phone: opt(32),
  email: opt(128),
  username: opt(128),
});

/** /api/registerNoVerifyCode */
export const registerNoVerifyCodeInputSchema = z.object(registerFields);

/** /api/localuser!registerWithVerifcode.action */
export const localuserRegisterWithVerifcodeInputSchema = z.object({ ...registerFields, verifyCode: str(16) });

/** /api/login */
export const loginInputSchema = z.object({
  username: str(128),
  password: str(64),
  areaCode: opt(8),
  deviceId,
});

/** /api/user!logout.action */
export const userLogoutInputSchema = z.object({});

/** /api/get/local/user */
export const getLocalUserInputSchema = z.object({});

/** /api/refresh/avatar */
export const refreshAvatarInputSchema = z.object({ avatar: intInput(1, 20) });

/** /api/user/updateOldAndNewPsw */
export const userUpdateOldAndNewPswInputSchema = z.object({
  oldPassword: str(64),
  password: str(64),
  rePassword: str(64),
});

/** /api/user/resetPassword */
export const userResetPasswordInputSchema = z.object({
  username: str(128),
  areaCode: opt(8),
  verifyCode: str(16),
  password: str(64),
  rePassword: str(64),
});

/** /api/user/SetSafeWord */
export const userSetSafeWordInputSchema = z.object({
  safeword: str(64),
  reSafeword: str(64),
  password: str(64).optional(),
});

/** /api/user/updateOldAndNewSafeWord */
export const userUpdateOldAndNewSafeWordInputSchema = z.object({
  oldSafeword: str(64),
  safeword: str(64),
  reSafeword: str(64),
});

/** /api/user!logoff.action */
export const userLogoffInputSchema = z.object({ password: str(64) });

/** /api/identity/{realname,c3}/submit */
export const identitySubmitInputSchema = z.object({
  realName: opt(128),
  idNumber: opt(64),
  nationality: opt(128),
  frontImg: str(512),
  backImg: str(512),
  handheldImg: opt(512),
});

/** /api/identity/{realname,c3}/status */
export const identityStatusInputSchema = z.object({});

/** /api/admin/user/list */
export const adminUserListInputSchema = z.object({
  ...pageInput(PAGE_SIZES.user),
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** A built-in role held, or a custom staff role's id. */
  role: z.union([z.enum(ROLES), z.string().length(26)]).optional(),
  /** Only users holding a console role (the staff list). */
  staff: flag.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createTime'),
  order: sortOrder(),
});

/** /api/admin/user/info */
export const adminUserInfoInputSchema = z.object({ id });

/** /api/admin/user/{lock,disable,unlock}: set a user's status */
export const adminUserStatusInputSchema = z.object({ userId: id, remark });

/** /api/admin/user/businessLock */
export const adminUserBusinessLockInputSchema = z.object({ userId: id, locked: flag, remark });

/** /api/admin/user/roles */
export const adminUserRolesInputSchema = z
  .object({
    userId: id,
    /** Built-in roles held directly (replaced when given). */
    roles: z.array(z.enum(ROLES)).max(ROLES.length).optional(),
    /** Custom staff roles held (replaced when given). */
    staffRoleIds: z.array(z.string().length(26)).max(STAFF_ROLE_RULES.maxPerBrand).optional(),
  })
  .refine((v) => v.roles !== undefined || v.staffRoleIds !== undefined, { path: ['roles'] });

/** /api/admin/identity/list */
export const adminIdentityListInputSchema = z.object({
  ...pageInput(PAGE_SIZES.user),
  kind: z.enum(['realname', 'c3']).optional(),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  /** Part of the user name or real name, or the ID number or user id exactly. */
  keyword: z.string().trim().max(64).optional(),
  order: sortOrder('asc'),
});

/** /api/admin/identity/review */
export const adminIdentityReviewInputSchema = z.object({ id, approve: flag, remark });

/** /api/admin/audit/list */
export const adminAuditListInputSchema = z.object({
  ...pageInput(PAGE_SIZES.user),
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(64).optional(),
  actorId: z.string().max(26).optional(),
  /** The actor by user name, e-mail or id (none of the brand: an empty page). */
  actor: z.string().trim().max(64).optional(),
  action: z.string().max(64).optional(),
  from: wireTimeOrDay.optional(),
  to: wireTimeOrDay.optional(),
  sort: z.enum(ADMIN_AUDIT_SORTS).default('time'),
  order: sortOrder(),
});

/** /api/admin/audit/actions */
export const adminAuditActionsInputSchema = z.object({});

/** /api/admin/user/detail */
export const adminUserDetailInputSchema = z.object({ id });

/** /api/admin/role/list */
export const adminRoleListInputSchema = z.object({});

/** /api/admin/role/create */
export const adminRoleCreateInputSchema = z.object(body);

/** /api/admin/role/update */
export const adminRoleUpdateInputSchema = z.object({ id: roleId, ...body });

/** /api/admin/role/delete */
export const adminRoleDeleteInputSchema = z.object({ id: roleId });
