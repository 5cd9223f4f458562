/**
 * The goods page through the front door (core/http/front-door.ts) on a really listening mall:
 * `app.inject` goes straight to Fastify's handler, so only real requests reach the front door.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, type Fixture, HOST, seedFixture, signIn } from './catalogue.test-helpers.ts';

describeEachDialect('goods page through the front door', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** A GET over HTTP: status, the headers that matter, the body as bytes. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, { headers: { host: HOST, ...headers } });
    const body = Buffer.from(await res.arrayBuffer());
    const { date: _date, ...rest } = Object.fromEntries(res.headers);
    return { status: res.status, headers: rest, body, json: () => JSON.parse(body.toString('utf8')) };
  }
  const page = (id: string, extra = '') => `/api/sellerGoods/info?sellerGoodsId=${id}${extra}`;

  it('answers a cached page ahead of the framework with the bytes and headers the route sends', async () => {
    const answered = t.frontDoor.answered;
    const byRoute = await get(page(f.goods.earbudsZh, '&lang=en'));
    expect(t.frontDoor.answered).toBe(answered);
    const byFrontDoor = await get(page(f.goods.earbudsZh, '&lang=en'));
    expect(t.frontDoor.answered).toBe(answered + 1);
    expect(byFrontDoor.status).toBe(200);
    expect(byFrontDoor.headers).toEqual(byRoute.headers);
    expect(byFrontDoor.body.equals(byRoute.body)).toBe(true);
    expect(byFrontDoor.json()).toMatchObject({ code: 0, data: { sellerGoodsId: f.goods.earbudsZh } });
    // The connection is kept as Fastify's own server keeps it.
    expect(byFrontDoor.headers['keep-alive']).toBe('timeout=72');
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });

  it('answers each language from its own cached page, an alias as its language', async () => {
    await get(page(f.goods.earbudsEn, '&lang=zh-CN'));
    const answered = t.frontDoor.answered;
    const zh = await get(page(f.goods.earbudsEn, '&lang=cn'));
    expect(t.frontDoor.answered).toBe(answered + 1);
    const en = await get(page(f.goods.earbudsEn));
    // English was not cached yet for this goods: the route answered it.
    expect(t.frontDoor.answered).toBe(answered + 1);
    expect(zh.json().data.categoryName).toBe('耳机音响');
    expect(en.json().data.categoryName).toBe('Headphones & Audio');
  });

  it('leaves signed-in buyers, tokens in the query, POSTs and other paths to the route', async () => {
    const buyer = await signIn(t);
    await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.coffee }, buyer.token);
    await get(page(f.goods.coffee));
    const answered = t.frontDoor.answered;
    const signedIn = await get(page(f.goods.coffee), { authorization: `Bearer ${buyer.token}` });
    expect(signedIn.json().data.isKeep).toBe(true);
    const tokenInQuery = await get(page(f.goods.coffee, `&token=${buyer.token}`));
    expect(tokenInQuery.json().data.isKeep).toBe(true);
    const posted = await fetch(`${base}${page(f.goods.coffee)}`, { method: 'POST', headers: { host: HOST } });
    expect((await posted.json()).code).toBe(0);
    const trailingSlash = await get(`/api/sellerGoods/info/?sellerGoodsId=${f.goods.coffee}`);
    expect(trailingSlash.json().code).toBe(0);
    expect(t.frontDoor.answered).toBe(answered);
    // A visitor's page is still the anonymous one.
    expect((await get(page(f.goods.coffee))).json().data.isKeep).toBe(false);
    expect(t.frontDoor.answered).toBe(answered + 1);
  });

  it('leaves bad input to the route, which answers it from the catalogue of errors', async () => {
    await get(page(f.goods.tshirt));
    const answered = t.frontDoor.answered;
    const repeated = await get(`${page(f.goods.tshirt)}&sellerGoodsId=${f.goods.tshirt}`);
    expect(repeated.json()).toMatchObject({ key: 'PARAMETER_ERROR' });
    expect((await get('/api/sellerGoods/info')).json()).toMatchObject({ key: 'MISSING_PARAMETER' });
    expect((await get(page('nope'))).json()).toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
    expect(t.frontDoor.answered).toBe(answered);
  });

  it('counts the views it answers, and stops answering a page taken off the shelf', async () => {
    const id = f.goods.near;
    await get(page(id));
    await t.services.catalogue.views.flush();
    await t.services.catalogue.invalidate();
    const before = (await get(page(id))).json().data.viewsNum;
    const answered = t.frontDoor.answered;
    await get(page(id));
    await get(page(id));
    expect(t.frontDoor.answered).toBe(answered + 2);
    await t.services.catalogue.views.flush();
    await t.services.catalogue.invalidate();
    expect((await get(page(id))).json().data.viewsNum).toBe(before + 3);

    await t.services.catalogue.setGoodsStatus(t.db.kysely, id, 0);
    expect((await get(page(id))).json()).toMatchObject({ key: 'PRODUCT_OFF_SHELF' });
    await t.services.catalogue.setGoodsStatus(t.db.kysely, id, 1);
  });
});
