import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { call, countRows, grantRoles, register } from './accounts.test-helpers.ts';

describeEachDialect('real-name and C3 verification', (dialect) => {
  let t: TestApp;
  let risk: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const r = await register(t);
    await grantRoles(t, r.userId, ['risk']);
    risk = r.token;
  });
  afterAll(() => t.close());

  const photos = async (token: string) => ({
    frontImg: (await uploadImage(t, token, 'verification', PNG)).data.data,
    backImg: (await uploadImage(t, token, 'verification', PNG)).data.id,
    handheldImg: (await uploadImage(t, token, 'verification', PNG)).data.data,
  });

  it('submits real name with photos, is reviewed by risk, then C3 follows', async () => {
    const u = await register(t);
    const imgs = await photos(u.token);
    expect(await call(t, 'POST', '/api/identity/c3/submit', imgs, { token: u.token })).toMatchObject({
      key: 'REAL_NAME_REQUIRED',
    });
    const submitted = await call(
      t,
      'POST',
      '/api/identity/realname/submit',
      { realName: 'Zhang San', idNumber: 'E12345678', nationality: 'China', ...imgs },
      { token: u.token },
    );
    expect(submitted).toMatchObject({
      code: 0,
      data: { status: 'pending', realName: 'Zhang San', idNumber: 'E1****78' },
    });
    expect(
      await call(
        t,
        'POST',
        '/api/identity/realname/submit',
        { realName: 'Zhang San', idNumber: 'E12345678', ...imgs },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'VERIFICATION_PENDING' });
    // A buyer cannot review; risk can.
    const pending = await call(t, 'GET', '/api/admin/identity/list', { status: 'pending' }, { token: risk });
    const app = pending.data.pageList.find((r: { userId: string }) => r.userId === u.userId);
    expect(app).toMatchObject({ kind: 'realname', idNumber: 'E12345678' });
    expect(
      await call(t, 'POST', '/api/admin/identity/review', { id: app.id, approve: true }, { token: u.token }),
    ).toMatchObject({
      key: 'NO_PERMISSION',
    });
    expect(
      await call(t, 'POST', '/api/admin/identity/review', { id: app.id, approve: true }, { token: risk }),
    ).toMatchObject({
      code: 0,
    });
    expect(
      await call(t, 'POST', '/api/admin/identity/review', { id: app.id, approve: false }, { token: risk }),
    ).toMatchObject({
      key: 'REVIEW_ALREADY_DONE',
    });
    const me = await call(t, 'GET', '/api/get/local/user', {}, { token: u.token });
    expect(me.data).toMatchObject({ realNameStatus: 'approved', realName: 'Zhang San', c3Status: 'none' });
    await expect(t.services.accounts.assertVerified(t.db.kysely, u.userId, 'c3')).rejects.toMatchObject({
      key: 'C3_REQUIRED',
    });
    expect(await call(t, 'POST', '/api/identity/c3/submit', imgs, { token: u.token })).toMatchObject({
      data: { kind: 'c3', status: 'pending' },
    });
    const c3 = (await call(t, 'GET', '/api/admin/identity/list', { kind: 'c3' }, { token: risk })).data
      .pageList[0];
    await call(
      t,
      'POST',
      '/api/admin/identity/review',
      { id: c3.id, approve: '0', remark: 'blurred photo' },
      { token: risk },
    );
    expect(await call(t, 'GET', '/api/identity/c3/status', {}, { token: u.token })).toMatchObject({
      data: { status: 'rejected', remark: 'blurred photo' },
    });
    // Refused: a new application may follow.
    expect(await call(t, 'POST', '/api/identity/c3/submit', imgs, { token: u.token })).toMatchObject({
      code: 0,
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'identity_verification')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['identity.c3.reject', 'identity.realname.approve']);
  });

  it("refuses bad names, numbers and photos that are not the user's own uploads, writing nothing", async () => {
    const u = await register(t);
    const stranger = await register(t);
    const mine = await photos(u.token);
    const theirs = await photos(stranger.token);
    const before = await countRows(t, 'identity_verifications');
    const submit = (extra: Record<string, unknown>) =>
      call(
        t,
        'POST',
        '/api/identity/realname/submit',
        { realName: 'Li Si', idNumber: 'A1234567', ...mine, ...extra },
        { token: u.token },
      );
    expect(await submit({ realName: 'X' })).toMatchObject({ key: 'REAL_NAME_FORMAT' });
    expect(await submit({ realName: 'Li Si 2' })).toMatchObject({ key: 'REAL_NAME_FORMAT' });
    expect(await submit({ idNumber: 'A1' })).toMatchObject({ key: 'ID_NUMBER_FORMAT' });
    expect(await submit({ idNumber: 'A123-4567' })).toMatchObject({ key: 'ID_NUMBER_FORMAT' });
    expect(await submit({ frontImg: theirs.frontImg })).toMatchObject({ key: 'IMAGE_NOT_FOUND' });
    expect(await submit({ frontImg: 'https://evil.example/x.png' })).toMatchObject({
      key: 'IMAGE_NOT_FOUND',
    });
    expect(await submit({ backImg: undefined })).toMatchObject({ key: 'MISSING_PARAMETER' });
    expect(await countRows(t, 'identity_verifications')).toBe(before);
    expect(await call(t, 'GET', '/api/identity/realname/status', {}, { token: u.token })).toMatchObject({
      data: { status: 'none' },
    });
  });

  it('lists the review queue first (pending, oldest first) and finds applications by keyword', async () => {
    const submitAs = async (realName: string, idNumber: string) => {
      const u = await register(t);
      const reply = await call(
        t,
        'POST',
        '/api/identity/realname/submit',
        { realName, idNumber, ...(await photos(u.token)) },
        { token: u.token },
      );
      expect(reply.code).toBe(0);
      t.clock.advance(1000);
      return u;
    };
    const decided = await submitAs('Queue Decided', 'Q0000001');
    const first = await submitAs('Queue First', 'Q0000002');
    const second = await submitAs('Queue Second', 'Q0000003');
    const list = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api/admin/identity/list', { pageSize: 100, ...body }, { token: risk });
    const all = await list({ keyword: 'queue' });
    const id = (u: { userId: string }) =>
      all.data.pageList.find((r: { userId: string }) => r.userId === u.userId).id;
    await call(
      t,
      'POST',
      '/api/admin/identity/review',
      { id: id(decided), approve: false, remark: 'blurred' },
      { token: risk },
    );

    // Case does not matter for names; the decided one drops behind the queue.
    const queue = await list({ keyword: 'QUEUE' });
    expect(queue.data.pageInfo.total).toBe(3);
    expect(queue.data.pageList.map((r: { userId: string; status: string }) => [r.userId, r.status])).toEqual([
      [first.userId, 'pending'],
      [second.userId, 'pending'],
      [decided.userId, 'rejected'],
    ]);
    expect(
      (await list({ keyword: 'Q0000003' })).data.pageList.map((r: { userId: string }) => r.userId),
    ).toEqual([second.userId]);
    expect((await list({ keyword: second.username })).data.pageInfo.total).toBe(1);
    expect((await list({ keyword: 'queue', status: 'pending' })).data.pageInfo.total).toBe(2);
    // Newest first when asked; the queue still comes first.
    expect(
      (await list({ keyword: 'queue', order: 'desc' })).data.pageList.map(
        (r: { userId: string }) => r.userId,
      ),
    ).toEqual([second.userId, first.userId, decided.userId]);
    expect((await list({ order: 'sideways' })).key).toBe('PARAMETER_ERROR');
    // LIKE's wildcards are plain characters in a keyword.
    expect((await list({ keyword: '%' })).data.pageInfo.total).toBe(0);
    expect((await list({ keyword: 'x'.repeat(65) })).key).toBe('PARAMETER_ERROR');
  });
});
