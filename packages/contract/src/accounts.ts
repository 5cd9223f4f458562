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

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './accounts.schemas.ts';
