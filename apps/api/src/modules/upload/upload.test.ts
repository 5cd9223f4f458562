import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { register } from '../accounts/accounts.test-helpers.ts';
import { multipart, PNG, uploadImage } from './upload.test-helpers.ts';

describeEachDialect('image upload', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = (await register(t)).token;
  });
  afterAll(() => t.close());

  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('stores a PNG and a JPEG, answers the URL in data.data, and serves it with its type', async () => {
    const png = await uploadImage(t, token, 'chat', PNG);
    expect(png).toMatchObject({ code: 0, data: { mime: 'image/png' } });
    expect(png.data.data).toMatch(/^\/uploads\/novamart\/\d{4}-\d{2}\/[0-9A-Z]{26}\.png$/);
    const served = await t.app.inject({ url: png.data.data });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const missing = await t.app.inject({ url: png.data.data.replace(/[0-9A-Z]{26}/, '0'.repeat(26)) });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
    expect(await uploadImage(t, token, 'proof', jpeg, 'image/jpeg')).toMatchObject({
      code: 0,
      data: { mime: 'image/jpeg' },
    });
  });

  it('sniffs by content: a GIF or a text named .png is refused, nothing stored', async () => {
    const before = await count();
    const gif = Buffer.from('GIF89a....................');
    expect(await uploadImage(t, token, 'chat', gif)).toMatchObject({ key: 'IMAGE_TYPE_NOT_ALLOWED' });
    expect(await uploadImage(t, token, 'chat', Buffer.from('<svg onload=alert(1)>'.repeat(3)))).toMatchObject(
      {
        key: 'IMAGE_TYPE_NOT_ALLOWED',
      },
    );
    expect(await count()).toBe(before);
  });

  it('limits size per module (2 MB for chat, 30 MB for verification)', async () => {
    const before = await count();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await uploadImage(t, token, 'chat', big)).toMatchObject({ key: 'IMAGE_TOO_LARGE' });
    expect(await uploadImage(t, token, 'verification', big)).toMatchObject({ code: 0 });
    const huge = Buffer.concat([PNG, Buffer.alloc(30 * 1024 * 1024)]);
    expect(await uploadImage(t, token, 'verification', huge)).toMatchObject({ key: 'IMAGE_TOO_LARGE' });
    expect(await count()).toBe(before + 1);
  });

  it('needs a session, a known module and a file', async () => {
    const body = multipart({ moduleName: 'chat' }, { name: 'a.png', type: 'image/png', bytes: PNG });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/upload/img',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anon.json()).toMatchObject({ code: 403, key: 'NOT_LOGGED_IN' });
    expect(await uploadImage(t, token, 'nope', PNG)).toMatchObject({ key: 'PARAMETER_ERROR' });
    const noFile = multipart({ moduleName: 'chat' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/img',
      headers: { ...noFile.headers, authorization: `Bearer ${token}` },
      payload: noFile.payload,
    });
    expect(res.json()).toMatchObject({ key: 'MISSING_PARAMETER' });
  });
});
