/**
 * Accounts and security (issue 4, DESIGN §7): the one entry other modules and the routes call.
 * It answers who is asking (session → user, cached briefly) and hands each use case to its own
 * file: sign-up.service.ts (slide, codes, registration), sign-in.service.ts (login password,
 * cancellation), fund-password.service.ts, user-admin.service.ts (staff actions on users).
 * Rules and shared steps: accounts.rules.ts, accounts.steps.ts. Rules live here; routes only parse.
 */
import type {
  AdminUserDto,
  LocalUserDto,
  LoginResultDto,
  Role,
  SlideChallengeDto,
  VerificationStatus,
} from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestContext } from '../../core/http/request-context.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { AuditService } from '../audit/index.ts';
import type { OutboxService } from '../outbox/index.ts';
import type { ParamsService } from '../params/index.ts';
import type { SessionService } from '../session/index.ts';
import type { AccountsRepository, UserRow, UserSearch } from './accounts.repository.ts';
import {
  type AccountDeps,
  type BalanceOf,
  type ClosingGuard,
  type Loaded,
  type LoginInput,
  RATE_LIMITS,
  type RegisterInput,
  type ResetInput,
  type SendCodeInput,
  toLocalUser,
} from './accounts.rules.ts';
import { findLogin, loginFailuresToday } from './accounts.steps.ts';
import { FundPasswords } from './fund-password.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { createPinHasher, DEV_PIN_PEPPER, type PinHasher } from './pin-hasher.ts';
import { SignIn } from './sign-in.service.ts';
import { SignUp } from './sign-up.service.ts';
import { UserAdmin } from './user-admin.service.ts';

