import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import {
  call,
  countRows,
  grantRoles,
  latestCode,
  nextIp,
  register,
  solveSlide,
  uniqueEmail,
  uniquePhone,
} from './accounts.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describeEachDialect('accounts: sign-up', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const base = async (extra: Record<string, unknown> = {}) => ({
    type: 'email',
    email: uniqueEmail(),
    password: 'secret12',
    rePassword: 'secret12',
    agree: '1',
    slideToken: await solveSlide(t),
    ...extra,
  });
  const attempt = async (extra: Record<string, unknown>) =>
    call(t, 'GET', '/api/registerNoVerifyCode', await base(extra));

  it('signs up by e-mail and by phone, answering a token and the user as a buyer', async () => {
    const byMail = await register(t);
    expect(byMail.token).toMatch(/^[\w-]{43}$/);
    const phone = uniquePhone();
    const byPhone = await register(t, { type: 'phone', areaCode: '+86', phone, email: undefined });
    const me = await call(t, 'GET', '/api/get/local/user', {}, { token: byPhone.token });
    expect(me.data).toMatchObject({ areaCode: '86', phone, email: null, roles: ['buyer'], avatar: 1 });
    expect(me.data.usercode).toMatch(/^\d{7}$/);
  });

  it('refuses each bad value with its catalogue key and writes no user', async () => {
    const before = await countRows(t, 'users');
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'phone', areaCode: '86', phone: '1234567' }, 'PHONE_FORMAT'],
      [{ type: 'phone', areaCode: '86', phone: '1381234567a' }, 'PHONE_FORMAT'],
      [{ type: 'phone', areaCode: '86x', phone: '13812345678' }, 'PHONE_FORMAT'],
      [{ type: 'phone', phone: '13812345678' }, 'MISSING_PARAMETER'],
      [{ email: 'abc@shop.com' }, 'EMAIL_FORMAT'],
      [{ email: 'not-an-email' }, 'EMAIL_FORMAT'],
      [{ type: 'fax' }, 'PARAMETER_ERROR'],
      [{ username: 'ab12' }, 'USERNAME_FORMAT'],
      [{ username: 'abc_1234' }, 'USERNAME_FORMAT'],
      [{ password: 'abc12', rePassword: 'abc12' }, 'PASSWORD_LENGTH'],
      [{ password: 'abcdefgh12345', rePassword: 'abcdefgh12345' }, 'PASSWORD_LENGTH'],
      [{ password: 'abc 1234', rePassword: 'abc 1234' }, 'PASSWORD_FORMAT'],
      [{ rePassword: 'secret13' }, 'PASSWORDS_NOT_SAME'],
      [{ agree: '0' }, 'TERMS_NOT_ACCEPTED'],
      [{ agree: undefined }, 'TERMS_NOT_ACCEPTED'],
      [{ invitationCode: '9999999' }, 'INVALID_INVITATION_CODE'],
      [{ invitationCode: 'bad code!' }, 'INVALID_INVITATION_CODE'],
      [{ slideToken: 'forged-token' }, 'SLIDE_VERIFICATION_FAILED'],
      [{ slideToken: undefined }, 'SLIDE_VERIFICATION_FAILED'],
    ];
    for (const [extra, key] of cases) {
      expect(await attempt(extra), JSON.stringify(extra)).toMatchObject({ key });
    }
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('refuses a phone or e-mail already bound, and a taken user name, writing nothing', async () => {
    const phone = uniquePhone();
    const first = await register(t, { type: 'phone', areaCode: '44', phone, username: 'takenName01' });
    const before = await countRows(t, 'users');
    expect(await attempt({ type: 'phone', areaCode: '44', phone })).toMatchObject({
      key: 'ACCOUNT_ALREADY_BOUND',
    });
    const mail = await register(t);
    expect(await attempt({ email: mail.email?.toUpperCase() })).toMatchObject({
      key: 'ACCOUNT_ALREADY_BOUND',
    });
    const after = await countRows(t, 'users');
    expect(await attempt({ username: 'TAKENNAME01' })).toMatchObject({ key: 'USERNAME_DUPLICATE' });
    expect(await countRows(t, 'users')).toBe(after);
    expect(after).toBe(before + 1);
    expect(first.username).toBe('takenName01');
  });

  it('uses a slide pass once only, and refuses a wrong drop, a replayed challenge and an expired one', async () => {
    const slideToken = await solveSlide(t);
    expect(await attempt({ slideToken })).toMatchObject({ code: 0 });
    expect(await attempt({ slideToken })).toMatchObject({ key: 'SLIDE_VERIFICATION_FAILED' });

    const challenge = await call(t, 'GET', '/api/slide/challenge');
    expect(challenge.data.background).toMatch(/^data:image\/png;base64,/);
    const row = await t.db.kysely
      .selectFrom('slide_challenges')
      .select('target_x')
      .where('id', '=', challenge.data.id)
      .executeTakeFirstOrThrow();
    const x = Number(row.target_x);
    const trail = (to: number) => [
      [0, 0],
      [to * 0.4, 90],
      [to * 0.8, 180],
      [to * 0.9, 250],
      [to, 330],
    ];
    const wrong = await call(t, 'POST', '/api/slide/verify', {
      id: challenge.data.id,
      x: x + 20,
      trail: trail(x + 20),
    });
    expect(wrong).toMatchObject({ key: 'SLIDE_VERIFICATION_FAILED' });
    // One try per challenge: the right answer after a wrong one is refused too.
    const again = await call(t, 'POST', '/api/slide/verify', { id: challenge.data.id, x, trail: trail(x) });
    expect(again).toMatchObject({ key: 'SLIDE_VERIFICATION_FAILED' });

    // A robot's drag (instant, constant speed) fails even at the right place.
    const c2 = await call(t, 'GET', '/api/slide/challenge');
    const x2 = Number(
      (
        await t.db.kysely
          .selectFrom('slide_challenges')
          .select('target_x')
          .where('id', '=', c2.data.id)
          .executeTakeFirstOrThrow()
      ).target_x,
    );
    const robot = [0, 1, 2, 3, 4].map((i) => [(x2 * i) / 4, i]);
    expect(await call(t, 'POST', '/api/slide/verify', { id: c2.data.id, x: x2, trail: robot })).toMatchObject(
      {
        key: 'SLIDE_VERIFICATION_FAILED',
      },
    );

    const c3 = await call(t, 'GET', '/api/slide/challenge');
    const x3 = Number(
      (
        await t.db.kysely
          .selectFrom('slide_challenges')
          .select('target_x')
          .where('id', '=', c3.data.id)
          .executeTakeFirstOrThrow()
      ).target_x,
    );
    t.clock.advance(2 * 60_000 + 1);
    expect(
      await call(t, 'POST', '/api/slide/verify', { id: c3.data.id, x: x3, trail: trail(x3) }),
    ).toMatchObject({
      key: 'SLIDE_VERIFICATION_FAILED',
    });
  });

  it('records the inviter and the agent code', async () => {
    const inviter = await register(t);
    const invited = await register(t, { invitationCode: inviter.usercode, code: 'agent-77' });
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['invited_by', 'agent_code'])
      .where('id', '=', invited.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invited_by: inviter.userId, agent_code: 'agent-77' });
  });

  it('requires an invitation code when the brand says so', async () => {
    await t.services.params.set(brandOf('novamart'), 'register_invitation_required', '1');
    const before = await countRows(t, 'users');
    expect(await attempt({})).toMatchObject({ key: 'INVITATION_CODE_REQUIRED' });
    expect(await countRows(t, 'users')).toBe(before);
    const inviter = (await t.db.kysely.selectFrom('users').select('usercode').executeTakeFirstOrThrow())
      .usercode;
    expect(await attempt({ invitationCode: inviter })).toMatchObject({ code: 0 });
    await t.services.params.set(brandOf('novamart'), 'register_invitation_required', '0');
  });

  it('signs up with a verification code from the outbox; a wrong or reused code is refused', async () => {
    const email = uniqueEmail();
    expect(
      await call(t, 'GET', '/api/jscode!execute.action', { purpose: 'register', type: 'email', email }),
    ).toMatchObject({ code: 0 });
    const code = await latestCode(t, email);
    const payload = async (verifyCode: string) => ({
      type: 'email',
      email,
      password: 'secret12',
      rePassword: 'secret12',
      agree: 'true',
      slideToken: await solveSlide(t),
      verifyCode,
    });
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await countRows(t, 'users');
    expect(
      await call(t, 'GET', '/api/localuser!registerWithVerifcode.action', await payload(wrong)),
    ).toMatchObject({
      key: 'WRONG_VERIFICATION_CODE',
    });
    expect(await countRows(t, 'users')).toBe(before);
    expect(
      await call(t, 'GET', '/api/localuser!registerWithVerifcode.action', await payload(code)),
    ).toMatchObject({
      code: 0,
    });
    // The code is spent: the same e-mail is now bound anyway, and the code is gone.
    const live = await t.db.kysely
      .selectFrom('verification_codes')
      .select('consumed_at')
      .where('target', '=', `email:${email}`)
      .execute();
    expect(live.every((r) => r.consumed_at !== null)).toBe(true);
  });

  it('expires codes after 10 minutes, allows 5 tries, and resends at most once a minute', async () => {
    const phone = uniquePhone();
    const send = () =>
      call(t, 'GET', '/api/jscode!execute.action', {
        purpose: 'register',
        type: 'phone',
        areaCode: '1',
        phone,
      });
    expect(await send()).toMatchObject({ code: 0 });
    expect(await send()).toMatchObject({ key: 'TOO_FREQUENT' });
    const code = await latestCode(t, `+1${phone}`);
    t.clock.advance(10 * 60_000 + 1);
    const reg = async (verifyCode: string) =>
      call(t, 'GET', '/api/localuser!registerWithVerifcode.action', {
        type: 'phone',
        areaCode: '1',
        phone,
        password: 'secret12',
        rePassword: 'secret12',
        agree: '1',
        slideToken: await solveSlide(t),
        verifyCode,
      });
    expect(await reg(code)).toMatchObject({ key: 'WRONG_VERIFICATION_CODE' });
    expect(await send()).toMatchObject({ code: 0 });
    const fresh = await latestCode(t, `+1${phone}`);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await reg(wrong)).toMatchObject({ key: 'WRONG_VERIFICATION_CODE' });
    // Five wrong tries burn the code: the right one no longer works.
    expect(await reg(fresh)).toMatchObject({ key: 'WRONG_VERIFICATION_CODE' });
  });

  it('refuses registerNoVerifyCode when the brand requires codes', async () => {
    await t.services.params.set(brandOf('novamart'), 'register_verify_code_required', '1');
    expect(await attempt({})).toMatchObject({ key: 'MISSING_PARAMETER', data: { field: 'verifyCode' } });
    await t.services.params.set(brandOf('novamart'), 'register_verify_code_required', '0');
  });

  it('keeps brands apart: the same e-mail signs up in two brands, and a token works only in its own', async () => {
    const email = uniqueEmail();
    const a = await register(t, { email });
    const b = await register(
      t,
      { email, slideToken: await solveSlide(t, 'lumen.localhost') },
      { host: 'lumen.localhost' },
    );
    expect(a.userId).not.toBe(b.userId);
    expect(
      await call(t, 'GET', '/api/get/local/user', {}, { token: a.token, host: 'lumen.localhost' }),
    ).toMatchObject({
      key: 'INVALID_TOKEN',
    });
  });
});

