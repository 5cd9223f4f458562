import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../core/http/edge-cache.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import {
  addFollowers,
  addReviews,
  call,
  type Fixture,
  type Reply,
  seedFixture,
  signIn,
} from './catalogue.test-helpers.ts';

const ids = (r: Reply): string[] => r.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId);

describeEachDialect('catalogue', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
    await addReviews(t, f.goods.earbudsZh, f.seller.shenzhen, [1, 1, 1, 2, 3], 2);
    await addReviews(t, f.goods.pan, f.seller.bangkok, [1, 3]);
    await addFollowers(t, f.seller.shenzhen, 3);
  });
  afterAll(() => t.close());

  describe('home', () => {
    it('answers every block, lists as pageList + pageInfo, figures counted from rows', async () => {
      const r = await call(t, 'POST', '/api/index!home.action');
      expect(r.code).toBe(0);
      const home = r.data;
      expect(home.categoryList.map((c: { name: string }) => c.name)).toEqual([
        'Electronics',
        'Home & Living',
        'Books',
      ]);
      // On sale only: 15 goods, 3 of them removed, off the shelf or in the closed store.
      expect(home.goodsCount).toBe(12);
      expect(home.sellerCount).toBe(2);
      expect(ids({ data: home.recommendList } as Reply)).toEqual([f.goods.earbudsZh, f.goods.earbudsEn]);
      expect(home.recommendList.pageInfo).toEqual({ pageNum: 1, pageSize: 12, total: 2 });
      expect(ids({ data: home.newList } as Reply)).toEqual([f.goods.phone, f.goods.pan]);
      expect(ids({ data: home.bottomList } as Reply)).toEqual([f.goods.earbudsEn, f.goods.pan]);
      expect(ids({ data: home.sellerGoodsList } as Reply)).toEqual([f.goods.earbudsZh]);
      expect(home.merchantList.pageList.map((s: { sellerId: string }) => s.sellerId)).toEqual([
        f.seller.shenzhen,
      ]);
      expect(ids({ data: home.merchantGoodsList } as Reply)[0]).toBe(f.goods.earbudsZh);
      expect(home.homeBanner.map((b: { title: string }) => b.title)).toEqual([
        'First banner',
        'Second banner',
      ]);
      expect(home.downAppUrl).toMatch(/^https?:/);
    });

    it('names categories in the request language, English when untranslated', async () => {
      const ar = await call(t, 'GET', '/api/index!home.action?lang=ar');
      expect(ar.data.categoryList.map((c: { name: string }) => c.name)).toEqual([
        'إلكترونيات',
        'المنزل والمعيشة',
        'Books',
      ]);
      const cn = await call(t, 'GET', '/api/index!home.action?lang=cn');
      expect(cn.data.categoryList[0].name).toBe('数码电子');
    });

    it('is sent in brotli or gzip to a client that takes it, the same JSON once inflated; plain for any other', async () => {
      const url = '/api/index!home.action?lang=en';
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding, authorization');
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
      const brotli = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
      const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
      const refused = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip;q=0, br;q=0' },
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
      // An answer too small to be worth it goes out plain whatever the client takes.
      const small = await t.app.inject({
        method: 'GET',
        url: '/api/current/activity',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('answers money as decimal strings', async () => {
      const r = await call(t, 'GET', '/api/index!home.action');
      const card = r.data.recommendList.pageList[1];
      expect(card).toMatchObject({ price: '24', sellingPrice: '30', discountPrice: '24', isDiscount: true });
    });
  });

  describe('categories', () => {
    it('lists the top level, or the children of a category', async () => {
      const top = await call(t, 'POST', '/api/category!list.action');
      expect(top.data.map((c: { categoryId: string }) => c.categoryId)).toEqual([
        f.cat.electronics,
        f.cat.home,
        f.cat.empty,
      ]);
      expect(top.data[0]).toMatchObject({
        parentId: null,
        iconImg: '/media/category/phone.svg',
        recommend: true,
        goodsCount: 6,
      });
      const children = await call(t, 'POST', '/api/category!list.action', { parentId: f.cat.electronics });
      expect(children.data.map((c: { name: string; goodsCount: number }) => [c.name, c.goodsCount])).toEqual([
        ['Headphones & Audio', 5],
        ['Mobile Phones', 1],
      ]);
      expect(await call(t, 'POST', '/api/category!list.action', { parentId: 'nope' })).toMatchObject({
        key: 'CATEGORY_NOT_FOUND',
      });
    });

    it('answers the tree and the recommended categories', async () => {
      const tree = await call(t, 'GET', '/api/category/tree');
      expect(tree.data).toHaveLength(3);
      expect(tree.data[0].children.map((c: { name: string }) => c.name)).toEqual([
        'Headphones & Audio',
        'Mobile Phones',
      ]);
      expect(tree.data[1].children[0]).toMatchObject({ name: 'Kitchenware', goodsCount: 6, children: [] });
      const rec = await call(t, 'POST', '/api/category/recommend');
      expect(rec.data.map((c: { categoryId: string }) => c.categoryId)).toEqual([
        f.cat.electronics,
        f.cat.audio,
      ]);
    });
  });

  describe('goods lists', () => {
    it('lists goods on sale by sales, with the page size of SPEC §9', async () => {
      const r = await call(t, 'GET', '/api/sellerGoods/list');
      expect(r.data.pageInfo).toEqual({ pageNum: 1, pageSize: 12, total: 12 });
      expect(r.data.pageList).toHaveLength(12);
      expect(ids(r)).not.toContain(f.goods.removed);
      expect(ids(r)).not.toContain(f.goods.offShelf);
      expect(ids(r).slice(0, 3)).toEqual([f.goods.earbudsZh, f.goods.earbudsEn, f.goods.pan]);
      const second = await call(t, 'GET', '/api/sellerGoods/list?pageNum=2&pageSize=5');
      expect(second.data.pageInfo).toEqual({ pageNum: 2, pageSize: 5, total: 12 });
      expect(ids(second)).toEqual(
        ids(await call(t, 'GET', '/api/sellerGoods/list?pageSize=10')).slice(5, 10),
      );
      const beyond = await call(t, 'GET', '/api/sellerGoods/list?pageNum=50');
      expect(beyond.data).toEqual({ pageList: [], pageInfo: { pageNum: 50, pageSize: 12, total: 12 } });
    });

    it('filters by category (with its descendants), store, type and price range', async () => {
      const electronics = await call(t, 'POST', '/api/sellerGoods/list', { categoryId: f.cat.electronics });
      expect(electronics.data.pageInfo.total).toBe(5 + 1);
      const store = await call(t, 'POST', '/api/sellerGoods/list', {
        sellerId: f.seller.bangkok,
        pageSize: 50,
      });
      expect(store.data.pageList.every((g: { sellerId: string }) => g.sellerId === f.seller.bangkok)).toBe(
        true,
      );
      expect(store.data.pageInfo.total).toBe(8);
      const discounted = await call(t, 'POST', '/api/sellerGoods/list', { type: 'discount' });
      expect(ids(discounted).sort()).toEqual([f.goods.earbudsEn, f.goods.pan].sort());
      const priced = await call(t, 'POST', '/api/sellerGoods/list', {
        minPrice: '20',
        maxPrice: '30',
        sort: 'price_asc',
      });
      expect(priced.data.pageList.map((g: { price: string }) => g.price)).toEqual(['22', '24', '25']);
      const dear = await call(t, 'POST', '/api/sellerGoods/list', { sort: 'price_desc', pageSize: 2 });
      expect(dear.data.pageList.map((g: { price: string }) => g.price)).toEqual(['199.5', '45']);
      const newest = await call(t, 'POST', '/api/sellerGoods/list', { sort: 'new', pageSize: 2 });
      expect(ids(newest)).toEqual([f.goods.phone, f.goods.pan]);
    });

    it('refuses bad paging and filters with a catalogue error, never a 500', async () => {
      for (const query of [
        'pageNum=0',
        'pageNum=-1',
        'pageNum=1.5',
        'pageSize=101',
        'pageSize=0',
        'pageNum=abc',
        'minPrice=-1',
        'minPrice=abc',
        'maxPrice=1e5',
        'minPrice=10&maxPrice=5',
        'sort=random',
        'type=everything',
      ]) {
        expect(await call(t, 'GET', `/api/sellerGoods/list?${query}`), query).toMatchObject({
          key: 'PARAMETER_ERROR',
        });
      }
      expect(await call(t, 'GET', '/api/sellerGoods/list?categoryId=missing')).toMatchObject({
        key: 'CATEGORY_NOT_FOUND',
      });
      expect(await call(t, 'GET', '/api/sellerGoods/list?sellerId=missing')).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
      expect(await call(t, 'GET', `/api/sellerGoods/list?sellerId=${f.seller.closed}`)).toMatchObject({
        key: 'STORE_CLOSED',
      });
    });

    it('answers new arrivals, newest first, ten to a page', async () => {
      const r = await call(t, 'POST', '/api/sellerGoods/recommendNew');
      expect(ids(r)).toEqual([f.goods.phone, f.goods.pan]);
      expect(r.data.pageInfo.pageSize).toBe(10);
    });
  });

  describe('goods page', () => {
    it('answers a goods with its specifications, freight, reviews, store and figures from rows', async () => {
      const r = await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.earbudsZh}`);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({
        sellerGoodsId: f.goods.earbudsZh,
        name: '无线蓝牙耳机 降噪版',
        price: '25',
        stock: 100,
        buyMin: 1,
        soldNum: 500,
        specs: [],
        freight: { dispatchFee: '2', distanceFee: '1', deliveryFee: '0.5', freight: '3.5' },
        reviews: { good: 3, medium: 1, bad: 1, total: 5, withImages: 2, favourableRate: '60.0' },
        categoryName: 'Headphones & Audio',
        shipWithinHours: 24,
        returnDays: 7,
        isKeep: false,
        isFocus: false,
        keepNum: 0,
        seller: { sellerId: f.seller.shenzhen, followers: 3, praiseRate: '60.0', goodsCount: 4 },
      });
      expect(r.data.images).toEqual([
        { imgUrl: '/media/goods/400/phone-t1-0.svg', zoomImg: '/media/goods/800/phone-t1-0.svg' },
        { imgUrl: '/media/goods/400/phone-t1-1.svg', zoomImg: '/media/goods/800/phone-t1-1.svg' },
      ]);
      expect(r.data.zoomImg).toBe('/media/goods/800/phone-t1-0.svg');
      // Sold over all the store's goods, removed and shelved ones included.
      expect(r.data.seller.soldNum).toBe(500 + 300 + 40 + 3 + 900 + 800);
      expect(r.data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('gives specifications their own price and stock where they differ', async () => {
      const tshirt = await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.tshirt}`);
      expect(tshirt.data.specs).toEqual([
        { attrId: f.spec.tshirtM, attrName: 'M', price: '9', stock: 5 },
        { attrId: f.spec.tshirtL, attrName: 'L', price: '9', stock: 0 },
      ]);
      const coffee = await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.coffee}`);
      expect(
        coffee.data.specs.map((s: { attrName: string; price: string; stock: number }) => [
          s.attrName,
          s.price,
          s.stock,
        ]),
      ).toEqual([
        ['250g', '12', 50],
        ['1kg', '40', 50],
      ]);
    });

    it('answers PRODUCT_NOT_FOUND for unknown ids and "removed or off shelf" for removed goods', async () => {
      expect(
        await call(t, 'GET', '/api/sellerGoods/info?sellerGoodsId=01ARZ3NDEKTSV4RRFFQ69G5FAV'),
      ).toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
      expect(await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${'x'.repeat(64)}`)).toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
      expect(await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${'x'.repeat(65)}`)).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      expect(await call(t, 'GET', '/api/sellerGoods/info')).toMatchObject({ key: 'MISSING_PARAMETER' });
      for (const id of [f.goods.removed, f.goods.offShelf, f.goods.closedStore]) {
        const r = await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${id}&lang=cn`);
        expect(r).toMatchObject({ key: 'PRODUCT_OFF_SHELF', code: 4003, msg: '商品已下架' });
      }
    });

    it('stops answering a goods as soon as it is taken off the shelf, in every list', async () => {
      const id = f.goods.near;
      expect((await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${id}`)).code).toBe(0);
      await t.services.catalogue.setGoodsStatus(t.db.kysely, id, 0);
      expect(await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${id}`)).toMatchObject({
        key: 'PRODUCT_OFF_SHELF',
      });
      const all = await call(t, 'GET', '/api/sellerGoods/list?pageSize=100');
      expect(ids(all)).not.toContain(id);
      expect(all.data.pageInfo.total).toBe(11);
      await t.services.catalogue.setGoodsStatus(t.db.kysely, id, 1);
      expect((await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${id}`)).code).toBe(0);
      await expect(t.services.catalogue.setGoodsStatus(t.db.kysely, id, 7)).rejects.toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      await expect(t.services.catalogue.setGoodsStatus(t.db.kysely, 'missing', 0)).rejects.toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
    });

    it('tells a signed-in buyer whether they favourited the goods and follow its store', async () => {
      const { token } = await signIn(t);
      expect(
        (await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.earbudsEn }, token)).code,
      ).toBe(0);
      expect(
        (await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.shenzhen }, token)).code,
      ).toBe(0);
      const mine = await call(
        t,
        'POST',
        '/api/sellerGoods/info',
        { sellerGoodsId: f.goods.earbudsEn },
        token,
      );
      expect(mine.data).toMatchObject({ isKeep: true, isFocus: true });
      const visitor = await call(t, 'POST', '/api/sellerGoods/info', { sellerGoodsId: f.goods.earbudsEn });
      expect(visitor.data).toMatchObject({ isKeep: false, isFocus: false });
      const other = await signIn(t);
      const theirs = await call(
        t,
        'POST',
        '/api/sellerGoods/info',
        { sellerGoodsId: f.goods.earbudsEn },
        other.token,
      );
      expect(theirs.data).toMatchObject({ isKeep: false, isFocus: false });
    });
  });

  describe('guess you like', () => {
    it('answers best sellers to visitors', async () => {
      const r = await call(t, 'POST', '/api/sellerGoods/recommend/like');
      expect(r.data.pageInfo).toMatchObject({ pageNum: 1, pageSize: 10, total: 12 });
      expect(ids(r)[0]).toBe(f.goods.earbudsZh);
    });

    it("answers goods near a buyer's favourites, follows and views, leaving out what they favourited", async () => {
      const { token } = await signIn(t);
      expect(ids(await call(t, 'POST', '/api/sellerGoods/recommend/like', {}, token))[0]).toBe(
        f.goods.earbudsZh,
      );
      // A favourite in Kitchenware: Kitchenware goods, not the favourite itself.
      const buyer = await signIn(t);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.pan }, buyer.token);
      const liked = await call(t, 'POST', '/api/sellerGoods/recommend/like', {}, buyer.token);
      expect(ids(liked)).not.toContain(f.goods.pan);
      expect(liked.data.pageList.every((g: { categoryId: string }) => g.categoryId === f.cat.kitchen)).toBe(
        true,
      );
      expect(liked.data.pageInfo.total).toBe(5);
      // A view of a phone (flushed in the batch) brings phones in.
      const viewer = await signIn(t);
      await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.phone}`, undefined, viewer.token);
      await t.services.catalogue.views.flush();
      const viewed = await call(t, 'POST', '/api/sellerGoods/recommend/like', {}, viewer.token);
      expect(ids(viewed)).toEqual([f.goods.phone]);
    });
  });

  describe('stores', () => {
    it('lists open stores, recommended first, with figures computed from rows', async () => {
      const r = await call(t, 'POST', '/api/seller/list');
      expect(r.data.pageInfo).toEqual({ pageNum: 1, pageSize: 10, total: 2 });
      const [sz, bk] = r.data.pageList;
      expect(sz).toMatchObject({
        sellerId: f.seller.shenzhen,
        name: '深圳星光电子旗舰店',
        recommend: true,
        goodsCount: 4,
      });
      expect(sz.followers).toBeGreaterThanOrEqual(3);
      expect(bk).toMatchObject({
        sellerId: f.seller.bangkok,
        praiseRate: '50.0',
        goodsCount: 8,
        country: 'Thailand',
      });
      const recommended = await call(t, 'POST', '/api/seller/list', { recommend: 1 });
      expect(recommended.data.pageList.map((s: { sellerId: string }) => s.sellerId)).toEqual([
        f.seller.shenzhen,
      ]);
      const thai = await call(t, 'GET', '/api/seller/list?country=Thailand');
      expect(thai.data.pageList.map((s: { sellerId: string }) => s.sellerId)).toEqual([f.seller.bangkok]);
      const byName = await call(t, 'POST', '/api/seller/list', { keyword: 'lotus' });
      expect(byName.data.pageList.map((s: { sellerId: string }) => s.sellerId)).toEqual([f.seller.bangkok]);
      expect(await call(t, 'POST', '/api/seller/list', { pageSize: 101 })).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
    });

    it('answers a store page and counts its views in batches', async () => {
      await t.services.catalogue.views.flush();
      await t.services.catalogue.invalidate();
      const before = await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`);
      expect(before.data).toMatchObject({
        sellerId: f.seller.bangkok,
        banner: '/media/store-banner/b2.svg',
        description: 'Home and kitchen from Bangkok.',
        isFocus: false,
      });
      const views = before.data.viewsNum;
      await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`);
      await t.services.catalogue.views.flush();
      await t.services.catalogue.invalidate();
      const after = await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`);
      expect(after.data.viewsNum).toBe(views + 2);
      expect(await call(t, 'GET', '/api/seller/info?sellerId=nope')).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
      expect(await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.closed}`)).toMatchObject({
        key: 'STORE_CLOSED',
      });
    });

    it('answers the categories a store sells in, with its own counts', async () => {
      const r = await call(t, 'GET', `/api/seller/tree?sellerId=${f.seller.bangkok}`);
      expect(r.data.map((c: { name: string; goodsCount: number }) => [c.name, c.goodsCount])).toEqual([
        ['Electronics', 2],
        ['Home & Living', 6],
      ]);
      expect(r.data[0].children.map((c: { name: string }) => c.name)).toEqual(['Headphones & Audio']);
      expect(await call(t, 'GET', '/api/seller/tree?sellerId=nope')).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
    });
  });

  describe('banners and activity', () => {
    it('answers live banners in order', async () => {
      const r = await call(t, 'POST', '/api/banner/list');
      expect(r.data.map((b: { title: string }) => b.title)).toEqual(['First banner', 'Second banner']);
      expect((await call(t, 'POST', '/api/banner/list', { position: 'nowhere' })).data).toEqual([]);
    });

    it('answers the activity running now', async () => {
      const r = await call(t, 'GET', '/api/current/activity');
      expect(r.data).toMatchObject({ title: 'Year-End Wholesale Festival', link: '/discounted' });
      expect(r.data.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it("speaks the buyer's language: its own banners with those for all, its own activity first", async () => {
      const titles = async (lang: string) =>
        (await call(t, 'POST', `/api/banner/list?lang=${lang}`)).data.map((b: { title: string }) => b.title);
      expect(await titles('ar')).toEqual(['مهرجان الجملة لنهاية العام', 'First banner', 'Second banner']);
      expect(await titles('cn')).toEqual(['First banner', 'Second banner']);
      const home = await call(t, 'GET', '/api/index!home.action?lang=ar');
      expect(home.data.homeBanner.map((b: { title: string }) => b.title)).toEqual(await titles('ar'));
      const arabic = await call(t, 'GET', '/api/current/activity?lang=ar');
      expect(arabic.data).toMatchObject({ title: 'مهرجان الجملة لنهاية العام', link: '/discounted' });
      const german = await call(t, 'GET', '/api/current/activity?lang=de');
      expect(german.data.title).toBe('Year-End Wholesale Festival');
    });
  });

  describe('caches', () => {
    it('drops cached pages in every process when the catalogue changes', async () => {
      const first = await call(t, 'GET', '/api/index!home.action');
      expect(first.data.goodsCount).toBe(12);
      await t.services.catalogue.setGoodsStatus(t.db.kysely, f.goods.cotton, 0);
      expect((await call(t, 'GET', '/api/index!home.action')).data.goodsCount).toBe(11);
      await t.services.catalogue.setGoodsStatus(t.db.kysely, f.goods.cotton, 1);
      expect((await call(t, 'GET', '/api/index!home.action')).data.goodsCount).toBe(12);
    });
  });

  describe('generated images', () => {
    it('serves SVGs drawn from their URL, cached for a year', async () => {
      for (const url of [
        '/media/goods/400/phone-t1-0.svg',
        '/media/goods/800/headphones-abc-3.svg',
        '/media/category/sofa.svg',
        '/media/logo/a1.svg?m=%E6%98%9F',
        '/media/store-banner/a1.svg',
        '/media/banner/b1.svg?g=gift&t=Hello%20%3Cscript%3E&s=Sub',
        '/media/review/phone-r1.svg',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.body.startsWith('<svg')).toBe(true);
        expect(res.body).not.toContain('<script');
      }
      for (const url of [
        '/media/goods/500/phone-t1-0.svg',
        '/media/goods/400/unknown-t1-0.svg',
        '/media/goods/400/phone-T1-0.svg',
        '/media/category/../../etc/passwd',
        '/media/nothing.svg',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });
  });
});
