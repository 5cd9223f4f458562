import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { RECENT_VIEWS_KEPT } from './catalogue.repository.ts';
import { call, type Fixture, seedFixture, signIn } from './catalogue.test-helpers.ts';
import { CatalogueRepository, PageViews } from './index.ts';

describeEachDialect('page views', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  const viewsOf = async (table: 'goods' | 'sellers', id: string) =>
    Number(
      (await t.db.kysely.selectFrom(table).select('views').where('id', '=', id).executeTakeFirstOrThrow())
        .views,
    );

  it('counts views in memory and writes them in one batch', async () => {
    const views = t.services.catalogue.views;
    await views.flush();
    const before = await viewsOf('goods', f.goods.pan);
    for (let i = 0; i < 25; i++) await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.pan}`);
    for (let i = 0; i < 4; i++) await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`);
    // Nothing written on the hot path.
    expect(await viewsOf('goods', f.goods.pan)).toBe(before);
    expect(views.pending).toMatchObject({ goods: 25, sellers: 4 });
    await views.flush();
    expect(views.pending).toEqual({ goods: 0, sellers: 0, recent: 0 });
    expect(await viewsOf('goods', f.goods.pan)).toBe(before + 25);
    expect(await viewsOf('sellers', f.seller.bangkok)).toBe(4);
    await views.flush();
    expect(await viewsOf('goods', f.goods.pan)).toBe(before + 25);
  });

  it('does not count pages that were not shown', async () => {
    await t.services.catalogue.views.flush();
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.removed}`);
    await call(t, 'GET', '/api/sellerGoods/info?sellerGoodsId=missing');
    await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.closed}`);
    expect(t.services.catalogue.views.pending).toEqual({ goods: 0, sellers: 0, recent: 0 });
  });

  it('records what a signed-in buyer looked at, once per goods, latest time', async () => {
    const { userId, token } = await signIn(t);
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.phone}`, undefined, token);
    t.clock.advance(60_000);
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.phone}`, undefined, token);
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.pan}`, undefined, token);
    await t.services.catalogue.views.flush();
    t.clock.advance(60_000);
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.phone}`, undefined, token);
    await t.services.catalogue.views.flush();
    const rows = await t.db.kysely
      .selectFrom('recent_views')
      .select(['goods_id', 'viewed_at'])
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .execute();
    expect(rows.map((r) => r.goods_id)).toEqual([f.goods.phone, f.goods.pan]);
    expect(Number(rows[0]?.viewed_at)).toBe(t.clock.now());
  });

  it("keeps only each buyer's latest views", async () => {
    const { userId } = await signIn(t);
    const views = new PageViews(t.db.kysely, new CatalogueRepository(t.db.kysely, dialect), t.clock, {
      intervalMs: 0,
      maxPending: 100_000,
    });
    // Ids need not exist for this table; 105 views, one millisecond apart.
    const ids = Array.from({ length: RECENT_VIEWS_KEPT + 5 }, (_, i) => `goods${String(i).padStart(4, '0')}`);
    for (const id of ids) {
      t.clock.advance(1);
      views.recordGoods(id, userId);
    }
    await views.flush();
    const kept = await t.db.kysely
      .selectFrom('recent_views')
      .select('goods_id')
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .execute();
    expect(kept.map((r) => r.goods_id)).toEqual(ids.slice(5).reverse());
  });

  it('keeps the counts for the next flush when writing fails', async () => {
    const real = new CatalogueRepository(t.db.kysely, dialect);
    let fail = true;
    const flaky = Object.create(real) as CatalogueRepository;
    flaky.addGoodsViews = async (executor, counts) => {
      if (fail) throw new Error('database gone');
      return real.addGoodsViews(executor, counts);
    };
    const views = new PageViews(t.db.kysely, flaky, t.clock, { intervalMs: 0, maxPending: 1000 });
    const before = await viewsOf('goods', f.goods.coffee);
    views.recordGoods(f.goods.coffee);
    views.recordGoods(f.goods.coffee);
    await expect(views.flush()).rejects.toThrow('database gone');
    expect(await viewsOf('goods', f.goods.coffee)).toBe(before);
    views.recordGoods(f.goods.coffee);
    expect(views.pending.goods).toBe(3);
    fail = false;
    await views.flush();
    expect(await viewsOf('goods', f.goods.coffee)).toBe(before + 3);
  });

  it('flushes early when many distinct pages wait', async () => {
    const views = new PageViews(t.db.kysely, new CatalogueRepository(t.db.kysely, dialect), t.clock, {
      intervalMs: 0,
      maxPending: 3,
    });
    const before = await viewsOf('goods', f.goods.tshirt);
    views.recordGoods(f.goods.tshirt);
    views.recordGoods(f.goods.coffee);
    views.recordGoods(f.goods.cotton);
    // The third distinct page started a flush without waiting for the timer.
    await views.flush();
    expect(await viewsOf('goods', f.goods.tshirt)).toBe(before + 1);
  });

  it('flushes on its timer', async () => {
    const views = new PageViews(t.db.kysely, new CatalogueRepository(t.db.kysely, dialect), t.clock, {
      intervalMs: 20,
      maxPending: 1000,
    });
    const errors: unknown[] = [];
    views.start((error) => errors.push(error));
    const before = await viewsOf('goods', f.goods.lastUnits);
    views.recordGoods(f.goods.lastUnits);
    for (let i = 0; i < 100 && (await viewsOf('goods', f.goods.lastUnits)) === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await views.stop();
    expect(await viewsOf('goods', f.goods.lastUnits)).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it('counts concurrent views exactly', async () => {
    await t.services.catalogue.views.flush();
    const before = await viewsOf('goods', f.goods.quote);
    await Promise.all(
      Array.from({ length: 200 }, () =>
        call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.quote}`),
      ),
    );
    await Promise.all([t.services.catalogue.views.flush(), t.services.catalogue.views.flush()]);
    expect(await viewsOf('goods', f.goods.quote)).toBe(before + 200);
  });
});

describeEachDialect('page views on shutdown', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  it('writes what was counted when the app closes', async () => {
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.earbudsTh}`);
    await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.earbudsTh}`);
    await t.app.close();
    const row = await t.db.kysely
      .selectFrom('goods')
      .select('views')
      .where('id', '=', f.goods.earbudsTh)
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(2);
  });
});
