/** The fund password (a 6-digit PIN) with its 3-minute lock: set, change, and checked for money moves. */
import { isFundPassword } from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { type AccountDeps, FUND_FAILURES_ALLOWED, FUND_LOCK_MS } from './accounts.rules.ts';
import { checkOwnPassword } from './accounts.steps.ts';

export class FundPasswords {
  constructor(private readonly d: AccountDeps) {}

  /** First fund password; when the login password comes with it (pay dialog), it must be right. */
  async setFundPassword(
    ctx: RequestContext,
    input: { safeword: string; reSafeword: string; password?: string | undefined },
  ): Promise<void> {
    const { user } = await this.d.current(ctx);
    if (!isFundPassword(input.safeword)) throw new AppError('FUND_PASSWORD_FORMAT');
    if (input.safeword !== input.reSafeword) throw new AppError('PASSWORDS_NOT_SAME');
    if (user.fund_password_hash !== null) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    if (input.password !== undefined)
      await checkOwnPassword(this.d, ctx, user, input.password, 'WRONG_PASSWORD');
    const hash = this.d.pins.hash(input.safeword);
    if (!(await this.d.repository.setFirstFundPassword(user.id, hash, this.d.clock.now()))) {
      throw new AppError('FUND_PASSWORD_ALREADY_SET');
    }
    await this.d.forget(user.id);
  }

  async changeFundPassword(
    ctx: RequestContext,
    input: { oldSafeword: string; safeword: string; reSafeword: string },
  ): Promise<void> {
    const { user } = await this.d.current(ctx);
    if (!isFundPassword(input.safeword)) throw new AppError('FUND_PASSWORD_FORMAT');
    if (input.safeword !== input.reSafeword) throw new AppError('PASSWORDS_NOT_SAME');
    await this.verifyFundPassword(this.d.db, user.id, input.oldSafeword);
    const hash = this.d.pins.hash(input.safeword);
    await this.d.repository.replaceFundPassword(user.id, hash, this.d.clock.now());
    await this.d.forget(user.id);
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
    const db = isExecutor(executor) ? executor : this.d.db;
    const check = (tx: Executor) => this.checkFundPassword(tx, userId, password);
    // The refusal is thrown after the commit: thrown inside, it would roll the count back.
    const refusal = db.isTransaction ? await check(db) : await inTransaction(db, check);
    if (refusal) throw refusal;
  }

  private async checkFundPassword(tx: Executor, userId: string, password: string): Promise<AppError | null> {
    const user = await this.d.repository.lockUser(tx, userId);
    if (user?.status !== 'active' || !user) return new AppError('USER_LOCKED');
    if (user.fund_password_hash === null) return new AppError('FUND_PASSWORD_NOT_SET');
    const now = this.d.clock.now();
    const lockedUntil = user.fund_locked_until === null ? 0 : Number(user.fund_locked_until);
    if (lockedUntil > now) {
      return new AppError('FUND_PASSWORD_LOCKED', {
        retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000),
      });
    }
    const checked = isFundPassword(password)
      ? await this.d.pins.verify(user.fund_password_hash, password)
      : { ok: false, upgrade: false };
    if (!checked.ok) {
      const locked = await this.d.repository.countFundFailure(
        tx,
        userId,
        now + FUND_LOCK_MS,
        FUND_FAILURES_ALLOWED,
      );
      if (locked) return new AppError('FUND_PASSWORD_LOCKED', { retryAfterSeconds: FUND_LOCK_MS / 1000 });
      return new AppError('WRONG_FUND_PASSWORD');
    }
    // An older argon2 hash is replaced by the PIN form once it matched.
    if (checked.upgrade)
      await this.d.repository.replaceFundPassword(userId, this.d.pins.hash(password), now, tx);
    if (Number(user.fund_failures) > 0) await this.d.repository.resetFundFailures(tx, userId);
    return null;
  }
}

function isExecutor(value: Executor | RequestContext): value is Executor {
  return typeof (value as Executor).selectFrom === 'function';
}