import { BRANDS } from '@mall/contract';
import { type AccountSpec, ledgerAccounts } from '../ledger/index.ts';

function brandOf(key: string) {
  const brand = BRANDS.find((b) => b.key === key);
  if (!brand) throw new Error(key);
  return brand;
}

describeEachDialect('accounts: sign-in and sessions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const login = (username: string | undefined, password: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/login', { username, password, ...extra });

  it('signs in by e-mail, by phone with its area code and by user name', async () => {
    const phone = uniquePhone();
    const u = await register(t, { type: 'phone', areaCode: '62', phone, username: 'signinName1' });
    expect(await login(phone, 'secret12', { areaCode: '62' })).toMatchObject({ code: 0 });
    expect(await login('SIGNINNAME1', 'secret12')).toMatchObject({ code: 0 });
    const m = await register(t);
    const reply = await login(m.email?.toUpperCase(), 'secret12');
    expect(reply).toMatchObject({ code: 0, data: { user: { id: m.userId } } });
    expect(u.userId).toBeTruthy();
  });

  it('answers WRONG_PASSWORD three times, then PASSWORD_LOCKED_TODAY until the next Shanghai day', async () => {
    const u = await register(t);
    for (let i = 0; i < 3; i++)
      expect(await login(u.email, 'wrongpass')).toMatchObject({ key: 'WRONG_PASSWORD' });
    expect(await login(u.email, 'wrongpass')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
    // Locked: even the right password is refused today.
    expect(await login(u.email, 'secret12')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
    // Test clock: 2026-11-22 04:00 UTC = 12:00 in Shanghai; the lock ends at 16:00 UTC.
    t.clock.advance(12 * 60 * 60 * 1000 - 1000);
    expect(await login(u.email, 'secret12')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
    t.clock.advance(1000);
    expect(await login(u.email, 'secret12')).toMatchObject({ code: 0 });
  });

  it('treats unknown accounts like known ones: same answer, and locked after the same count', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await login('nobody@nowhere.com', 'whatever1')).toMatchObject({ key: 'WRONG_PASSWORD' });
    }
    expect(await login('nobody@nowhere.com', 'whatever1')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
  });

  it('lifts the day lock with a password reset by verification code, and ends every session', async () => {
    const u = await register(t);
    const other = await login(u.email, 'secret12');
    for (let i = 0; i < 4; i++) await login(u.email, 'wrongpass');
    expect(await login(u.email, 'secret12')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
    expect(
      await call(t, 'GET', '/api/jscode!execute.action', { purpose: 'reset', username: u.email }),
    ).toMatchObject({ code: 0 });
    const code = await latestCode(t, u.email as string);
    const reset = (extra: Record<string, unknown>) =>
      call(t, 'POST', '/api/user/resetPassword', {
        username: u.email,
        verifyCode: code,
        password: 'newpass12',
        rePassword: 'newpass12',
        ...extra,
      });
    expect(await reset({ rePassword: 'newpass13' })).toMatchObject({ key: 'PASSWORDS_NOT_SAME' });
    expect(await reset({ verifyCode: code === '000000' ? '111111' : '000000' })).toMatchObject({
      key: 'WRONG_VERIFICATION_CODE',
    });
    expect(await login(u.email, 'newpass12')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
    expect(await reset({})).toMatchObject({ code: 0 });
    expect(await login(u.email, 'newpass12')).toMatchObject({ code: 0 });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: other.data.token })).toMatchObject({
      code: 403,
    });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).toMatchObject({ code: 403 });
    // The code was used up.
    expect(await reset({ password: 'other123', rePassword: 'other123' })).toMatchObject({
      key: 'WRONG_VERIFICATION_CODE',
    });
  });

  it('answers a reset-code request for an unknown account like a known one, sending nothing', async () => {
    const before = await t.db.kysely
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(
      await call(t, 'GET', '/api/jscode!execute.action', { purpose: 'reset', username: 'ghost@nowhere.com' }),
    ).toMatchObject({ code: 0 });
    const after = await t.db.kysely
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('logs out: the token dies, other sessions live', async () => {
    const u = await register(t);
    const second = (await login(u.email, 'secret12')).data.token;
    expect(await call(t, 'GET', '/api/user!logout.action', {}, { token: u.token })).toMatchObject({
      code: 0,
    });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).toMatchObject({
      code: 403,
      key: 'SESSION_EXPIRED',
    });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: second })).toMatchObject({ code: 0 });
    expect(await call(t, 'POST', '/api/user!heartbeat.action', {}, { token: second })).toMatchObject({
      code: 0,
    });
    // Logging out without a session is harmless.
    expect(await call(t, 'GET', '/api/user!logout.action')).toMatchObject({ code: 0 });
  });

  it('answers NOT_LOGGED_IN and INVALID_TOKEN on user calls without a live session', async () => {
    expect(await call(t, 'GET', '/api/get/local/user')).toMatchObject({ code: 403, key: 'NOT_LOGGED_IN' });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: 'x'.repeat(43) })).toMatchObject({
      code: 403,
      key: 'INVALID_TOKEN',
    });
  });

  it('changes the login password: old must match, new twice, sessions end, a fresh token answers', async () => {
    const u = await register(t);
    const change = (extra: Record<string, unknown>, token = u.token) =>
      call(
        t,
        'POST',
        '/api/user/updateOldAndNewPsw',
        { oldPassword: 'secret12', password: 'brandnew1', rePassword: 'brandnew1', ...extra },
        { token },
      );
    const hash = async () =>
      (
        await t.db.kysely
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', u.userId)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const original = await hash();
    expect(await change({ oldPassword: 'secret13' })).toMatchObject({ key: 'OLD_PASSWORD_WRONG' });
    expect(await change({ rePassword: 'brandnew2' })).toMatchObject({ key: 'PASSWORDS_NOT_SAME' });
    expect(await change({ password: 'short', rePassword: 'short' })).toMatchObject({
      key: 'PASSWORD_LENGTH',
    });
    expect(await hash()).toBe(original);
    const ok = await change({});
    expect(ok).toMatchObject({ code: 0 });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).toMatchObject({ code: 403 });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: ok.data.token })).toMatchObject({
      code: 0,
    });
    expect(await login(u.email, 'secret12')).toMatchObject({ key: 'WRONG_PASSWORD' });
    expect(await login(u.email, 'brandnew1')).toMatchObject({ code: 0 });
  });

  it('sets the avatar (1-20)', async () => {
    const u = await register(t);
    expect(await call(t, 'POST', '/api/refresh/avatar', { avatar: 7 }, { token: u.token })).toMatchObject({
      data: { avatar: 7 },
    });
    expect(await call(t, 'POST', '/api/refresh/avatar', { avatar: 21 }, { token: u.token })).toMatchObject({
      key: 'PARAMETER_ERROR',
    });
    expect((await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).data.avatar).toBe(7);
  });
});

