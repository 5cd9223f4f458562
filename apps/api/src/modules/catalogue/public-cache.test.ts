/**
 * Visitors' catalogue reads kept at the HTTP edge (core/http/edge-cache.ts): what clients and
 * shared caches are told, ETags and 304, what is never kept (sessions, POSTs, errors), the views
 * a kept page still counts, and the changes that drop kept answers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalBus } from '../../core/bus.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, type Fixture, HOST, seedFixture, signIn } from './catalogue.test-helpers.ts';
import { CATALOGUE_CHANGED } from './catalogue-types.ts';

describeEachDialect('public reads kept at the edge', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  // The bus other processes share: what they publish reaches this process's edge.
  const bus = createLocalBus();
  beforeAll(async () => {
    t = await createTestApp(dialect, { bus });
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  const page = (id: string, extra = '') => `/api/sellerGoods/info?sellerGoodsId=${id}${extra}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
  /** Changes a goods' price in the database only: nobody announces it. */
  const setPriceQuietly = (id: string, price: bigint) =>
    t.db.kysely.updateTable('goods').set({ price }).where('id', '=', id).execute();

  it('tells shared caches a visitor may reuse the answer, and browsers to ask again with its ETag', async () => {
    const res = await get('/api/category/tree?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, must-revalidate');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(res.headers.vary).toBe('accept-encoding, authorization');
    expect(res.json().code).toBe(0);
    const again = await get('/api/category/tree?lang=en');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.body).toBe(res.body);
  });

  it('answers 304 without a body to a client that holds the same ETag, 200 to one that does not', async () => {
    const first = await get(page(f.goods.pan));
    const etag = first.headers.etag as string;
    const notModified = await get(page(f.goods.pan), { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    const listed = await get(page(f.goods.pan), { 'if-none-match': `"other", ${etag}` });
    expect(listed.statusCode).toBe(304);
    const other = await get(page(f.goods.pan), { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.sellerGoodsId).toBe(f.goods.pan);
  });

  it('keeps one answer per language and brand', async () => {
    const en = await get(page(f.goods.earbudsEn));
    const zh = await get(page(f.goods.earbudsEn, '&lang=cn'));
    expect(en.json().data.categoryName).toBe('Headphones & Audio');
    expect(zh.json().data.categoryName).toBe('耳机音响');
    const novamart = await get('/api/index!home.action', {});
    const lumen = await get('/api/index!home.action', { host: 'lumen.localhost' });
    expect(novamart.json().data.downAppUrl).not.toBe(lumen.json().data.downAppUrl);
  });

  it('never keeps or shares what a session sees, a POST or an error', async () => {
    const buyer = await signIn(t);
    await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.coffee }, buyer.token);
    const visitor = await get(page(f.goods.coffee));
    expect(visitor.json().data.isKeep).toBe(false);
    const signedIn = await get(page(f.goods.coffee), { authorization: `Bearer ${buyer.token}` });
    expect(signedIn.json().data.isKeep).toBe(true);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    const tokenInQuery = await get(page(f.goods.coffee, `&token=${buyer.token}`));
    expect(tokenInQuery.json().data.isKeep).toBe(true);
    expect(tokenInQuery.headers['cache-control']).toBe('no-store');
    const posted = await t.app.inject({ method: 'POST', url: page(f.goods.coffee), headers: { host: HOST } });
    expect(posted.json().code).toBe(0);
    expect(posted.headers['cache-control']).toBe('no-store');
    // The visitor's page is still the anonymous one.
    expect((await get(page(f.goods.coffee))).json().data.isKeep).toBe(false);
    const missing = await get(page('nope'));
    expect(missing.json()).toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
    expect(missing.headers['cache-control']).not.toContain('public');
    expect((await get(`${page(f.goods.tshirt)}&sellerGoodsId=${f.goods.tshirt}`)).json()).toMatchObject({
      key: 'PARAMETER_ERROR',
    });
    expect((await get('/api/sellerGoods/info')).json()).toMatchObject({ key: 'MISSING_PARAMETER' });
    // A URL longer than any page makes is answered, not kept (keys stay small).
    const long = await get(page(f.goods.coffee, `&x=${'a'.repeat(1100)}`));
    expect(long.json().data.sellerGoodsId).toBe(f.goods.coffee);
    expect(long.headers['cache-control']).toBe('no-store');
  });

  it('counts every view of a kept goods page and store page', async () => {
    const id = f.goods.near;
    await get(page(id));
    await t.services.catalogue.views.flush();
    await t.services.catalogue.invalidate();
    const before = (await get(page(id))).json().data.viewsNum;
    await get(page(id));
    await get(page(id));
    await t.services.catalogue.views.flush();
    await t.services.catalogue.invalidate();
    expect((await get(page(id))).json().data.viewsNum).toBe(before + 3);
  });

  it('keeps an answer until a change is announced, then answers the new price with a new ETag', async () => {
    const id = f.goods.tshirt;
    const first = await get(page(id));
    const price = first.json().data.price as string;
    await setPriceQuietly(id, 123n * 10n ** 10n);
    const kept = await get(page(id));
    expect(kept.json().data.price).toBe(price);
    // Announced by this process (a seller's edit, an import).
    await t.services.catalogue.invalidate();
    const changed = await get(page(id));
    expect(changed.json().data.price).toBe('123');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect((await get(page(id), { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);
    // Announced by another process over the bus: lists are dropped too.
    const list = await get(`/api/sellerGoods/list?sellerId=${f.seller.bangkok}&pageSize=50`);
    await setPriceQuietly(id, 77n * 10n ** 10n);
    expect((await get(page(id))).json().data.price).toBe('123');
    await bus.publish(CATALOGUE_CHANGED, {});
    expect((await get(page(id))).json().data.price).toBe('77');
    const relisted = await get(`/api/sellerGoods/list?sellerId=${f.seller.bangkok}&pageSize=50`);
    expect(relisted.headers.etag).not.toBe(list.headers.etag);
  });

  it('drops only the pages of goods whose stock changed', async () => {
    const home = await get('/api/index!home.action');
    const goods = await get(page(f.goods.pan));
    await t.db.kysely
      .transaction()
      .execute((tx) => t.services.catalogue.reserveStock(tx, { sellerGoodsId: f.goods.pan, quantity: 1 }));
    const after = await get(page(f.goods.pan));
    expect(after.json().data.stock).toBe(goods.json().data.stock - 1);
    expect((await get('/api/index!home.action')).headers.etag).toBe(home.headers.etag);
    await bus.publish(CATALOGUE_CHANGED, { goodsIds: [f.goods.pan] });
  });
});
