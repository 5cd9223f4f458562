/**
 * The rules of accounts (issue 4, DESIGN §7) shared by its use cases: limits and lock times, the
 * inputs of sign-up and sign-in, password rules, the user as the client sees it, and what each
 * use case is given to work with (AccountDeps) with the small steps several of them take.
 */
import { createHash } from 'node:crypto';
import {
  ACCOUNT_RULES,
  type CodePurpose,
  type LocalUserDto,
  type Role,
  SLIDE_RULES,
  toWireTime,
  type UserStatus,
  type VerificationStatus,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestContext } from '../../core/http/request-context.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { AuditService } from '../audit/index.ts';
import type { OutboxService } from '../outbox/index.ts';
import type { ParamsService } from '../params/index.ts';
import type { SessionService } from '../session/index.ts';
import type { AccountsRepository, LoginKind, UserRow } from './accounts.repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { PinHasher } from './pin-hasher.ts';

/** More than this many refused sign-ins in one Asia/Shanghai day lock the account until the next. */
export const LOGIN_FAILURES_ALLOWED = 3;
export const FUND_FAILURES_ALLOWED = 3;
export const FUND_LOCK_MS = 3 * 60_000;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60_000;
export const SLIDE_TTL_MS = 2 * 60_000;
export const SLIDE_PASS_TTL_MS = 5 * 60_000;

/** Rate limits (per fixed window) on the calls strangers can hammer. */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 60_000 },
  registerPerIp: { limit: 20, windowMs: 10 * 60_000 },
  codePerIp: { limit: 10, windowMs: 60 * 60_000 },
  codePerTargetDay: { limit: 10, windowMs: 24 * 60 * 60_000 },
  slidePerIp: { limit: 30, windowMs: 60_000 },
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Asia/Shanghai calendar day of an instant, as a day number (the lock lasts until it changes). */
export function shanghaiDay(epochMs: number): number {
  return Math.floor((epochMs + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** Answers the balance a user still holds (the wallet wires the ledger in; zero until then). */
export type BalanceOf = (userId: string) => Promise<bigint>;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface RegisterInput {
  type: 'phone' | 'email';
  areaCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
  password: string;
  rePassword: string;
  invitationCode?: string | undefined;
  agentCode?: string | undefined;
  slideToken?: string | undefined;
  agree: boolean;
  /** Only through `registerWithVerifcode`; undefined means the no-code variant. */
  verifyCode?: string | undefined;
  /** The storefront's device id (recorded with the sign-up, for the risk view). */
  deviceId?: string | undefined;
}

export interface LoginInput {
  username: string;
  areaCode?: string | undefined;
  password: string;
  deviceId?: string | undefined;
}

export interface SendCodeInput {
  purpose: CodePurpose;
  type?: 'phone' | 'email' | undefined;
  areaCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  /** For `reset`: the account (user name, e-mail or phone with areaCode). */
  username?: string | undefined;
}

export interface ResetInput {
  username: string;
  areaCode?: string | undefined;
  verifyCode: string;
  password: string;
  rePassword: string;
}

/** A user as read with their roles (and, once authenticated, the request's actor). */
export interface Loaded {
  user: UserRow;
  roles: Role[];
  actor?: Actor;
}

/** What every use case of accounts works with; AccountsService builds it once. */
export interface AccountDeps {
  db: Executor;
  repository: AccountsRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  params: ParamsService;
  outbox: OutboxService;
  audit: AuditService;
  limiter: RateLimiter;
  clock: Clock;
  /** Sign-in attempts one client address may make per minute (RATE_LIMIT_LOGIN_PER_MINUTE). */
  loginPerMinute: number;
  pins: PinHasher;
  /** Drops a user's cached row here and in every process; call after each committed change. */
  forget(userId: string): Promise<void>;
  /** The signed-in user of a request (NOT_LOGGED_IN otherwise). */
  current(ctx: RequestContext): Promise<Loaded>;
  /** The wallet's balance of a user (cancellation is refused while it is not zero). */
  balanceOf: BalanceOf;
  /**
   * Every obligation across modules (flows/accounts/close-account.ts), checked inside the
   * transaction that cancels or disables an account; until wired, the balance alone.
   */
  closingGuard: ClosingGuard;
}

/** Throws the catalogue error naming what the user still owes or is owed (issue 26). */
export type ClosingGuard = (tx: Executor, userId: string) => Promise<void>;

export function checkPasswordRules(password: string, confirm: string): void {
  if (password.length < ACCOUNT_RULES.passwordMin || password.length > ACCOUNT_RULES.passwordMax) {
    throw new AppError('PASSWORD_LENGTH');
  }
  if (!ACCOUNT_RULES.passwordPattern.test(password)) throw new AppError('PASSWORD_FORMAT');
  if (password !== confirm) throw new AppError('PASSWORDS_NOT_SAME');
}

export function toLocalUser(user: UserRow, roles: readonly Role[]): LocalUserDto {
  return {
    id: user.id,
    usercode: user.usercode,
    username: user.username,
    avatar: Number(user.avatar),
    email: user.email,
    areaCode: user.area_code,
    phone: user.phone,
    roles: [...roles],
    status: user.status as UserStatus,
    fundPasswordSet: user.fund_password_hash !== null,
    realNameStatus: user.realname_status as VerificationStatus,
    c3Status: user.c3_status as VerificationStatus,
    realName: user.real_name,
    createTime: toWireTime(user.created_at),
    lastLoginTime: user.last_login_at === null ? null : toWireTime(user.last_login_at),
  };
}

/** How a typed sign-in name is looked up: e-mail, phone (needs areaCode) or user name. */
export function loginKey(name: string, areaCode?: string): [LoginKind, string] {
  const trimmed = name.trim();
  if (trimmed.includes('@')) return ['email', trimmed.toLowerCase()];
  const code = areaCode?.replace(/^\+/, '').trim();
  if (code && /^\d+$/.test(trimmed.replace(/[\s-]/g, '')))
    return ['phone', `${code}-${trimmed.replace(/[\s-]/g, '')}`];
  return ['username', trimmed.toLowerCase()];
}

/** A drag that looks like a hand: ≥ 5 points [x, t], time moving forward over ≥ 200 ms, ending at x. */
export function humanTrail(trail: readonly number[][], x: number): boolean {
  if (trail.length < 5 || trail.length > 500) return false;
  let lastT = Number.NEGATIVE_INFINITY;
  for (const point of trail) {
    if (point.length !== 2) return false;
    const [px, pt] = point as [number, number];
    if (!Number.isFinite(px) || !Number.isFinite(pt) || pt < lastT) return false;
    lastT = pt;
  }
  const first = trail[0] as [number, number];
  const last = trail[trail.length - 1] as [number, number];
  if (last[1] - first[1] < 200) return false;
  if (Math.abs(last[0] - x) > SLIDE_RULES.tolerance) return false;
  // Not one constant speed: a hand speeds up and slows down.
  const steps = trail.slice(1).map((p, i) => (p[0] as number) - ((trail[i] as number[])[0] as number));
  return new Set(steps.map((s) => Math.round(s))).size > 1;
}
