/**
 * Issue 28: the pay dialog offers a first fund password with the login password as proof. The
 * spec's clients still set one without it; when the login password comes, a wrong one sets nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, register } from './accounts.test-helpers.ts';

describeEachDialect('accounts: first fund password with the login password as proof', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('refuses a wrong login password and sets nothing; the right one sets it', async () => {
    const u = await register(t);
    const set = (password: string) =>
      call(
        t,
        'POST',
        '/api/user/SetSafeWord',
        { safeword: '135790', reSafeword: '135790', password },
        {
          token: u.token,
        },
      );
    expect(await set('not-my-password')).toMatchObject({ key: 'WRONG_PASSWORD' });
    const me = () => call(t, 'GET', '/api/get/local/user', {}, { token: u.token });
    expect((await me()).data.fundPasswordSet).toBe(false);
    expect(await set(u.password)).toMatchObject({ code: 0 });
    expect((await me()).data.fundPasswordSet).toBe(true);
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, u.userId, '135790'),
    ).resolves.toBeUndefined();
  });
});
