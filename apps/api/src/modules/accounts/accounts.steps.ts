/** Steps several use cases of accounts take: rate limits, finding a login, signing in, codes, passwords. */
import { timingSafeEqual } from 'node:crypto';
import { ACCOUNT_RULES, type CodePurpose, type LoginResultDto } from '@mall/contract';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { UserRow } from './accounts.repository.ts';
import {
  type AccountDeps,
  CODE_MAX_TRIES,
  LOGIN_FAILURES_ALLOWED,
  loginKey,
  sha256,
  shanghaiDay,
  toLocalUser,
} from './accounts.rules.ts';

export async function limit(
  d: AccountDeps,
  key: string,
  rule: { limit: number; windowMs: number },
): Promise<void> {
  if (!(await d.limiter.hit(key, rule.limit, rule.windowMs))) throw new AppError('TOO_FREQUENT');
}

/** Finds an account by what was typed: an e-mail, a phone (with areaCode) or a user name. */
export async function findLogin(
  d: AccountDeps,
  brand: string,
  name: string,
  areaCode?: string,
): Promise<UserRow | undefined> {
  const [kind, key] = loginKey(name, areaCode);
  if (!key) return undefined;
  return d.repository.findByLogin(brand, kind, key);
}

/** A session for a sign-up or sign-in, recorded with its device id and address (risk view). */
export async function signIn(
  d: AccountDeps,
  ctx: RequestContext,
  userId: string,
  from: { event: 'register' | 'login'; deviceId: string | undefined },
): Promise<LoginResultDto> {
  await d.repository.touchLogin(userId, d.clock.now());
  await d.forget(userId);
  const found = await d.repository.findWithRoles(userId);
  if (!found) throw new AppError('LOGIN_FAILED');
  const token = await d.sessions.issue(userId, ctx.brand.key, { ...from, ip: ctx.ip });
  return { token, user: toLocalUser(found.user, found.roles) };
}

/** Checks a code (each try counts; 5 per code); answers its id for consumption in a transaction. */
export async function checkCode(
  d: AccountDeps,
  brand: string,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<string> {
  if (!ACCOUNT_RULES.verificationCodePattern.test(code)) throw new AppError('WRONG_VERIFICATION_CODE');
  const live = await d.repository.liveCode(brand, purpose, target, d.clock.now());
  if (!live || !(await d.repository.tryCode(live.id, CODE_MAX_TRIES))) {
    throw new AppError('WRONG_VERIFICATION_CODE');
  }
  const expected = Buffer.from(live.code_hash, 'hex');
  const given = Buffer.from(sha256(`${brand}|${target}|${code}`), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('WRONG_VERIFICATION_CODE');
  }
  return live.id;
}

/** Today's refused sign-ins of a user (tests and the console read it). */
export async function loginFailuresToday(d: AccountDeps, brand: string, userId: string): Promise<number> {
  const row = await d.repository.attempts(brand, `u:${userId}`);
  return row && row.day === shanghaiDay(d.clock.now()) ? row.failures : 0;
}

/** Checks the login password of a signed-in user for a sensitive change; wrong ones count toward the day lock. */
export async function checkOwnPassword(
  d: AccountDeps,
  ctx: RequestContext,
  user: UserRow,
  password: string,
  wrong: 'OLD_PASSWORD_WRONG' | 'WRONG_PASSWORD',
) {
  const key = `u:${user.id}`;
  const now = d.clock.now();
  const day = shanghaiDay(now);
  const before = await d.repository.attempts(ctx.brand.key, key);
  if (before && before.day === day && before.failures > LOGIN_FAILURES_ALLOWED) {
    throw new AppError('PASSWORD_LOCKED_TODAY');
  }
  if (!(await d.hasher.verify(user.password_hash, password))) {
    const failures = await d.repository.countFailure(ctx.brand.key, key, day, now);
    throw new AppError(failures > LOGIN_FAILURES_ALLOWED ? 'PASSWORD_LOCKED_TODAY' : wrong);
  }
}
