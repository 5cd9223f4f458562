import { z } from 'zod';
import { USER_STATUSES, VERIFICATION_STATUSES } from './accounts.ts';
import { ROLES } from './roles.ts';

/** `GET /api/get/local/user`: the signed-in user as the storefront shows them. */
export const localUserSchema = z.object({
  id: z.string(),
  /** The user's own code, which others enter as their invitation code. */
  usercode: z.string(),
  username: z.string(),
  /** Avatar number (1-20), default 1. */
  avatar: z.number(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  /**
   * What the user may do: the built-in roles held plus those granted by custom staff roles (the
   * console's menu and every route check go by these).
   */
  roles: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  fundPasswordSet: z.boolean(),
  realNameStatus: z.enum(VERIFICATION_STATUSES),
  c3Status: z.enum(VERIFICATION_STATUSES),
  /** Set once the real-name verification is approved. */
  realName: z.string().nullable(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type LocalUserDto = z.infer<typeof localUserSchema>;

/** `POST /api/login` and the sign-up calls. */
export const loginResultSchema = z.object({ token: z.string(), user: localUserSchema });
export type LoginResultDto = z.infer<typeof loginResultSchema>;

/** `GET /api/slide/challenge`: images as data URLs; drag the piece to the gap. */
export const slideChallengeSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** The background, with the gap somewhere along x. */
  background: z.string(),
  /** The piece to drag, drawn at x = 0 and the given y. */
  piece: z.string(),
  pieceY: z.number(),
  pieceSize: z.number(),
  expiresInSeconds: z.number(),
});
export type SlideChallengeDto = z.infer<typeof slideChallengeSchema>;

export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  nation: z.string(),
  state: z.string(),
  city: z.string(),
  postCode: z.string(),
  address: z.string(),
  /** 1 marks the default address. */
  use: z.union([z.literal(0), z.literal(1)]),
  createTime: z.string(),
});
export type AddressDto = z.infer<typeof addressSchema>;

export const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Calling code without "+" (several for a few countries, e.g. "1-809"). */
  areaCode: z.string(),
  flag: z.string(),
});
export type CountryDto = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ code: z.string(), name: z.string(), countryCode: z.string() });
export type StateDto = z.infer<typeof stateSchema>;

export const citySchema = z.object({ name: z.string(), stateCode: z.string(), countryCode: z.string() });
export type CityDto = z.infer<typeof citySchema>;

export const verificationSchema = z.object({
  kind: z.enum(['realname', 'c3']),
  status: z.enum(VERIFICATION_STATUSES),
  realName: z.string().nullable(),
  idNumber: z.string().nullable(),
  nationality: z.string().nullable(),
  frontImg: z.string().nullable(),
  backImg: z.string().nullable(),
  handheldImg: z.string().nullable(),
  remark: z.string().nullable(),
  submitTime: z.string().nullable(),
  reviewTime: z.string().nullable(),
});
export type VerificationDto = z.infer<typeof verificationSchema>;

/** Staff view of a user (`/api/admin/user/list`). */
export const adminUserSchema = localUserSchema.extend({
  /**
   * Built-in roles held directly; `roles` is what the user may do: these plus what their custom
   * staff roles grant.
   */
  heldRoles: z.array(z.enum(ROLES)),
  /** Custom staff roles held (docs/api/admin.md). */
  staffRoles: z.array(z.object({ id: z.string(), name: z.string() })),
  brand: z.string(),
  invitedBy: z.string().nullable(),
  agentCode: z.string().nullable(),
  loginLockedToday: z.boolean(),
  businessLocked: z.boolean(),
});
export type AdminUserDto = z.infer<typeof adminUserSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createTime: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

/** A fresh token: slide verification's pass, or the new session after a password change. */
export const tokenSchema = z.object({ token: z.string() });
export type TokenDto = z.infer<typeof tokenSchema>;

/** `/api/admin/identity/list`: a submission with whose it is. */
export const adminVerificationSchema = verificationSchema.extend({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
});
export type AdminVerificationDto = z.infer<typeof adminVerificationSchema>;

/** `/api/user!heartbeat.action`: the server's clock (YYYY-MM-DD HH:mm:ss, Asia/Shanghai). */
export const heartbeatSchema = z.object({ serverTime: z.string() });

/** `/api/upload/img` (multipart `file` and `moduleName`): `data` is the image's URL (SPEC §7). */
export const uploadedImageSchema = z.object({
  data: z.string(),
  id: z.string(),
  size: z.number(),
  mime: z.string(),
  /** The stored picture's own size, and the smaller sizes made from it (WebP, never enlarged). */
  width: z.number(),
  height: z.number(),
  sizes: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
});
export type UploadedImageDto = z.infer<typeof uploadedImageSchema>;