/** Where a typed sign-in name is looked up (accounts.test.ts reads it here). */
export { loginKey } from './accounts.rules.ts';

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
  private readonly deps: AccountDeps;
  private readonly signUp: SignUp;
  private readonly signIn: SignIn;
  private readonly fundPasswords: FundPasswords;
  private readonly userAdmin: UserAdmin;

  constructor(
    readonly db: Executor,
    private readonly repository: AccountsRepository,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    params: ParamsService,
    outbox: OutboxService,
    audit: AuditService,
    limiter: RateLimiter,
    private readonly clock: Clock,
    /** Sign-in attempts one client address may make per minute (RATE_LIMIT_LOGIN_PER_MINUTE). */
    loginPerMinute: number = RATE_LIMITS.loginPerIp.limit,
    private readonly bus?: Bus,
    /** Fund PINs (pin-hasher.ts); without a pepper configured, a development one. */
    private readonly pins: PinHasher = createPinHasher(DEV_PIN_PEPPER, hasher),
  ) {
    bus?.subscribe(CHANGED, (payload) => {
      const change = payload as { userId?: unknown; all?: unknown } | null;
      if (change?.all === true) this.users.clear();
      else if (typeof change?.userId === 'string') this.users.delete(change.userId);
    });
    this.deps = {
      db,
      repository,
      sessions,
      hasher,
      params,
      outbox,
      audit,
      limiter,
      clock,
      loginPerMinute,
      pins,
      forget: (userId) => this.forget(userId),
      current: (ctx) => this.current(ctx),
      balanceOf: (userId) => this.balanceOf(userId),
      closingGuard: (tx, userId) => this.closingGuard(tx, userId),
    };
    this.signUp = new SignUp(this.deps);
    this.signIn = new SignIn(this.deps);
    this.fundPasswords = new FundPasswords(this.deps);
    this.userAdmin = new UserAdmin(this.deps);
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

  /** Every obligation across modules (flows/accounts/close-account.ts), checked before closing. */
  useClosingGuard(guard: ClosingGuard): void {
    this.closingGuard = guard;
  }

  private closingGuard: ClosingGuard = async (_tx, userId) => {
    if ((await this.balanceOf(userId)) > 0n) throw new AppError('CANCEL_WITH_BALANCE');
  };

  // ---- who is asking ---------------------------------------------------------------------------

  /**
   * Session → user → status → roles. A locked, disabled or cancelled user is refused and every
   * session of theirs revoked, so the client's next call answers 403.
   */
  async authenticate(ctx: RequestContext): Promise<Actor> {
    // Session and user both read by this process moments ago: no I/O at all.
    const cachedId = this.sessions.cachedUser(ctx);
    const hit = cachedId === undefined ? undefined : this.users.get(cachedId);
    if (
      hit &&
      hit.until > this.clock.now() &&
      hit.user.status === 'active' &&
      hit.user.brand === ctx.brand.key
    ) {
      this.loaded.set(ctx, hit);
      hit.actor ??= { userId: hit.user.id, roles: hit.roles };
      return hit.actor;
    }
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
    const { user, roles } = await this.current(ctx);
    return toLocalUser(user, roles);
  }

  // ---- sign-up (sign-up.service.ts) -------------------------------------------------------------

  slideChallenge(ctx: RequestContext): Promise<SlideChallengeDto> {
    return this.signUp.slideChallenge(ctx);
  }

  slideVerify(ctx: RequestContext, id: string, x: number, trail: readonly number[][]): Promise<string> {
    return this.signUp.slideVerify(ctx, id, x, trail);
  }

  sendCode(ctx: RequestContext, input: SendCodeInput): Promise<void> {
    return this.signUp.sendCode(ctx, input);
  }

  register(ctx: RequestContext, input: RegisterInput): Promise<LoginResultDto> {
    return this.signUp.register(ctx, input);
  }

  /** Creates an account directly (seeding, tests): no slide, no code, no rate limit. */
  createAccount(account: Parameters<SignUp['createAccount']>[0]): Promise<string | undefined> {
    return this.signUp.createAccount(account);
  }

  // ---- the login password (sign-in.service.ts) ---------------------------------------------------

  login(ctx: RequestContext, input: LoginInput): Promise<LoginResultDto> {
    return this.signIn.login(ctx, input);
  }

  logout(ctx: RequestContext): Promise<void> {
    return this.signIn.logout(ctx);
  }

  /** Today's refused sign-ins of a user (tests and the console read it). */
  loginFailuresToday(brand: string, userId: string): Promise<number> {
    return loginFailuresToday(this.deps, brand, userId);
  }

  changePassword(
    ctx: RequestContext,
    input: { oldPassword: string; password: string; rePassword: string },
  ): Promise<{ token: string }> {
    return this.signIn.changePassword(ctx, input);
  }

  resetPassword(ctx: RequestContext, input: ResetInput): Promise<void> {
    return this.signIn.resetPassword(ctx, input);
  }

  setAvatar(ctx: RequestContext, avatar: number): Promise<LocalUserDto> {
    return this.signIn.setAvatar(ctx, avatar);
  }

  cancelAccount(ctx: RequestContext, password: string): Promise<void> {
    return this.signIn.cancelAccount(ctx, password);
  }

  // ---- the fund password (fund-password.service.ts) ----------------------------------------------

  setFundPassword(
    ctx: RequestContext,
    input: { safeword: string; reSafeword: string; password?: string | undefined },
  ): Promise<void> {
    return this.fundPasswords.setFundPassword(ctx, input);
  }

  changeFundPassword(
    ctx: RequestContext,
    input: { oldSafeword: string; safeword: string; reSafeword: string },
  ): Promise<void> {
    return this.fundPasswords.changeFundPassword(ctx, input);
  }

  /** For the wallet, orders and loans: see FundPasswords.verifyFundPassword. */
  verifyFundPassword(executor: Executor | RequestContext, userId: string, password: string): Promise<void> {
    return this.fundPasswords.verifyFundPassword(executor, userId, password);
  }

  /** A fund PIN as it is stored (seeding). */
  hashFundPassword(pin: string): string {
    return this.pins.hash(pin);
  }

  /** argon2id hash with the configured parameters (seeding). */
  hashPassword(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  // ---- staff (user-admin.service.ts) -------------------------------------------------------------

  adminList(
    ctx: RequestContext,
    search: Omit<UserSearch, 'brand'>,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminUserDto[]; total: number }> {
    return this.userAdmin.adminList(ctx, search, limit, offset);
  }

  adminGet(ctx: RequestContext, idOrName: string): Promise<AdminUserDto> {
    return this.userAdmin.adminGet(ctx, idOrName);
  }

  adminSetStatus(
    ctx: RequestContext,
    userId: string,
    status: 'active' | 'locked' | 'disabled',
    remark: string,
  ): Promise<AdminUserDto> {
    return this.userAdmin.adminSetStatus(ctx, userId, status, remark);
  }

  adminSetBusinessLock(
    ctx: RequestContext,
    userId: string,
    locked: boolean,
    remark: string,
  ): Promise<AdminUserDto> {
    return this.userAdmin.adminSetBusinessLock(ctx, userId, locked, remark);
  }

  adminSetRoles(
    ctx: RequestContext,
    userId: string,
    change: { roles?: Role[] | undefined; staffRoleIds?: string[] | undefined },
  ): Promise<AdminUserDto> {
    return this.userAdmin.adminSetRoles(ctx, userId, change);
  }

  // ---- for other modules -------------------------------------------------------------------------

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

  /** User names of the brand by id (for the audit log's actors). */
  async namesOf(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string>> {
    return this.repository.usernames(ctx.brand.key, [...new Set(ids)]);
  }

  /** Ids of the users named exactly so, in any brand (other modules' keyword searches). */
  async userIdsNamed(username: string): Promise<string[]> {
    return this.repository.idsNamed(username);
  }

  /** The id of a user of the brand named by id, user name, e-mail or phone; undefined if none. */
  async findUserId(ctx: RequestContext, idOrName: string): Promise<string | undefined> {
    const user =
      (await this.repository.findById(idOrName)) ??
      (await findLogin(this.deps, ctx.brand.key, idOrName, undefined));
    return user && user.brand === ctx.brand.key ? user.id : undefined;
  }

  /** Identity verification status, written by the identity service in its transaction. */
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

  /** The id of a brand's user by user name (demo data: the demo seller's stores). */
  async userIdByName(brand: string, username: string): Promise<string | undefined> {
    return (await this.repository.findByLogin(brand, 'username', username.toLowerCase()))?.id;
  }
}
