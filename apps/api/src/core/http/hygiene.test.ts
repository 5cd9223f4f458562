/**
 * HTTP hygiene on every answer: security headers (API included), compression, refused body types,
 * control characters in any text input, whole numbers only where a count is expected.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

describeEachDialect('HTTP hygiene', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as string, headers });

  it('sends security headers with every answer: success, business error, unknown path', async () => {
    for (const url of ['/api/get/params', '/api/user!heartbeat.action', '/api/no/such!call.action']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('compresses answers of 1 KB and more for a client that takes it, and no others', async () => {
    const url = '/api/country/list';
    const plain = await t.app.inject({ method: 'POST', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'POST', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/get/params?code=mall_max_goods_number_in_order',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('refuses bodies other than JSON, form and multipart upload with ILLEGAL_REQUEST', async () => {
    for (const type of ['text/plain', 'application/xml', 'text/csv', 'application/octet-stream']) {
      const res = await post('/api/get/params', 'code=mall_max_goods_number_in_order', {
        'content-type': type,
      });
      expect(res.json(), type).toMatchObject({ key: 'ILLEGAL_REQUEST', data: null });
    }
    const multipart = await post('/api/get/params', '--x\r\n\r\n--x--', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(multipart.json()).toMatchObject({ key: 'ILLEGAL_REQUEST' });
  });

  it('answers PARAMETER_ERROR for a NUL byte or control character in any text input, nested too', async () => {
    for (const keyword of ['a%00b', '%00', 'a%07', 'a%1Bb', 'a%7F']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sellerGoods/list?keyword=${keyword}` });
      expect(res.statusCode, keyword).toBe(200);
      expect(res.json(), keyword).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'keyword' } });
    }
    const search = await post('/api/search', { keyword: 'pan\u0000' });
    expect(search.json()).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'keyword' } });
    const nested = await post('/api/order/submit', {
      addressId: 'a1',
      submitKey: 'submit-key-1',
      items: [{ sellerGoodsId: 'g1', attr: 'red\u0000', count: 1 }],
    });
    expect(nested.json()).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'items' } });
    const register = await post('/api/registerNoVerifyCode', {
      username: 'nul\u0000user',
      password: 'abc123',
    });
    expect(register.statusCode).toBe(200);
    expect(register.json()).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'username' } });
    // Tabs and line breaks are text (a review, a remark), not control characters to refuse.
    const lines = await t.app.inject({ method: 'GET', url: '/api/sellerGoods/list?keyword=a%0Ab%09c' });
    expect(lines.json().code).toBe(0);
  });

  it('takes only whole numbers for counts and pages: "1e2", "1.0", " 3" and [1] are refused', async () => {
    for (const pageNum of ['1e2', '1.0', '%203', '0x10', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sellerGoods/list?pageNum=${pageNum}` });
      expect(res.json(), pageNum).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'pageNum' } });
    }
    expect((await post('/api/sellerGoods/list', { pageSize: [1] })).json()).toMatchObject({
      key: 'PARAMETER_ERROR',
      data: { field: 'pageSize' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/sellerGoods/list?pageNum=2' })).json().code).toBe(
      0,
    );
    expect((await post('/api/sellerGoods/list', { pageNum: 1, pageSize: 5 })).json().code).toBe(0);
    const order = (count: unknown) =>
      post('/api/order/submit', {
        addressId: 'a1',
        submitKey: 'submit-key-1',
        items: [{ sellerGoodsId: 'g1', count }],
      });
    for (const count of ['1e2', [1], 1.5, '2.0', true]) {
      expect((await order(count)).json(), JSON.stringify(count)).toMatchObject({
        key: 'PARAMETER_ERROR',
        data: { field: 'items' },
      });
    }
    // A whole count passes the input check; the call then wants a session.
    expect((await order('2')).json()).toMatchObject({ key: 'NOT_LOGGED_IN' });
    expect((await order(2)).json()).toMatchObject({ key: 'NOT_LOGGED_IN' });
  });
});
