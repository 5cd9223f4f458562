import { BRANDS, ERRORS } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

describeEachDialect('wire protocol', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    t.app.get('/api/test/busy', async () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    });
    // Sessions belong to real users: the actor is resolved through the account on every call.
    userId =
      (await t.services.accounts.createAccount({
        brand: BRANDS.find((b) => b.key === 'novamart') as (typeof BRANDS)[number],
        username: 'protocolUser1',
        passwordHash: 'unused',
        roles: ['buyer'],
      })) ?? '';
    token = await t.services.sessions.issue(userId, 'novamart');
  });
  afterAll(() => t.close());

  const heartbeat = '/api/user!heartbeat.action';

  it('answers the {code,msg,data} envelope with code 0 on success', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get/params?code=mall_max_goods_number_in_order',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { mall_max_goods_number_in_order: '500' } });
  });

  it('reads parameters from the query, a JSON body and a form body, body winning', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/get/params?code=nonsense',
      payload: { code: 'customer_service_url' },
    });
    expect(json.json().data).toEqual({ customer_service_url: '' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/get/params',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=mall_max_goods_number_in_order',
    });
    expect(form.json().data).toEqual({ mall_max_goods_number_in_order: '500' });
    const queryOnly = await t.app.inject({
      method: 'POST',
      url: '/api/get/params?code=customer_service_url',
    });
    expect(queryOnly.json()).toMatchObject({ code: 0, data: { customer_service_url: '' } });
  });

  it('takes the token from the Authorization header, the token query and the token body field', async () => {
    const viaHeader = await t.app.inject({
      method: 'POST',
      url: heartbeat,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaHeader.json().code).toBe(0);
    const viaQuery = await t.app.inject({ method: 'GET', url: `${heartbeat}?token=${token}` });
    expect(viaQuery.json().code).toBe(0);
    // The spec's "POST with a body wrapper": token in the URL, body alone.
    const wrapped = await t.app.inject({ method: 'POST', url: `${heartbeat}?token=${token}`, payload: {} });
    expect(wrapped.json().code).toBe(0);
    // The spec's "POST without a wrapper": token in the data.
    const inBody = await t.app.inject({ method: 'POST', url: heartbeat, payload: { token } });
    expect(inBody.json().code).toBe(0);
    const inForm = await t.app.inject({
      method: 'POST',
      url: heartbeat,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(inForm.json().code).toBe(0);
  });

  it('answers code 403 when nobody is logged in, the token is unknown or the session is gone', async () => {
    const none = await t.app.inject({ method: 'POST', url: heartbeat });
    expect(none.json()).toMatchObject({ code: 403, key: 'NOT_LOGGED_IN', data: null });
    const unknown = await t.app.inject({
      method: 'POST',
      url: heartbeat,
      headers: { authorization: 'Bearer nope' },
    });
    expect(unknown.json()).toMatchObject({ code: 403, key: 'INVALID_TOKEN' });
    const revokedToken = await t.services.sessions.issue(userId, 'novamart');
    await t.services.sessions.revoke(revokedToken);
    const revoked = await t.app.inject({ method: 'GET', url: `${heartbeat}?token=${revokedToken}` });
    expect(revoked.json()).toMatchObject({ code: 403, key: 'SESSION_EXPIRED' });
    const otherBrand = await t.app.inject({
      method: 'GET',
      url: `${heartbeat}?token=${token}`,
      headers: { host: 'lumen.localhost' },
    });
    expect(otherBrand.json()).toMatchObject({ code: 403, key: 'INVALID_TOKEN' });
  });

  it('ends a session when its time is up', async () => {
    const shortLived = await t.services.sessions.issue(userId, 'novamart');
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const res = await t.app.inject({ method: 'GET', url: `${heartbeat}?token=${shortLived}` });
    expect(res.json()).toMatchObject({ code: 403, key: 'SESSION_EXPIRED' });
    t.clock.advance(-8 * 24 * 60 * 60 * 1000);
  });

  it('answers msg in the language of lang, by UI code or query code, English when unknown', async () => {
    const msg = async (lang: string) =>
      (await t.app.inject({ method: 'POST', url: `${heartbeat}?lang=${encodeURIComponent(lang)}` })).json()
        .msg;
    expect(await msg('cn')).toBe(ERRORS.NOT_LOGGED_IN.zh);
    expect(await msg('zh-CN')).toBe(ERRORS.NOT_LOGGED_IN.zh);
    expect(await msg('en')).toBe('Please log in');
    expect(await msg('xx-YY')).toBe('Please log in');
    expect(await msg('<script>')).toBe('Please log in');
    const bodyLang = await t.app.inject({ method: 'POST', url: heartbeat, payload: { lang: 'cn' } });
    expect(bodyLang.json().msg).toBe(ERRORS.NOT_LOGGED_IN.zh);
  });

  it('answers unknown paths with an envelope, never an HTML page', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does/not!exist.action' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: ERRORS.API_NOT_FOUND.code, key: 'API_NOT_FOUND', data: null });
    }
  });

  it('answers malformed JSON, wrong types and unknown codes with a catalogue error', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/get/params',
      headers: { 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect(malformed.json()).toMatchObject({ code: ERRORS.PARAMETER_ERROR.code, key: 'PARAMETER_ERROR' });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/get/params', payload: { code: 42 } });
    expect(wrongType.json()).toMatchObject({ key: 'PARAMETER_ERROR' });
    const unsupported = await t.app.inject({
      method: 'POST',
      url: '/api/get/params',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(unsupported.json()).toMatchObject({ key: 'ILLEGAL_REQUEST' });
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/get/params',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.json().code).toBe(0);
  });

  it('refuses bodies over the limit with BODY_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe!add.action',
      payload: { email: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ key: 'BODY_TOO_LARGE' });
  });

  it('hides internal errors behind SERVER_ERROR without a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom?lang=cn' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: ERRORS.SERVER_ERROR.zh, data: null, key: 'SERVER_ERROR' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
  });

  it('answers SYSTEM_BUSY (503) when the database is busy, so the caller can try again', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ key: 'SYSTEM_BUSY', code: ERRORS.SYSTEM_BUSY.code });
  });

  it('chooses the brand by Host, falling back to the configured brand', async () => {
    const lumen = await t.app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'lumen.localhost:3000' },
    });
    expect(lumen.json().data).toMatchObject({ key: 'lumen', name: 'Lumen Bazaar' });
    expect(lumen.json().data.storageBucket).toBeUndefined();
    const www = await t.app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'www.cobalt.example' },
    });
    expect(www.json().data.footerCoins).toEqual(['USDC', 'ETH', 'BTC']);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'evil.example' },
    });
    expect(unknown.json().data.key).toBe('novamart');
  });

  it('answers the app download links of the brand', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/index!download-url.action',
      headers: { host: 'pelican.localhost' },
    });
    expect(res.json().data).toEqual({
      downloadUrl: 'https://pelican.example/app/buyer',
      buyerAppUrl: 'https://pelican.example/app/buyer',
      sellerAppUrl: 'https://pelican.example/app/seller',
    });
  });

  it('draws each brand its own icon', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/brand-icon.svg',
      headers: { host: 'zephyr.localhost' },
    });
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('#6d28d9');
    expect(res.body).toContain('>Z</text>');
  });
});
