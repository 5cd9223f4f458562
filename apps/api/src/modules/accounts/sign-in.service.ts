/**
 * The login password: sign-in with the day lock, sign-out, changing and resetting the password,
 * the avatar, and cancelling the account.
 */
import type { LocalUserDto, LoginResultDto } from '@mall/contract';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import {
  type AccountDeps,
  checkPasswordRules,
  LOGIN_FAILURES_ALLOWED,
  type LoginInput,
  loginKey,
  type ResetInput,
  sha256,
  shanghaiDay,
  toLocalUser,
} from './accounts.rules.ts';
import { checkCode, checkOwnPassword, findLogin, limit, signIn } from './accounts.steps.ts';

export class SignIn {
  constructor(private readonly d: AccountDeps) {}

  /**
   * Sign-in. Refused attempts are counted per Asia/Shanghai day in the database (one atomic
   * upsert each, so parallel requests and several processes count exactly); more than 3 lock the
   * account until the next day or until a password reset by verification code. Unknown accounts
   * are counted and hashed against a dummy too: they answer and take the same as a wrong password.
   */
  async login(ctx: RequestContext, input: LoginInput): Promise<LoginResultDto> {
    await limit(this.d, `login:${ctx.ip}`, { limit: this.d.loginPerMinute, windowMs: 60_000 });
    const brand = ctx.brand.key;
    const user = await findLogin(this.d, brand, input.username, input.areaCode);
    const known = user && user.status !== 'cancelled' ? user : undefined;
    const key = known ? `u:${known.id}` : `k:${sha256(loginKey(input.username, input.areaCode).join(':'))}`;
    const now = this.d.clock.now();
    const day = shanghaiDay(now);
    const before = await this.d.repository.attempts(brand, key);
    if (before && before.day === day && before.failures > LOGIN_FAILURES_ALLOWED) {
      await this.d.repository.countFailure(brand, key, day, now);
      throw new AppError('PASSWORD_LOCKED_TODAY');
    }
    const ok = known
      ? await this.d.hasher.verify(known.password_hash, input.password)
      : await this.d.hasher.verifyDummy(input.password);
    if (!ok || !known) {
      const failures = await this.d.repository.countFailure(brand, key, day, now);
      throw new AppError(failures > LOGIN_FAILURES_ALLOWED ? 'PASSWORD_LOCKED_TODAY' : 'WRONG_PASSWORD');
    }
    if (known.status !== 'active') {
      await this.d.sessions.revokeAllForUser(known.id);
      throw new AppError('USER_LOCKED');
    }
    if (before) await this.d.repository.clearFailures(brand, key);
    return signIn(this.d, ctx, known.id, { event: 'login', deviceId: input.deviceId });
  }

  async logout(ctx: RequestContext): Promise<void> {
    if (ctx.token) await this.d.sessions.revoke(ctx.token);
  }

  /** Changes the login password; every session of the user ends and a fresh one is answered. */
  async changePassword(
    ctx: RequestContext,
    input: { oldPassword: string; password: string; rePassword: string },
  ): Promise<{ token: string }> {
    const { user } = await this.d.current(ctx);
    checkPasswordRules(input.password, input.rePassword);
    await checkOwnPassword(this.d, ctx, user, input.oldPassword, 'OLD_PASSWORD_WRONG');
    const hash = await this.d.hasher.hash(input.password);
    await inTransaction(this.d.db, (tx) =>
      this.d.repository.setPasswordHash(tx, user.id, hash, this.d.clock.now()),
    );
    await this.d.sessions.revokeAllForUser(user.id);
    await this.d.forget(user.id);
    return { token: await this.d.sessions.issue(user.id, ctx.brand.key) };
  }

  /** Forgot password: a code sent to the account proves ownership; lifts the day lock, ends every session. */
  async resetPassword(ctx: RequestContext, input: ResetInput): Promise<void> {
    await limit(this.d, `login:${ctx.ip}`, { limit: this.d.loginPerMinute, windowMs: 60_000 });
    checkPasswordRules(input.password, input.rePassword);
    const brand = ctx.brand.key;
    const user = await findLogin(this.d, brand, input.username, input.areaCode);
    if (!user || user.status === 'cancelled') throw new AppError('WRONG_VERIFICATION_CODE');
    const codeId = await checkCode(this.d, brand, 'reset', `user:${user.id}`, input.verifyCode);
    const hash = await this.d.hasher.hash(input.password);
    const now = this.d.clock.now();
    await inTransaction(this.d.db, async (tx) => {
      if (!(await this.d.repository.consumeCode(tx, codeId, now)))
        throw new AppError('WRONG_VERIFICATION_CODE');
      await this.d.repository.setPasswordHash(tx, user.id, hash, now);
      await this.d.repository.clearFailures(brand, `u:${user.id}`, tx);
    });
    await this.d.sessions.revokeAllForUser(user.id);
    await this.d.forget(user.id);
  }

  async setAvatar(ctx: RequestContext, avatar: number): Promise<LocalUserDto> {
    const { user, roles } = await this.d.current(ctx);
    await this.d.repository.setAvatar(user.id, avatar, this.d.clock.now());
    await this.d.forget(user.id);
    return toLocalUser({ ...user, avatar }, roles);
  }

  /**
   * Cancels the signed-in account after its login password: refused while any balance remains;
   * its phone and e-mail cannot sign up again for `account_reregister_days`.
   */
  async cancelAccount(ctx: RequestContext, password: string): Promise<void> {
    const { user, roles } = await this.d.current(ctx);
    if (roles.some((r) => r !== 'buyer')) throw new AppError('NO_PERMISSION');
    await checkOwnPassword(this.d, ctx, user, password, 'WRONG_PASSWORD');
    const now = this.d.clock.now();
    const done = await inTransaction(this.d.db, async (tx) => {
      await this.d.closingGuard(tx, user.id);
      return this.d.repository.cancel(tx, user, [newId(), newId()], now);
    });
    if (!done) throw new AppError('USER_LOCKED');
    await this.d.sessions.revokeAllForUser(user.id);
    await this.d.forget(user.id);
  }
}