describeEachDialect('accounts: fund password', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('is exactly six digits, entered twice, set once', async () => {
    const u = await register(t);
    const set = (safeword: unknown, reSafeword: unknown = safeword) =>
      call(t, 'POST', '/api/user/SetSafeWord', { safeword, reSafeword }, { token: u.token });
    for (const bad of ['12345', '1234567', 'abcdef', '12345a', ' 123456']) {
      expect(await set(bad), bad).toMatchObject({ key: 'FUND_PASSWORD_FORMAT' });
    }
    expect(await set('123456', '123457')).toMatchObject({ key: 'PASSWORDS_NOT_SAME' });
    const row = () =>
      t.db.kysely
        .selectFrom('users')
        .select('fund_password_hash')
        .where('id', '=', u.userId)
        .executeTakeFirstOrThrow();
    expect((await row()).fund_password_hash).toBeNull();
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '123456'),
    ).rejects.toMatchObject({
      key: 'FUND_PASSWORD_NOT_SET',
    });
    expect(await set('123456')).toMatchObject({ code: 0 });
    expect(await set('654321')).toMatchObject({ key: 'FUND_PASSWORD_ALREADY_SET' });
    expect((await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).data.fundPasswordSet).toBe(
      true,
    );
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '123456'),
    ).resolves.toBeUndefined();
  });

  it('locks for 3 minutes after 3 wrong entries in a row; a right one resets the count', async () => {
    const u = await register(t);
    await call(
      t,
      'POST',
      '/api/user/SetSafeWord',
      { safeword: '112233', reSafeword: '112233' },
      { token: u.token },
    );
    const verify = (pw: string) => t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, pw);
    await expect(verify('000000')).rejects.toMatchObject({ key: 'WRONG_FUND_PASSWORD' });
    await expect(verify('000000')).rejects.toMatchObject({ key: 'WRONG_FUND_PASSWORD' });
    await expect(verify('112233')).resolves.toBeUndefined();
    await expect(verify('000000')).rejects.toMatchObject({ key: 'WRONG_FUND_PASSWORD' });
    await expect(verify('000000')).rejects.toMatchObject({ key: 'WRONG_FUND_PASSWORD' });
    await expect(verify('000000')).rejects.toMatchObject({
      key: 'FUND_PASSWORD_LOCKED',
      data: { retryAfterSeconds: 180 },
    });
    await expect(verify('112233')).rejects.toMatchObject({ key: 'FUND_PASSWORD_LOCKED' });
    t.clock.advance(3 * 60_000 - 1);
    await expect(verify('112233')).rejects.toMatchObject({ key: 'FUND_PASSWORD_LOCKED' });
    t.clock.advance(1);
    await expect(verify('112233')).resolves.toBeUndefined();
  });

  it('counts parallel wrong entries exactly: 3 at once lock it', async () => {
    const u = await register(t);
    await call(
      t,
      'POST',
      '/api/user/SetSafeWord',
      { safeword: '445566', reSafeword: '445566' },
      { token: u.token },
    );
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '000000')),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '445566'),
    ).rejects.toMatchObject({
      key: 'FUND_PASSWORD_LOCKED',
    });
  });

  it('checks at most three of 20 parallel guesses: two wrong, then locked for the rest', async () => {
    const u = await register(t);
    await call(
      t,
      'POST',
      '/api/user/SetSafeWord',
      { safeword: '778899', reSafeword: '778899' },
      { token: u.token },
    );
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i));
    const results = await Promise.allSettled(
      guesses.map((pin) => t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, pin)),
    );
    const keys = results.map((r) => (r.status === 'rejected' ? (r.reason as { key: string }).key : 'OK'));
    expect(keys.filter((k) => k === 'WRONG_FUND_PASSWORD')).toHaveLength(2);
    expect(keys.filter((k) => k === 'FUND_PASSWORD_LOCKED')).toHaveLength(18);
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '778899'),
    ).rejects.toMatchObject({ key: 'FUND_PASSWORD_LOCKED' });
  });

  it('passes 20 parallel right entries, and a right one among parallel wrong ones only before the lock', async () => {
    const u = await register(t);
    await call(
      t,
      'POST',
      '/api/user/SetSafeWord',
      { safeword: '135790', reSafeword: '135790' },
      { token: u.token },
    );
    const verify = (pin: string) => t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, pin);
    const right = await Promise.allSettled(Array.from({ length: 20 }, () => verify('135790')));
    expect(right.every((r) => r.status === 'fulfilled')).toBe(true);
    const mixed = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => verify(String(200000 + i))),
      verify('135790'),
    ]);
    const keys = mixed.map((r) => (r.status === 'rejected' ? (r.reason as { key: string }).key : 'OK'));
    // Checked one at a time: whatever the order, no more than three entries are ever compared.
    expect(keys.filter((k) => k !== 'FUND_PASSWORD_LOCKED').length).toBeLessThanOrEqual(3);
    expect(keys.filter((k) => k === 'WRONG_FUND_PASSWORD').length).toBeLessThanOrEqual(2);
  });

  it('changes the fund password: old must match (counts toward the lock), new six digits twice', async () => {
    const u = await register(t);
    const change = (oldSafeword: string, safeword: string, reSafeword = safeword) =>
      call(
        t,
        'POST',
        '/api/user/updateOldAndNewSafeWord',
        { oldSafeword, safeword, reSafeword },
        { token: u.token },
      );
    expect(await change('123456', '654321')).toMatchObject({ key: 'FUND_PASSWORD_NOT_SET' });
    await call(
      t,
      'POST',
      '/api/user/SetSafeWord',
      { safeword: '123456', reSafeword: '123456' },
      { token: u.token },
    );
    expect(await change('123456', '65432')).toMatchObject({ key: 'FUND_PASSWORD_FORMAT' });
    expect(await change('123456', '654321', '654320')).toMatchObject({ key: 'PASSWORDS_NOT_SAME' });
    expect(await change('999999', '654321')).toMatchObject({ key: 'WRONG_FUND_PASSWORD' });
    expect(await change('123456', '654321')).toMatchObject({ code: 0 });
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '654321'),
    ).resolves.toBeUndefined();
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '123456'),
    ).rejects.toMatchObject({
      key: 'WRONG_FUND_PASSWORD',
    });
  });
});

