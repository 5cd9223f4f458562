/**
 * Accounts, security and the user centre (issue 4): the public DTOs of the account calls and the
 * input rules of SPEC §5 that both ends check. Types and constants only: no runtime dependencies.
 */
import type { Role } from './roles.ts';

/** Account statuses. `cancelled` accounts no longer sign in; their phone/e-mail is held back a while. */
export const USER_STATUSES = ['active', 'locked', 'disabled', 'cancelled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Real-name and advanced (C3) verification: none submitted, waiting for review, approved, refused. */
export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export type VerificationKind = 'realname' | 'c3';

/** What a verification code is for; a code only works for the purpose it was sent for. */
export const CODE_PURPOSES = ['register', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const ACCOUNT_RULES = {
  passwordMin: 6,
  passwordMax: 12,
  /** Login password: 6-12 characters, letters or digits, special characters allowed (no spaces). */
  passwordPattern: /^[\x21-\x7e]{6,12}$/,
  /** Transaction (fund) password: exactly six digits (docs/decisions.md). */
  fundPasswordPattern: /^\d{6}$/,
  /** User name: letters and digits only, 6-30 characters. */
  usernamePattern: /^[A-Za-z0-9]{6,30}$/,
  /** Phone number without the area code: digits only, at least 8. */
  phonePattern: /^\d{8,15}$/,
  /** Country calling code without "+": 1-4 digits. */
  areaCodePattern: /^\d{1,4}$/,
  /** Account e-mail: a local part of at least 6 letters or digits (., _, - and + inside), a domain. */
  emailPattern:
    /^[A-Za-z0-9](?:[A-Za-z0-9._+-]{4,}[A-Za-z0-9])@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  emailMax: 64,
  /** Invitation codes are the inviter's `usercode`. */
  invitationCodePattern: /^[A-Za-z0-9]{4,32}$/,
  /** Agent code from the `code` query: kept as given when it is 1-32 letters, digits, - or _. */
  agentCodePattern: /^[A-Za-z0-9_-]{1,32}$/,
  verificationCodePattern: /^\d{6}$/,
  /** Real name: letters of any script, spaces, dots and hyphens, 2-64 characters. */
  realNameMin: 2,
  realNameMax: 64,
  /** Identity document number: 4-32 letters and digits (SPEC §5 "4-32 combination"). */
  idNumberPattern: /^[A-Za-z0-9]{4,32}$/,
  avatarMin: 1,
  avatarMax: 20,
} as const;

export const ADDRESS_RULES = {
  consigneeMax: 64,
  emailMax: 64,
  postcodeMax: 32,
  /** Client-side rule of SPEC §5: more than 4 digits. */
  postcodeMinDigits: 5,
  phonePattern: /^\d{8,15}$/,
  areaCodePattern: /^\d{1,4}$/,
  nationMax: 64,
  stateMax: 64,
  cityMax: 64,
  addressMax: 255,
} as const;

/** Slide verification: the puzzle's size in pixels and how far off a drop may land. */
export const SLIDE_RULES = {
  width: 300,
  height: 150,
  piece: 44,
  tolerance: 4,
} as const;

export function isLoginPassword(value: unknown): value is string {
  return typeof value === 'string' && ACCOUNT_RULES.passwordPattern.test(value);
}

export function isFundPassword(value: unknown): value is string {
  return typeof value === 'string' && ACCOUNT_RULES.fundPasswordPattern.test(value);
}

export function isAccountEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= ACCOUNT_RULES.emailMax &&
    ACCOUNT_RULES.emailPattern.test(value)
  );
}

/** `GET /api/get/local/user`: the signed-in user as the storefront shows them. */
export interface LocalUserDto {
  id: string;
  /** The user's own code, which others enter as their invitation code. */
  usercode: string;
  username: string;
  /** Avatar number (1-20), default 1. */
  avatar: number;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  /**
   * What the user may do: the built-in roles held plus those granted by custom staff roles (the
   * console's menu and every route check go by these).
   */
  roles: Role[];
  status: UserStatus;
  fundPasswordSet: boolean;
  realNameStatus: VerificationStatus;
  c3Status: VerificationStatus;
  /** Set once the real-name verification is approved. */
  realName: string | null;
  createTime: string;
  lastLoginTime: string | null;
}

/** `POST /api/login` and the sign-up calls. */
export interface LoginResultDto {
  token: string;
  user: LocalUserDto;
}

/** `GET /api/slide/challenge`: images as data URLs; drag the piece to the gap. */
export interface SlideChallengeDto {
  id: string;
  width: number;
  height: number;
  /** The background, with the gap somewhere along x. */
  background: string;
  /** The piece to drag, drawn at x = 0 and the given y. */
  piece: string;
  pieceY: number;
  pieceSize: number;
  expiresInSeconds: number;
}

export interface AddressDto {
  id: string;
  name: string;
  email: string;
  areaCode: string;
  phone: string;
  nation: string;
  state: string;
  city: string;
  postCode: string;
  address: string;
  /** 1 marks the default address. */
  use: 0 | 1;
  createTime: string;
}

export interface CountryDto {
  code: string;
  name: string;
  /** Calling code without "+" (several for a few countries, e.g. "1-809"). */
  areaCode: string;
  flag: string;
}

export interface StateDto {
  code: string;
  name: string;
  countryCode: string;
}

export interface CityDto {
  name: string;
  stateCode: string;
  countryCode: string;
}

export interface VerificationDto {
  kind: VerificationKind;
  status: VerificationStatus;
  realName: string | null;
  idNumber: string | null;
  nationality: string | null;
  frontImg: string | null;
  backImg: string | null;
  handheldImg: string | null;
  remark: string | null;
  submitTime: string | null;
  reviewTime: string | null;
}

/** Staff view of a user (`/api/admin/user/list`). */
export interface AdminUserDto extends LocalUserDto {
  /**
   * Built-in roles held directly; `roles` is what the user may do: these plus what their custom
   * staff roles grant.
   */
  heldRoles: Role[];
  /** Custom staff roles held (docs/api/admin.md). */
  staffRoles: { id: string; name: string }[];
  brand: string;
  invitedBy: string | null;
  agentCode: string | null;
  loginLockedToday: boolean;
  businessLocked: boolean;
}

export interface AuditEntryDto {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createTime: string;
}

const MB = 1024 * 1024;

/**
 * `/api/upload/img`: `moduleName` picks the size limit (SPEC §5: 2, 10 or 30 MB by context).
 * Only JPEG and PNG are accepted, and only when they decode; the server stores them re-encoded as
 * WebP. `proof` and `verification` files are private (shown only to their owner and allowed staff).
 */
export const UPLOAD_LIMITS = {
  avatar: 2 * MB,
  chat: 2 * MB,
  review: 10 * MB,
  goods: 10 * MB,
  banner: 10 * MB,
  proof: 10 * MB,
  verification: 30 * MB,
} as const;

export type UploadModule = keyof typeof UPLOAD_LIMITS;

export const UPLOAD_MAX_BYTES = 30 * MB;
