/**
 * Every user-centre call acts on the caller only: ids or names of someone else in the parameters
 * are ignored or answered "not found", and nothing of the other user changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { call, type Registered, register } from './accounts.test-helpers.ts';

describeEachDialect("another user's profile, sessions and settings", (dialect) => {
  let t: TestApp;
  let me: Registered;
  let other: Registered;
  const snapshot = async (id: string) =>
    t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    me = await register(t);
    other = await register(t);
  });
  afterAll(() => t.close());

  it('reads only the caller, whatever ids the parameters carry', async () => {
    const reply = await call(
      t,
      'GET',
      '/api/get/local/user',
      { userId: other.userId, id: other.userId },
      { token: me.token },
    );
    expect(reply.data.id).toBe(me.userId);
    const status = await call(
      t,
      'GET',
      '/api/identity/realname/status',
      { userId: other.userId },
      { token: me.token },
    );
    expect(status.data.status).toBe('none');
  });

  it('changes nothing of the other user through avatar, passwords, fund password or cancellation', async () => {
    const before = await snapshot(other.userId);
    const opts = { token: me.token };
    const extra = { userId: other.userId, id: other.userId, username: other.username };
    expect(await call(t, 'POST', '/api/refresh/avatar', { avatar: 9, ...extra }, opts)).toMatchObject({
      code: 0,
    });
    expect(
      await call(
        t,
        'POST',
        '/api/user/SetSafeWord',
        { safeword: '135790', reSafeword: '135790', ...extra },
        opts,
      ),
    ).toMatchObject({ code: 0 });
    expect(
      await call(
        t,
        'POST',
        '/api/user/updateOldAndNewSafeWord',
        { oldSafeword: '135790', safeword: '975310', reSafeword: '975310', ...extra },
        opts,
      ),
    ).toMatchObject({ code: 0 });
    const changed = await call(
      t,
      'POST',
      '/api/user/updateOldAndNewPsw',
      { oldPassword: 'secret12', password: 'mine1234', rePassword: 'mine1234', ...extra },
      opts,
    );
    expect(changed).toMatchObject({ code: 0 });
    expect(await snapshot(other.userId)).toEqual(before);
    // Other's sessions survived my password change.
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: other.token })).toMatchObject({
      data: { id: other.userId },
    });
    // Cancelling with the other user's password and id cancels nothing of theirs.
    expect(
      await call(
        t,
        'POST',
        '/api/user!logoff.action',
        { password: 'secret12', ...extra },
        { token: changed.data.token },
      ),
    ).toMatchObject({ key: 'WRONG_PASSWORD' });
    expect((await snapshot(other.userId)).status).toBe('active');
  });

  it("logs out only the caller's token, even with the other's token in the body", async () => {
    const a = await register(t);
    const b = await register(t);
    expect(
      await call(t, 'POST', '/api/user!logout.action', { token: b.token }, { token: a.token }),
    ).toMatchObject({ code: 0 });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: a.token })).toMatchObject({ code: 403 });
    expect(await call(t, 'GET', '/api/get/local/user', {}, { token: b.token })).toMatchObject({
      data: { id: b.userId },
    });
  });

  it("cannot attach the other user's uploads to a verification", async () => {
    // My password changed above: sign in again.
    const fresh = await call(t, 'POST', '/api/login', { username: me.email, password: 'mine1234' });
    const theirs = await uploadImage(t, other.token, 'verification', PNG);
    const mine = await uploadImage(t, fresh.data.token, 'verification', PNG);
    const reply = await call(
      t,
      'POST',
      '/api/identity/realname/submit',
      { realName: 'Me Myself', idNumber: 'P1234567', frontImg: theirs.data.data, backImg: mine.data.data },
      { token: fresh.data.token },
    );
    expect(reply).toMatchObject({ key: 'IMAGE_NOT_FOUND' });
  });
});