describeEachDialect('accounts: cancellation', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('is refused while a balance remains, and needs the login password', async () => {
    const u = await register(t);
    // One atomic unit in the wallet is a balance (the ledger is what the closing rule reads).
    const move = (id: string, debit: AccountSpec, credit: AccountSpec) =>
      t.services.ledger.transfer(t.db.kysely, { id, debit, credit, amount: 1n, kind: 'test' });
    await move(`in:${u.userId}`, ledgerAccounts.external('bank'), ledgerAccounts.wallet(u.userId));
    expect(
      await call(t, 'POST', '/api/user!logoff.action', { password: 'secret12' }, { token: u.token }),
    ).toMatchObject({
      key: 'CANCEL_WITH_BALANCE',
    });
    await move(`out:${u.userId}`, ledgerAccounts.wallet(u.userId), ledgerAccounts.external('bank'));
    expect(
      await call(t, 'POST', '/api/user!logoff.action', { password: 'wrong123' }, { token: u.token }),
    ).toMatchObject({
      key: 'WRONG_PASSWORD',
    });
    const row = await t.db.kysely
      .selectFrom('users')
      .select('status')
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('cancels: sessions end, sign-in fails, and the e-mail cannot sign up again for the set days', async () => {
    const u = await register(t);
    expect(
      await call(t, 'POST', '/api/user!logoff.action', { password: 'secret12' }, { token: u.token }),
    ).toMatchObject({
      code: 0,
    });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).toMatchObject({ code: 403 });
    expect(await call(t, 'POST', '/api/login', { username: u.email, password: 'secret12' })).toMatchObject({
      key: 'WRONG_PASSWORD',
    });
    const again = async () =>
      call(t, 'GET', '/api/registerNoVerifyCode', {
        type: 'email',
        email: u.email,
        password: 'secret12',
        rePassword: 'secret12',
        agree: '1',
        slideToken: await solveSlide(t),
      });
    expect(await again()).toMatchObject({ key: 'REREGISTER_TOO_SOON', data: { days: 30 } });
    t.clock.advance(30 * DAY + 1000);
    expect(await again()).toMatchObject({ code: 0 });
  });
});

