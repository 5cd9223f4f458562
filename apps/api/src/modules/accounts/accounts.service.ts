/**
 * Accounts and security (issue 4, DESIGN §7): sign-up, sign-in with the day lock, passwords, the
 * fund password with its 3-minute lock, cancellation, the actor behind every request, and the
 * staff actions on users. Rules live here; routes only parse.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_RULES,
  type AdminUserDto,
  type Brand,
  type CodePurpose,
  isAccountEmail,
  isFundPassword,
  type LocalUserDto,
  type LoginResultDto,
  type Role,
  SLIDE_RULES,
  type SlideChallengeDto,
  toWireTime,
  type UserStatus,
  type VerificationStatus,
} from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { AuditService } from '../audit/index.ts';
import type { OutboxService } from '../outbox/index.ts';
import type { ParamsService } from '../params/index.ts';
import type { SessionService } from '../session/index.ts';
import type { AccountsRepository, LoginKind, UserRow, UserSearch } from './accounts.repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { createPinHasher, DEV_PIN_PEPPER, type PinHasher } from './pin-hasher.ts';
import { drawSlide } from './slide-image.ts';
import { assertStillAdmin, lockAsAdmin } from './staff-guard.ts';
import { isForeignKeyViolation } from './staff-roles.repository.ts';

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

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Asia/Shanghai calendar day of an instant, as a day number (the lock lasts until it changes). */
export function shanghaiDay(epochMs: number): number {
  return Math.floor((epochMs + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** Answers the balance a user still holds (the wallet wires the ledger in; zero until then). */
export type BalanceOf = (userId: string) => Promise<bigint>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
}

export interface LoginInput {
  username: string;
  areaCode?: string | undefined;
  password: string;
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

interface Loaded {
  user: UserRow;
  roles: Role[];
  dto?: LocalUserDto;
  actor?: Actor;
}

function checkPasswordRules(password: string, confirm: string): void {
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

/** Longest a process trusts a user row (status, roles) it read without reading it again. */
export const USER_CACHE_MS = 2000;
const USER_CACHE_MAX = 50_000;
const CHANGED = 'accounts.changed';

export class AccountsService {
  /** The user loaded while authenticating a request, so the handler does not read it again. */
  private readonly loaded = new WeakMap<RequestContext, Loaded>();
  /**
   * Users read by recent requests, for at most 2 s: every change here drops the entry at once in
   * this process and, through the bus, in the others (see docs/decisions.md).
   */
  private readonly users = new Map<string, Loaded & { until: number }>();
  private balanceOf: BalanceOf = async () => 0n;

  constructor(
    private readonly db: Executor,
    private readonly repository: AccountsRepository,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly params: ParamsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    /** Sign-in attempts one client address may make per minute (RATE_LIMIT_LOGIN_PER_MINUTE). */
    private readonly loginPerMinute: number = RATE_LIMITS.loginPerIp.limit,
    private readonly bus?: Bus,
    /** Fund PINs (pin-hasher.ts); without a pepper configured, a development one. */
    private readonly pins: PinHasher = createPinHasher(DEV_PIN_PEPPER, hasher),
  ) {
    bus?.subscribe(CHANGED, (payload) => {
      const change = payload as { userId?: unknown; all?: unknown } | null;
      if (change?.all === true) this.users.clear();
      else if (typeof change?.userId === 'string') this.users.delete(change.userId);
    });
  }

  /**
   * Drops every cached user here and in every process: a custom role's grants changed, which
   * changes what each of its holders may do.
   */
  async forgetAll(): Promise<void> {
    this.users.clear();
    await this.bus?.publish(CHANGED, { all: true });
  }

  /** Drops a user's cached row here and in every process; call after each committed change. */
  async forget(userId: string): Promise<void> {
    this.users.delete(userId);
    await this.bus?.publish(CHANGED, { userId });
  }

  private async loadUser(userId: string): Promise<Loaded | undefined> {
    const now = this.clock.now();
    const hit = this.users.get(userId);
    if (hit && hit.until > now) return hit;
    const found = await this.repository.findWithRoles(userId);
    if (!found) return undefined;
    if (this.users.size >= USER_CACHE_MAX) this.users.clear();
    const entry = { ...found, until: now + USER_CACHE_MS };
    this.users.set(userId, entry);
    return entry;
  }

  /** The wallet wires its ledger balance in here; cancellation asks it. */
  useBalanceSource(balanceOf: BalanceOf): void {
    this.balanceOf = balanceOf;
  }

  // ---- who is asking ---------------------------------------------------------------------------

  /**
   * Session → user → status → roles. A locked, disabled or cancelled user is refused and every
   * session of theirs revoked, so the client's next call answers 403.
   */
  authenticate(ctx: RequestContext): Actor | Promise<Actor> {
    // The hot path: session and user both read by this process moments ago, no I/O at all.
    const cachedId = this.sessions.cachedUser(ctx);
    if (cachedId !== undefined) {
      const hit = this.users.get(cachedId);
      if (
        hit &&
        hit.until > this.clock.now() &&
        hit.user.status === 'active' &&
        hit.user.brand === ctx.brand.key
      ) {
        this.loaded.set(ctx, hit);
        hit.actor ??= { userId: cachedId, roles: hit.roles };
        // Answered synchronously: the route then runs without a promise (core/http/route.ts).
        return hit.actor;
      }
    }
    return this.authenticateSlow(ctx);
  }

  private async authenticateSlow(ctx: RequestContext): Promise<Actor> {
    const userId = await this.sessions.authenticate(ctx);
    const found = await this.loadUser(userId);
    if (!found || found.user.brand !== ctx.brand.key) throw new AppError('INVALID_TOKEN');
    if (found.user.status !== 'active') {
      await this.sessions.revokeAllForUser(userId);
      await this.forget(userId);
      if (found.user.status === 'cancelled') throw new AppError('SESSION_EXPIRED');
      throw new AppError('USER_LOCKED');
    }
    this.loaded.set(ctx, found);
    return { userId, roles: found.roles };
  }

  private async current(ctx: RequestContext): Promise<Loaded> {
    const hit = this.loaded.get(ctx);
    if (hit) return hit;
    if (!ctx.actor) throw new AppError('NOT_LOGGED_IN');
    const found = await this.repository.findWithRoles(ctx.actor.userId);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    return found;
  }

  async localUser(ctx: RequestContext): Promise<LocalUserDto> {
    const loaded = this.loaded.get(ctx);
    if (!loaded) {
      const l = await this.current(ctx);
      return toLocalUser(l.user, l.roles);
    }
    // Mapped once per cached read: the hottest call of the user centre.
    loaded.dto ??= toLocalUser(loaded.user, loaded.roles);
    return loaded.dto;
  }

  // ---- slide verification ----------------------------------------------------------------------

  async slideChallenge(ctx: RequestContext): Promise<SlideChallengeDto> {
    await this.limit(`slide:${ctx.ip}`, RATE_LIMITS.slidePerIp);
    const { width, height, piece } = SLIDE_RULES;
    // The gap never sits where the piece starts, so "not moving" never passes.
    const x = randomInt(piece + 20, width - piece - 4);
    const y = randomInt(4, height - piece - 4);
    const now = this.clock.now();
    const id = newId();
    await this.repository.insertChallenge({
      id,
      brand: ctx.brand.key,
      x,
      y,
      now,
      expiresAt: now + SLIDE_TTL_MS,
    });
    const pictures = drawSlide(width, height, piece, x, y);
    return {
      id,
      width,
      height,
      background: `data:image/png;base64,${pictures.background.toString('base64')}`,
      piece: `data:image/png;base64,${pictures.piece.toString('base64')}`,
      pieceY: y,
      pieceSize: piece,
      expiresInSeconds: SLIDE_TTL_MS / 1000,
    };
  }

  /**
   * One try per challenge: the drop must land within the tolerance of the gap, after a drag that
   * took at least 200 ms over at least 5 points moving forward. Answers a single-use pass token.
   */
  async slideVerify(ctx: RequestContext, id: string, x: number, trail: readonly number[][]): Promise<string> {
    const now = this.clock.now();
    const target = await this.repository.takeChallenge(ctx.brand.key, id, now);
    if (target === undefined) throw new AppError('SLIDE_VERIFICATION_FAILED');
    if (Math.abs(x - target) > SLIDE_RULES.tolerance || !humanTrail(trail, x)) {
      throw new AppError('SLIDE_VERIFICATION_FAILED');
    }
    const token = randomBytes(24).toString('base64url');
    await this.repository.passChallenge(id, sha256(token), now + SLIDE_PASS_TTL_MS);
    return token;
  }

  // ---- verification codes ----------------------------------------------------------------------

  /**
   * Sends a 6-digit code through the outbox: for `register` to the phone or e-mail being signed up,
   * for `reset` to the account's e-mail (or phone). An unknown account for `reset` answers the
   * same success without sending, so the call tells nobody which accounts exist.
   */
  async sendCode(ctx: RequestContext, input: SendCodeInput): Promise<void> {
    await this.limit(`code:ip:${ctx.ip}`, RATE_LIMITS.codePerIp);
    const brand = ctx.brand.key;
    let target: string;
    let to: string;
    let channel: 'email' | 'sms';
    if (input.purpose === 'register') {
      const id = this.registrationIdentity(input.type, input);
      if (id.kind === 'email') {
        target = `email:${id.email}`;
        to = id.email;
        channel = 'email';
      } else {
        target = `phone:${id.phoneKey}`;
        to = `+${id.areaCode}${id.phone}`;
        channel = 'sms';
      }
      const taken = await this.repository.taken(brand, {
        email: id.kind === 'email' ? id.email : null,
        phoneKey: id.kind === 'phone' ? id.phoneKey : null,
      });
      if (taken.email || taken.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
    } else {
      if (!input.username) throw new AppError('MISSING_PARAMETER', { field: 'username' });
      const user = await this.findLogin(brand, input.username, input.areaCode);
      if (!user || user.status === 'cancelled') return;
      target = `user:${user.id}`;
      if (user.email && input.type !== 'phone') {
        to = user.email;
        channel = 'email';
      } else if (user.phone_key) {
        to = `+${user.area_code}${user.phone}`;
        channel = 'sms';
      } else {
        to = user.email as string;
        channel = 'email';
      }
    }
    await this.limit(`code:target:${brand}:${target}`, RATE_LIMITS.codePerTargetDay);
    if (!(await this.limiter.hit(`code:resend:${brand}:${target}`, 1, CODE_RESEND_MS))) {
      throw new AppError('TOO_FREQUENT');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    await inTransaction(this.db, (tx) =>
      this.repository.insertCode(tx, {
        id: newId(),
        brand,
        purpose: input.purpose,
        target,
        codeHash: sha256(`${brand}|${target}|${code}`),
        now,
        expiresAt: now + CODE_TTL_MS,
      }),
    );
    const brandName = ctx.brand.name;
    await this.outbox.send({
      brand,
      channel,
      to,
      subject: `${brandName} verification code`,
      body: `Your ${brandName} verification code is ${code}. It expires in ${CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this message.`,
    });
  }

  /** Checks a code (each try counts; 5 per code); answers its id for consumption in a transaction. */
  private async checkCode(
    brand: string,
    purpose: CodePurpose,
    target: string,
    code: string,
  ): Promise<string> {
    if (!ACCOUNT_RULES.verificationCodePattern.test(code)) throw new AppError('WRONG_VERIFICATION_CODE');
    const live = await this.repository.liveCode(brand, purpose, target, this.clock.now());
    if (!live || !(await this.repository.tryCode(live.id, CODE_MAX_TRIES))) {
      throw new AppError('WRONG_VERIFICATION_CODE');
    }
    const expected = Buffer.from(live.code_hash, 'hex');
    const given = Buffer.from(sha256(`${brand}|${target}|${code}`), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('WRONG_VERIFICATION_CODE');
    }
    return live.id;
  }

  // ---- sign-up ---------------------------------------------------------------------------------

  private registrationIdentity(
    type: 'phone' | 'email' | undefined,
    input: { areaCode?: string | undefined; phone?: string | undefined; email?: string | undefined },
  ): { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string; phoneKey: string } {
    if (type === 'email') {
      if (!input.email) throw new AppError('MISSING_PARAMETER', { field: 'email' });
      const email = input.email.trim().toLowerCase();
      if (!isAccountEmail(email)) throw new AppError('EMAIL_FORMAT');
      return { kind: 'email', email };
    }
    if (type !== 'phone') throw new AppError('PARAMETER_ERROR', { field: 'type' });
    if (!input.phone) throw new AppError('MISSING_PARAMETER', { field: 'phone' });
    if (!input.areaCode) throw new AppError('MISSING_PARAMETER', { field: 'areaCode' });
    const areaCode = input.areaCode.replace(/^\+/, '').trim();
    const phone = input.phone.replace(/[\s-]/g, '');
    if (!ACCOUNT_RULES.areaCodePattern.test(areaCode) || !ACCOUNT_RULES.phonePattern.test(phone)) {
      throw new AppError('PHONE_FORMAT');
    }
    return { kind: 'phone', areaCode, phone, phoneKey: `${areaCode}-${phone}` };
  }

  async register(ctx: RequestContext, input: RegisterInput): Promise<LoginResultDto> {
    await this.limit(`register:${ctx.ip}`, RATE_LIMITS.registerPerIp);
    const brand = ctx.brand.key;
    const params = await this.params.all(ctx.brand);
    const withCode = input.verifyCode !== undefined;
    if (!withCode && params.register_verify_code_required === '1') {
      throw new AppError('MISSING_PARAMETER', { field: 'verifyCode' });
    }
    const id = this.registrationIdentity(input.type, input);
    let username: string | undefined;
    if (input.username !== undefined && input.username !== '') {
      if (!ACCOUNT_RULES.usernamePattern.test(input.username)) throw new AppError('USERNAME_FORMAT');
      username = input.username;
    }
    checkPasswordRules(input.password, input.rePassword);
    if (!input.agree) throw new AppError('TERMS_NOT_ACCEPTED');
    let invitedBy: string | null = null;
    if (input.invitationCode) {
      if (!ACCOUNT_RULES.invitationCodePattern.test(input.invitationCode))
        throw new AppError('INVALID_INVITATION_CODE');
      const inviter = await this.repository.findByUsercode(brand, input.invitationCode);
      if (!inviter) throw new AppError('INVALID_INVITATION_CODE');
      invitedBy = inviter.id;
    } else if (params.register_invitation_required === '1') {
      throw new AppError('INVITATION_CODE_REQUIRED');
    }
    const agentCode =
      input.agentCode && ACCOUNT_RULES.agentCodePattern.test(input.agentCode) ? input.agentCode : null;
    const now = this.clock.now();
    if (!input.slideToken || !(await this.repository.passIsLive(brand, sha256(input.slideToken), now))) {
      throw new AppError('SLIDE_VERIFICATION_FAILED');
    }
    const target = id.kind === 'email' ? `email:${id.email}` : `phone:${id.phoneKey}`;
    const codeId = withCode
      ? await this.checkCode(brand, 'register', target, input.verifyCode as string)
      : undefined;
    const taken = await this.repository.taken(brand, {
      email: id.kind === 'email' ? id.email : null,
      phoneKey: id.kind === 'phone' ? id.phoneKey : null,
      usernameKey: username?.toLowerCase() ?? null,
    });
    if (taken.email || taken.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
    if (taken.username) throw new AppError('USERNAME_DUPLICATE');
    const days = Number(params.account_reregister_days) || 0;
    const heldValue = id.kind === 'email' ? id.email : id.phoneKey;
    if (days > 0 && (await this.repository.cancelledSince(brand, id.kind, heldValue, now - days * DAY_MS))) {
      throw new AppError('REREGISTER_TOO_SOON', { days });
    }
    // Hashing takes tens of milliseconds: done before the transaction, which stays short.
    const passwordHash = await this.hasher.hash(input.password);
    const userId = newId();
    for (let attempt = 0; ; attempt++) {
      const usercode = String(randomInt(1_000_000, 10_000_000));
      try {
        await inTransaction(this.db, async (tx) => {
          if (!(await this.repository.consumePass(tx, brand, sha256(input.slideToken as string), now))) {
            throw new AppError('SLIDE_VERIFICATION_FAILED');
          }
          if (codeId && !(await this.repository.consumeCode(tx, codeId, now))) {
            throw new AppError('WRONG_VERIFICATION_CODE');
          }
          await this.repository.insertUser(
            tx,
            {
              id: userId,
              brand,
              usercode,
              username: username ?? `u${usercode}`,
              email: id.kind === 'email' ? id.email : null,
              areaCode: id.kind === 'phone' ? id.areaCode : null,
              phone: id.kind === 'phone' ? id.phone : null,
              passwordHash,
              invitedBy,
              agentCode,
              lang: ctx.lang,
              now,
            },
            ['buyer'],
          );
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A race on the same phone, e-mail or name, or (rarely) a generated code already in use.
        const again = await this.repository.taken(brand, {
          email: id.kind === 'email' ? id.email : null,
          phoneKey: id.kind === 'phone' ? id.phoneKey : null,
          usernameKey: (username ?? `u${usercode}`).toLowerCase(),
        });
        if (again.email || again.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
        if (again.username && username) throw new AppError('USERNAME_DUPLICATE');
        if (attempt >= 5) throw error;
      }
    }
    return this.signIn(ctx, userId);
  }

  private async signIn(ctx: RequestContext, userId: string): Promise<LoginResultDto> {
    await this.repository.touchLogin(userId, this.clock.now());
    await this.forget(userId);
    const found = await this.repository.findWithRoles(userId);
    if (!found) throw new AppError('LOGIN_FAILED');
    const token = await this.sessions.issue(userId, ctx.brand.key);
    return { token, user: toLocalUser(found.user, found.roles) };
  }

  // ---- sign-in ---------------------------------------------------------------------------------

  /** Finds an account by what was typed: an e-mail, a phone (with areaCode) or a user name. */
  private async findLogin(brand: string, name: string, areaCode?: string): Promise<UserRow | undefined> {
    const [kind, key] = loginKey(name, areaCode);
    if (!key) return undefined;
    return this.repository.findByLogin(brand, kind, key);
  }

  /**
   * Sign-in. Refused attempts are counted per Asia/Shanghai day in the database (one atomic
   * upsert each, so parallel requests and several processes count exactly); more than 3 lock the
   * account until the next day or until a password reset by verification code. Unknown accounts
   * are counted and hashed against a dummy too: they answer and take the same as a wrong password.
   */
  async login(ctx: RequestContext, input: LoginInput): Promise<LoginResultDto> {
    await this.limit(`login:${ctx.ip}`, { limit: this.loginPerMinute, windowMs: 60_000 });
    const brand = ctx.brand.key;
    const user = await this.findLogin(brand, input.username, input.areaCode);
    const known = user && user.status !== 'cancelled' ? user : undefined;
    const key = known ? `u:${known.id}` : `k:${sha256(loginKey(input.username, input.areaCode).join(':'))}`;
    const now = this.clock.now();
    const day = shanghaiDay(now);
    const before = await this.repository.attempts(brand, key);
    if (before && before.day === day && before.failures > LOGIN_FAILURES_ALLOWED) {
      await this.repository.countFailure(brand, key, day, now);
      throw new AppError('PASSWORD_LOCKED_TODAY');
    }
    const ok = known
      ? await this.hasher.verify(known.password_hash, input.password)
      : await this.hasher.verifyDummy(input.password);
    if (!ok || !known) {
      const failures = await this.repository.countFailure(brand, key, day, now);
      throw new AppError(failures > LOGIN_FAILURES_ALLOWED ? 'PASSWORD_LOCKED_TODAY' : 'WRONG_PASSWORD');
    }
    if (known.status !== 'active') {
      await this.sessions.revokeAllForUser(known.id);
      throw new AppError('USER_LOCKED');
    }
    if (before) await this.repository.clearFailures(brand, key);
    return this.signIn(ctx, known.id);
  }

  async logout(ctx: RequestContext): Promise<void> {
    if (ctx.token) await this.sessions.revoke(ctx.token);
  }

  /** Today's refused sign-ins of a user (tests and the console read it). */
  async loginFailuresToday(brand: string, userId: string): Promise<number> {
    const row = await this.repository.attempts(brand, `u:${userId}`);
    return row && row.day === shanghaiDay(this.clock.now()) ? row.failures : 0;
  }

  /** Checks the login password of a signed-in user for a sensitive change; wrong ones count toward the day lock. */
  private async checkOwnPassword(
    ctx: RequestContext,
    user: UserRow,
    password: string,
    wrong: 'OLD_PASSWORD_WRONG' | 'WRONG_PASSWORD',
  ) {
    const key = `u:${user.id}`;
    const now = this.clock.now();
    const day = shanghaiDay(now);
    const before = await this.repository.attempts(ctx.brand.key, key);
    if (before && before.day === day && before.failures > LOGIN_FAILURES_ALLOWED) {
      throw new AppError('PASSWORD_LOCKED_TODAY');
    }
    if (!(await this.hasher.verify(user.password_hash, password))) {
      const failures = await this.repository.countFailure(ctx.brand.key, key, day, now);
      throw new AppError(failures > LOGIN_FAILURES_ALLOWED ? 'PASSWORD_LOCKED_TODAY' : wrong);
    }
  }

  // ---- passwords -------------------------------------------------------------------------------

  /** Changes the login password; every session of the user ends and a fresh one is answered. */
  async changePassword(
    ctx: RequestContext,
    input: { oldPassword: string; password: string; rePassword: string },
  ): Promise<{ token: string }> {
    const { user } = await this.current(ctx);
    checkPasswordRules(input.password, input.rePassword);
    await this.checkOwnPassword(ctx, user, input.oldPassword, 'OLD_PASSWORD_WRONG');
    const hash = await this.hasher.hash(input.password);
    await inTransaction(this.db, (tx) =>
      this.repository.setPasswordHash(tx, user.id, hash, this.clock.now()),
    );
    await this.sessions.revokeAllForUser(user.id);
    await this.forget(user.id);
    return { token: await this.sessions.issue(user.id, ctx.brand.key) };
  }

  /** Forgot password: a code sent to the account proves ownership; lifts the day lock, ends every session. */
  async resetPassword(ctx: RequestContext, input: ResetInput): Promise<void> {
    await this.limit(`login:${ctx.ip}`, { limit: this.loginPerMinute, windowMs: 60_000 });
    checkPasswordRules(input.password, input.rePassword);
    const brand = ctx.brand.key;
    const user = await this.findLogin(brand, input.username, input.areaCode);
    if (!user || user.status === 'cancelled') throw new AppError('WRONG_VERIFICATION_CODE');
    const codeId = await this.checkCode(brand, 'reset', `user:${user.id}`, input.verifyCode);
    const hash = await this.hasher.hash(input.password);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      if (!(await this.repository.consumeCode(tx, codeId, now)))
        throw new AppError('WRONG_VERIFICATION_CODE');
      await this.repository.setPasswordHash(tx, user.id, hash, now);
      await this.repository.clearFailures(brand, `u:${user.id}`, tx);
    });
    await this.sessions.revokeAllForUser(user.id);
    await this.forget(user.id);
  }

  async setFundPassword(ctx: RequestContext, input: { safeword: string; reSafeword: string }): Promise<void> {
    const { user } = await this.current(ctx);
    if (!isFundPassword(input.safeword)) throw new AppError('FUND_PASSWORD_FORMAT');
    if (input.safeword !== input.reSafeword) throw new AppError('PASSWORDS_NOT_SAME');
    if (user.fund_password_hash !== null) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    const hash = this.pins.hash(input.safeword);
    if (!(await this.repository.setFirstFundPassword(user.id, hash, this.clock.now()))) {
      throw new AppError('FUND_PASSWORD_ALREADY_SET');
    }
    await this.forget(user.id);
  }

  async changeFundPassword(
    ctx: RequestContext,
    input: { oldSafeword: string; safeword: string; reSafeword: string },
  ): Promise<void> {
    const { user } = await this.current(ctx);
    if (!isFundPassword(input.safeword)) throw new AppError('FUND_PASSWORD_FORMAT');
    if (input.safeword !== input.reSafeword) throw new AppError('PASSWORDS_NOT_SAME');
    await this.verifyFundPassword(this.db, user.id, input.oldSafeword);
    const hash = this.pins.hash(input.safeword);
    await this.repository.replaceFundPassword(user.id, hash, this.clock.now());
    await this.forget(user.id);
  }

  /**
   * For the wallet, orders and loans: checks a user's fund password. FUND_PASSWORD_NOT_SET when
   * none is set, FUND_PASSWORD_LOCKED (data.retryAfterSeconds) during the 3-minute lock,
   * WRONG_FUND_PASSWORD otherwise; the third wrong entry in a row starts the lock. One user's
   * entries are checked one at a time under their row's lock, so parallel guesses cannot all be
   * checked against the state before the first wrong ones were counted: at most three are checked
   * per lock however many arrive at once, while parallel right entries all pass. The count is
   * written through `executor`: call this before opening your transaction (or pass the database),
   * since a transaction you roll back would take the count with it.
   */
  async verifyFundPassword(
    executor: Executor | RequestContext,
    userId: string,
    password: string,
  ): Promise<void> {
    const db = isExecutor(executor) ? executor : this.db;
    const check = (tx: Executor) => this.checkFundPassword(tx, userId, password);
    // The refusal is thrown after the commit: thrown inside, it would roll the count back.
    const refusal = db.isTransaction ? await check(db) : await inTransaction(db, check);
    if (refusal) throw refusal;
  }

  private async checkFundPassword(tx: Executor, userId: string, password: string): Promise<AppError | null> {
    const user = await this.repository.lockUser(tx, userId);
    if (user?.status !== 'active' || !user) return new AppError('USER_LOCKED');
    if (user.fund_password_hash === null) return new AppError('FUND_PASSWORD_NOT_SET');
    const now = this.clock.now();
    const lockedUntil = user.fund_locked_until === null ? 0 : Number(user.fund_locked_until);
    if (lockedUntil > now) {
      return new AppError('FUND_PASSWORD_LOCKED', {
        retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000),
      });
    }
    const checked = isFundPassword(password)
      ? await this.pins.verify(user.fund_password_hash, password)
      : { ok: false, upgrade: false };
    if (!checked.ok) {
      const locked = await this.repository.countFundFailure(
        tx,
        userId,
        now + FUND_LOCK_MS,
        FUND_FAILURES_ALLOWED,
      );
      if (locked) return new AppError('FUND_PASSWORD_LOCKED', { retryAfterSeconds: FUND_LOCK_MS / 1000 });
      return new AppError('WRONG_FUND_PASSWORD');
    }
    // An older argon2 hash is replaced by the PIN form once it matched.
    if (checked.upgrade) await this.repository.replaceFundPassword(userId, this.pins.hash(password), now, tx);
    if (Number(user.fund_failures) > 0) await this.repository.resetFundFailures(tx, userId);
    return null;
  }

  /** For money-moving calls: the user is active and not business-locked by an operator. */
  async assertCanTransact(executor: Executor, userId: string): Promise<void> {
    const user = await this.repository.findById(userId, executor);
    if (user?.status !== 'active' || !user) throw new AppError('USER_LOCKED');
    if (Number(user.business_locked) === 1) throw new AppError('BUSINESS_LOCKED');
  }

  /** For calls that need verified identities (loans, some withdrawals). */
  async assertVerified(executor: Executor, userId: string, level: 'realname' | 'c3'): Promise<void> {
    const user = await this.repository.findById(userId, executor);
    if (!user) throw new AppError('USER_LOCKED');
    if (user.realname_status !== 'approved') throw new AppError('REAL_NAME_REQUIRED');
    if (level === 'c3' && user.c3_status !== 'approved') throw new AppError('C3_REQUIRED');
  }

  async setAvatar(ctx: RequestContext, avatar: number): Promise<LocalUserDto> {
    const { user, roles } = await this.current(ctx);
    await this.repository.setAvatar(user.id, avatar, this.clock.now());
    await this.forget(user.id);
    return toLocalUser({ ...user, avatar }, roles);
  }

  // ---- cancellation ----------------------------------------------------------------------------

  /**
   * Cancels the signed-in account after its login password: refused while any balance remains;
   * its phone and e-mail cannot sign up again for `account_reregister_days`.
   */
  async cancelAccount(ctx: RequestContext, password: string): Promise<void> {
    const { user, roles } = await this.current(ctx);
    if (roles.some((r) => r !== 'buyer')) throw new AppError('NO_PERMISSION');
    await this.checkOwnPassword(ctx, user, password, 'WRONG_PASSWORD');
    if ((await this.balanceOf(user.id)) > 0n) throw new AppError('CANCEL_WITH_BALANCE');
    const now = this.clock.now();
    const done = await inTransaction(this.db, (tx) =>
      this.repository.cancel(tx, user, [newId(), newId()], now),
    );
    if (!done) throw new AppError('USER_LOCKED');
    await this.sessions.revokeAllForUser(user.id);
    await this.forget(user.id);
  }

  // ---- staff -----------------------------------------------------------------------------------

  async adminList(ctx: RequestContext, search: Omit<UserSearch, 'brand'>, limit: number, offset: number) {
    const { rows, total } = await this.repository.search({ ...search, brand: ctx.brand.key }, limit, offset);
    const out: AdminUserDto[] = [];
    for (const row of rows) out.push(await this.toAdmin(row));
    return { rows: out, total };
  }

  async adminGet(ctx: RequestContext, idOrName: string): Promise<AdminUserDto> {
    const user =
      (await this.repository.findById(idOrName)) ??
      (await this.findLogin(ctx.brand.key, idOrName, undefined));
    if (!user) throw new AppError('USERNAME_NOT_FOUND');
    if (user.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    return this.toAdmin(user);
  }

  private async toAdmin(user: UserRow): Promise<AdminUserDto> {
    const effective = (await this.repository.findWithRoles(user.id))?.roles ?? [];
    const heldRoles = await this.repository.rolesOf(user.id);
    const staffRoles = await this.repository.staffRolesOf(user.id);
    const failures = await this.loginFailuresToday(user.brand, user.id);
    return {
      ...toLocalUser(user, effective),
      heldRoles,
      staffRoles,
      brand: user.brand,
      invitedBy: user.invited_by,
      agentCode: user.agent_code,
      loginLockedToday: failures > LOGIN_FAILURES_ALLOWED,
      businessLocked: Number(user.business_locked) === 1,
    };
  }

  private async target(ctx: RequestContext, userId: string, allowSelf = false): Promise<UserRow> {
    const user = await this.repository.findById(userId);
    if (!user) throw new AppError('USERNAME_NOT_FOUND');
    if (user.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    if (!allowSelf && user.id === ctx.actor?.userId) throw new AppError('CANNOT_ACT_ON_SELF');
    return user;
  }

  /** lock / disable / unlock a user (admin); locking or disabling ends every session at once. */
  async adminSetStatus(
    ctx: RequestContext,
    userId: string,
    status: 'active' | 'locked' | 'disabled',
    remark: string,
  ) {
    const user = await this.target(ctx, userId);
    if (user.status === 'cancelled') throw new AppError('USER_LOCKED');
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      // Two admins locking each other at once: the second finds itself locked and is refused.
      await lockAsAdmin(this.repository, tx, ctx);
      await this.repository.setStatus(tx, user.id, status, now);
      if (status === 'active') await this.repository.clearFailures(user.brand, `u:${user.id}`, tx);
      await this.audit.record(tx, {
        brand: user.brand,
        actorId: ctx.actor?.userId ?? '',
        action: status === 'active' ? 'user.unlock' : status === 'locked' ? 'user.lock' : 'user.disable',
        targetType: 'user',
        targetId: user.id,
        before: { status: user.status },
        after: { status, remark },
      });
    });
    if (status !== 'active') await this.sessions.revokeAllForUser(user.id);
    await this.forget(user.id);
    return this.adminGet(ctx, user.id);
  }

  async adminSetBusinessLock(ctx: RequestContext, userId: string, locked: boolean, remark: string) {
    const user = await this.target(ctx, userId);
    await inTransaction(this.db, async (tx) => {
      await this.repository.setBusinessLocked(tx, user.id, locked, this.clock.now());
      await this.audit.record(tx, {
        brand: user.brand,
        actorId: ctx.actor?.userId ?? '',
        action: locked ? 'user.business-lock' : 'user.business-unlock',
        targetType: 'user',
        targetId: user.id,
        before: { businessLocked: Number(user.business_locked) === 1 },
        after: { businessLocked: locked, remark },
      });
    });
    await this.forget(user.id);
    return this.adminGet(ctx, user.id);
  }

  /**
   * Sets the built-in roles a user holds and/or the custom staff roles (each list replaced when
   * given). An admin may change their own roles but not lose admin by it (ADMIN_SELF_DEMOTION).
   */
  async adminSetRoles(
    ctx: RequestContext,
    userId: string,
    change: { roles?: Role[] | undefined; staffRoleIds?: string[] | undefined },
  ) {
    const user = await this.target(ctx, userId, true);
    const roles = change.roles && [...new Set(change.roles)].sort();
    const staffRoleIds = change.staffRoleIds && [...new Set(change.staffRoleIds)];
    if (staffRoleIds) {
      const known = await this.repository.staffRolesIn(user.brand, staffRoleIds);
      if (known.length !== staffRoleIds.length) throw new AppError('ROLE_NOT_FOUND');
    }
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const actorId = await lockAsAdmin(this.repository, tx, ctx);
      const before = {
        roles: await this.repository.rolesOf(user.id, tx),
        staffRoles: (await this.repository.staffRolesOf(user.id, tx)).map((r) => r.name),
      };
      if (roles) await this.repository.replaceRoles(tx, user.id, roles, now);
      if (staffRoleIds) {
        try {
          await this.repository.replaceStaffRoles(tx, user.id, staffRoleIds, now);
        } catch (error) {
          // Deleted by another admin since it was checked above.
          if (isForeignKeyViolation(error)) throw new AppError('ROLE_NOT_FOUND');
          throw error;
        }
      }
      await assertStillAdmin(this.repository, tx, actorId);
      await this.audit.record(tx, {
        brand: user.brand,
        actorId,
        action: 'user.roles',
        targetType: 'user',
        targetId: user.id,
        before,
        after: {
          roles: await this.repository.rolesOf(user.id, tx),
          staffRoles: (await this.repository.staffRolesOf(user.id, tx)).map((r) => r.name),
        },
      });
    });
    await this.forget(user.id);
    return this.adminGet(ctx, user.id);
  }

  /** User names of the brand by id (for the audit log's actors). */
  async namesOf(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string>> {
    return this.repository.usernames(ctx.brand.key, [...new Set(ids)]);
  }

  /** The id of a user of the brand named by id, user name, e-mail or phone; undefined if none. */
  async findUserId(ctx: RequestContext, idOrName: string): Promise<string | undefined> {
    const user =
      (await this.repository.findById(idOrName)) ??
      (await this.findLogin(ctx.brand.key, idOrName, undefined));
    return user && user.brand === ctx.brand.key ? user.id : undefined;
  }

  // ---- identity verification status (written by the identity service in its transaction) -------

  async recordVerification(
    tx: Executor,
    userId: string,
    kind: 'realname' | 'c3',
    status: VerificationStatus,
    realName?: string | null,
  ): Promise<void> {
    await this.repository.setVerification(tx, userId, kind, status, realName, this.clock.now());
  }

  /**
   * Adds a built-in role on `tx` (the merchants flow grants `seller` with the store it opens);
   * answers the roles held before and after. The caller calls `forget(userId)` once committed.
   */
  async grantRole(tx: Executor, userId: string, role: Role): Promise<{ before: Role[]; after: Role[] }> {
    const before = await this.repository.rolesOf(userId, tx);
    if (before.includes(role)) return { before, after: before };
    const after = [...before, role].sort();
    await this.repository.replaceRoles(tx, userId, after, this.clock.now());
    return { before, after };
  }

  async userRow(userId: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.repository.findById(userId, executor);
  }

  /** argon2id hash with the configured parameters (seeding). */
  hashPassword(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  /** A fund PIN as it is stored (seeding). */
  hashFundPassword(pin: string): string {
    return this.pins.hash(pin);
  }

  // ---- demo data -------------------------------------------------------------------------------

  /** The id of a brand's user by user name (demo data: the demo seller's stores). */
  async userIdByName(brand: string, username: string): Promise<string | undefined> {
    return (await this.repository.findByLogin(brand, 'username', username.toLowerCase()))?.id;
  }

  /** Creates an account directly (seeding, tests): no slide, no code, no rate limit. */
  async createAccount(a: {
    brand: Brand;
    username: string;
    email?: string | null;
    areaCode?: string | null;
    phone?: string | null;
    passwordHash: string;
    roles: Role[];
    fundPasswordHash?: string | null;
  }): Promise<string | undefined> {
    const taken = await this.repository.taken(a.brand.key, {
      usernameKey: a.username.toLowerCase(),
      email: a.email ?? null,
    });
    if (taken.username || taken.email) return undefined;
    const id = newId();
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      await this.repository.insertUser(
        tx,
        {
          id,
          brand: a.brand.key,
          usercode: String(randomInt(1_000_000, 10_000_000)),
          username: a.username,
          email: a.email ?? null,
          areaCode: a.areaCode ?? null,
          phone: a.phone ?? null,
          passwordHash: a.passwordHash,
          invitedBy: null,
          agentCode: null,
          lang: 'en',
          now,
        },
        a.roles,
      );
    });
    if (a.fundPasswordHash) await this.repository.setFirstFundPassword(id, a.fundPasswordHash, now);
    return id;
  }

  private async limit(key: string, rule: { limit: number; windowMs: number }): Promise<void> {
    if (!(await this.limiter.hit(key, rule.limit, rule.windowMs))) throw new AppError('TOO_FREQUENT');
  }
}

function isExecutor(value: Executor | RequestContext): value is Executor {
  return typeof (value as Executor).selectFrom === 'function';
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
function humanTrail(trail: readonly number[][], x: number): boolean {
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
