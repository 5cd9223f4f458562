import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BRANDS, injectBrand } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../tools/precompress.mjs';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { BUILD_HEADER } from './storefront.ts';

const TEMPLATE =
  '<!doctype html><html><head><!--brand-head--></head><body><div id="root"></div></body></html>';

/** A script large enough to be worth compressing, as a built chunk is. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "text ${i}";`).join('\n');

describe('storefront host', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mall-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.info(1)');
    writeFileSync(join(dist, 'assets', 'big-5678.js'), SCRIPT);
    precompressDir(dist);
    writeFileSync(join(dist, 'build-id.txt'), 'build-7f3a\n');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it("serves index.html for client routes with the brand's title, icon, colours and data", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/userInfo/dashboard?lang=ar',
      headers: { host: 'saffron.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Saffron Square | A market full of colour</title>');
    expect(res.body).toContain('--brand-primary:#c2410c');
    expect(res.body).toContain('href="/brand-icon.svg"');
    const data = /<script id="brand-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      key: 'saffron',
      supportMail: 'support@saffron.example',
    });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    // A file's own headers only: the document policies stay on pages and API answers.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-mall-build']).toBeUndefined();
  });

  it("sends the build's brotli or gzip copy of an asset to a browser that takes it, the file to others", async () => {
    const url = '/assets/big-5678.js';
    const browser = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('accept-encoding');
    expect(browser.headers['content-type']).toMatch(/javascript/);
    expect(browser.headers['cache-control']).toContain('immutable');
    expect(browser.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(browser.rawPayload).toString('utf8')).toBe(SCRIPT);
    const gzipOnly = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString('utf8')).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends the brand's page compressed to a browser that takes it", async () => {
    const headers = { host: 'saffron.localhost', 'accept-encoding': 'gzip, deflate, br' };
    const page = await t.app.inject({ method: 'GET', url: '/index', headers });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('<title>Saffron Square');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/index',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('<title>Saffron Square');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/index',
      headers: { host: 'saffron.localhost' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Saffron Square');
  });

  it("sends phones to the brand's wap site when it has one, and serves the same site otherwise", async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const withWap = await t.app.inject({
      method: 'GET',
      url: '/index',
      headers: { host: 'harborline.localhost', 'user-agent': phone },
    });
    expect(withWap.statusCode).toBe(302);
    expect(withWap.headers.location).toBe('https://m.harborline.example/');
    const withoutWap = await t.app.inject({
      method: 'GET',
      url: '/index',
      headers: { host: 'lumen.localhost', 'user-agent': phone },
    });
    expect(withoutWap.statusCode).toBe(200);
  });

  it('keeps unknown API paths as envelopes even with a storefront', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ key: 'API_NOT_FOUND' });
  });

  it("stamps every reply with the storefront's build: answers, errors and pages (the API client reads it)", async () => {
    const replies = await Promise.all(
      [
        '/api/get/params?code=mall_max_goods_number_in_order',
        '/api/category/tree',
        '/api/sellerGoods/info?sellerGoodsId=nope',
        '/api/nothing/here',
        '/index',
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const res of replies) expect(res.headers[BUILD_HEADER]).toBe('build-7f3a');
    expect(replies[0]?.json()).toMatchObject({ code: 0 });
    expect(replies[2]?.json()).toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
  });

  it('escapes brand text so it cannot break out of the head', () => {
    const brand = { ...BRANDS[0]!, title: '</title><script>alert(1)</script>', name: '</script><b>' };
    const html = injectBrand(TEMPLATE, brand);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</script><b>');
  });
});