describeEachDialect('accounts: staff and roles', (dialect) => {
  let t: TestApp;
  let admin: string;
  let risk: string;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const a = await register(t);
    await grantRoles(t, a.userId, ['admin']);
    admin = a.token;
    adminId = a.userId;
    const r = await register(t);
    await grantRoles(t, r.userId, ['risk']);
    risk = r.token;
  });
  afterAll(() => t.close());

  it('answers NO_PERMISSION to buyers on staff calls; a change of roles counts at once', async () => {
    const u = await register(t);
    expect(await call(t, 'GET', '/api/admin/user/list', {}, { token: u.token })).toMatchObject({
      key: 'NO_PERMISSION',
    });
    expect(
      await call(t, 'POST', '/api/admin/user/lock', { userId: u.userId }, { token: risk }),
    ).toMatchObject({
      key: 'NO_PERMISSION',
    });
    expect(await call(t, 'GET', '/api/admin/user/list', {}, { token: admin })).toMatchObject({ code: 0 });
    await grantRoles(t, u.userId, ['buyer', 'finance']);
    expect(await call(t, 'GET', '/api/admin/user/list', {}, { token: u.token })).toMatchObject({ code: 0 });
  });

  it('locks a user (their session dies at once), unlocks, disables, writes the audit log', async () => {
    const u = await register(t);
    const lock = await call(
      t,
      'POST',
      '/api/admin/user/lock',
      { userId: u.userId, remark: 'fraud check' },
      { token: admin },
    );
    expect(lock).toMatchObject({ code: 0, data: { status: 'locked' } });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: u.token })).toMatchObject({ code: 403 });
    expect(await call(t, 'POST', '/api/login', { username: u.email, password: 'secret12' })).toMatchObject({
      key: 'USER_LOCKED',
    });
    expect(
      await call(t, 'POST', '/api/admin/user/unlock', { userId: u.userId }, { token: admin }),
    ).toMatchObject({
      data: { status: 'active' },
    });
    const relogin = await call(t, 'POST', '/api/login', { username: u.email, password: 'secret12' });
    expect(relogin).toMatchObject({ code: 0 });
    await call(t, 'POST', '/api/admin/user/disable', { userId: u.userId }, { token: admin });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: relogin.data.token })).toMatchObject({
      code: 403,
    });
    const log = await call(t, 'GET', '/api/admin/audit/list', { targetId: u.userId }, { token: admin });
    expect(log.data.pageList.map((e: { action: string }) => e.action)).toEqual([
      'user.disable',
      'user.unlock',
      'user.lock',
    ]);
    expect(log.data.pageList[2]).toMatchObject({
      actorId: adminId,
      before: { status: 'active' },
      after: { status: 'locked', remark: 'fraud check' },
    });
  });

  it("refuses to act on oneself or on another brand's user, and answers USERNAME_NOT_FOUND for unknown ids", async () => {
    expect(
      await call(t, 'POST', '/api/admin/user/lock', { userId: adminId }, { token: admin }),
    ).toMatchObject({
      key: 'CANNOT_ACT_ON_SELF',
    });
    const other = await register(
      t,
      { slideToken: await solveSlide(t, 'lumen.localhost') },
      { host: 'lumen.localhost' },
    );
    expect(
      await call(t, 'POST', '/api/admin/user/lock', { userId: other.userId }, { token: admin }),
    ).toMatchObject({
      key: 'UNAUTHORIZED_ACCESS',
    });
    expect(
      await call(t, 'GET', '/api/admin/user/info', { id: 'nosuchuser1' }, { token: admin }),
    ).toMatchObject({
      key: 'USERNAME_NOT_FOUND',
    });
  });

  it('searches users by keyword, status and role', async () => {
    const u = await register(t, { username: 'findMe2026' });
    const found = await call(t, 'GET', '/api/admin/user/list', { keyword: 'findme' }, { token: admin });
    expect(found.data.pageList.map((x: { id: string }) => x.id)).toEqual([u.userId]);
    const staff = await call(t, 'GET', '/api/admin/user/list', { role: 'risk' }, { token: admin });
    expect(staff.data.pageInfo.total).toBe(1);
  });

  it('sets roles (audited) and business-locks a user for money calls', async () => {
    const u = await register(t);
    const reply = await call(
      t,
      'POST',
      '/api/admin/user/roles',
      { userId: u.userId, roles: ['buyer', 'seller'] },
      { token: admin },
    );
    expect(reply.data.roles).toEqual(['buyer', 'seller']);
    expect(
      await call(t, 'POST', '/api/admin/user/roles', { userId: u.userId, roles: ['king'] }, { token: admin }),
    ).toMatchObject({
      key: 'PARAMETER_ERROR',
    });
    await call(
      t,
      'POST',
      '/api/admin/user/businessLock',
      { userId: u.userId, locked: true },
      { token: risk },
    );
    await expect(t.services.accounts.assertCanTransact(t.db.kysely, u.userId)).rejects.toMatchObject({
      key: 'BUSINESS_LOCKED',
    });
    await call(
      t,
      'POST',
      '/api/admin/user/businessLock',
      { userId: u.userId, locked: false },
      { token: admin },
    );
    await expect(t.services.accounts.assertCanTransact(t.db.kysely, u.userId)).resolves.toBeUndefined();
  });
});

describe('login key', () => {
  it('reads e-mails, phones with area codes and user names', async () => {
    const { loginKey } = await import('./accounts.service.ts');
    expect(loginKey('A@B.com')).toEqual(['email', 'a@b.com']);
    expect(loginKey('138 0000 0000', '+86')).toEqual(['phone', '86-13800000000']);
    expect(loginKey('Buyer01')).toEqual(['username', 'buyer01']);
    expect(nextIp()).toMatch(/^10\./);
  });
});
