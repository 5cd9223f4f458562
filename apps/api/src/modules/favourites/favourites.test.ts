import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../core/http/request-context.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, type Fixture, type Reply, seedFixture, signIn } from '../catalogue/catalogue.test-helpers.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { FavouritesRepository, FavouritesService } from './index.ts';

const goodsOf = (r: Reply) => r.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId);
const sellersOf = (r: Reply) => r.data.pageList.map((s: { sellerId: string }) => s.sellerId);

describeEachDialect('favourites and follows', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  const rows = async (table: 'keep_goods' | 'seller_follows') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('favourite goods', () => {
    it("adds, lists newest first, counts and removes a buyer's favourites", async () => {
      const { token } = await signIn(t);
      for (const id of [f.goods.pan, f.goods.phone, f.goods.coffee]) {
        expect(await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: id }, token)).toMatchObject({
          code: 0,
        });
        t.clock.advance(1000);
      }
      const list = await call(t, 'POST', '/api/keepGoods/list', {}, token);
      expect(goodsOf(list)).toEqual([f.goods.coffee, f.goods.phone, f.goods.pan]);
      expect(list.data.pageInfo).toEqual({ pageNum: 1, pageSize: 20, total: 3 });
      expect(list.data.pageList[2]).toMatchObject({
        name: 'Non-Stick Pan 不粘锅',
        price: '15',
        onSale: true,
      });
      expect(list.data.pageList[0].keepTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect((await call(t, 'GET', '/api/keep/goods/count', undefined, token)).data).toEqual({ count: 3 });
      const paged = await call(t, 'GET', '/api/keepGoods/list?pageNum=2&pageSize=2', undefined, token);
      expect(goodsOf(paged)).toEqual([f.goods.pan]);

      expect(
        (await call(t, 'POST', '/api/keepGoods/del', { sellerGoodsId: f.goods.phone }, token)).code,
      ).toBe(0);
      expect((await call(t, 'POST', '/api/keep/goods/count', {}, token)).data).toEqual({ count: 2 });
      expect(
        (
          await call(
            t,
            'POST',
            '/api/keepGoods/del',
            { sellerGoodsId: `${f.goods.pan},${f.goods.coffee}` },
            token,
          )
        ).code,
      ).toBe(0);
      expect((await call(t, 'POST', '/api/keep/goods/count', {}, token)).data).toEqual({ count: 0 });
    });

    it('takes adding twice and removing what is not there calmly', async () => {
      const { token } = await signIn(t);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.pan }, token);
      expect((await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.pan }, token)).code).toBe(
        0,
      );
      expect((await call(t, 'POST', '/api/keep/goods/count', {}, token)).data.count).toBe(1);
      expect(
        (await call(t, 'POST', '/api/keepGoods/del', { sellerGoodsId: f.goods.phone }, token)).code,
      ).toBe(0);
      expect((await call(t, 'POST', '/api/keep/goods/count', {}, token)).data.count).toBe(1);
    });

    it('refuses unknown and removed goods, bad input and visitors, writing nothing', async () => {
      const { token } = await signIn(t);
      const before = await rows('keep_goods');
      expect(await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: 'missing' }, token)).toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
      for (const id of [f.goods.removed, f.goods.offShelf]) {
        expect(await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: id }, token)).toMatchObject({
          key: 'PRODUCT_OFF_SHELF',
        });
      }
      expect(await call(t, 'POST', '/api/keepGoods/add', {}, token)).toMatchObject({
        key: 'MISSING_PARAMETER',
      });
      expect(
        await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: 'x'.repeat(65) }, token),
      ).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      expect(await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.pan })).toMatchObject({
        code: 403,
      });
      expect(await call(t, 'POST', '/api/keepGoods/list', {})).toMatchObject({
        code: 403,
        key: 'NOT_LOGGED_IN',
      });
      expect(await call(t, 'POST', '/api/keep/goods/count', {}, 'not-a-token')).toMatchObject({ code: 403 });
      expect(await call(t, 'POST', '/api/keepGoods/list', { pageNum: 0 }, token)).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      expect(await call(t, 'POST', '/api/keepGoods/list', { pageSize: 101 }, token)).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      const tooMany = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
      expect(await call(t, 'POST', '/api/keepGoods/del', { sellerGoodsId: tooMany }, token)).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      expect(await rows('keep_goods')).toBe(before);
    });

    it('keeps a favourite whose goods went off the shelf, marked as no longer on sale', async () => {
      const { token } = await signIn(t);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.near }, token);
      await t.services.catalogue.setGoodsStatus(t.db.kysely, f.goods.near, 0);
      const list = await call(t, 'POST', '/api/keepGoods/list', {}, token);
      expect(list.data.pageList[0]).toMatchObject({ sellerGoodsId: f.goods.near, onSale: false });
      await t.services.catalogue.setGoodsStatus(t.db.kysely, f.goods.near, 1);
    });

    it('counts how many buyers favourited a goods from rows', async () => {
      const a = await signIn(t);
      const b = await signIn(t);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.quote }, a.token);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.quote }, b.token);
      const info = await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.quote}`);
      expect(info.data.keepNum).toBe(2);
    });
  });

  describe('followed stores', () => {
    it('follows, lists, counts and unfollows stores; followers are counted from rows', async () => {
      const { token } = await signIn(t);
      const before = (await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`)).data.followers;
      expect(
        (await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.bangkok }, token)).code,
      ).toBe(0);
      t.clock.advance(1000);
      expect(
        (await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.shenzhen }, token)).code,
      ).toBe(0);
      const list = await call(t, 'POST', '/api/focus/seller/list', {}, token);
      expect(sellersOf(list)).toEqual([f.seller.shenzhen, f.seller.bangkok]);
      expect(list.data.pageList[1]).toMatchObject({ name: 'Bangkok Lotus Trading', goodsCount: 8 });
      expect(list.data.pageList[1].focusTime).toMatch(/^\d{4}-/);
      expect((await call(t, 'POST', '/api/focus/seller/count', {}, token)).data).toEqual({ count: 2 });
      // No cache flush: a follow shows in the store's count at once.
      const info = await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`, undefined, token);
      expect(info.data).toMatchObject({ followers: before + 1, isFocus: true });
      expect(
        (await call(t, 'POST', '/api/focus/seller/del', { sellerId: f.seller.bangkok }, token)).code,
      ).toBe(0);
      expect((await call(t, 'POST', '/api/focus/seller/count', {}, token)).data).toEqual({ count: 1 });
      const after = await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`, undefined, token);
      expect(after.data).toMatchObject({ followers: before, isFocus: false });
    });

    it('refuses unknown and closed stores and visitors, writing nothing', async () => {
      const { token } = await signIn(t);
      const before = await rows('seller_follows');
      expect(await call(t, 'POST', '/api/focus/seller/add', { sellerId: 'missing' }, token)).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
      expect(
        await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.closed }, token),
      ).toMatchObject({
        key: 'STORE_CLOSED',
      });
      expect(await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.bangkok })).toMatchObject({
        code: 403,
      });
      expect(await call(t, 'POST', '/api/focus/seller/list', {})).toMatchObject({ code: 403 });
      expect(await call(t, 'POST', '/api/focus/seller/del', {}, token)).toMatchObject({
        key: 'MISSING_PARAMETER',
      });
      expect(await rows('seller_follows')).toBe(before);
    });
  });

  describe('races', () => {
    it('answers ADD_FAILED when the goods or store vanished between the check and the write', async () => {
      const { userId } = await signIn(t);
      // A catalogue that still believes in goods and stores the database no longer has.
      const stale = {
        requireGoods: async () => ({ sellerId: f.seller.bangkok }),
        requireOpenSeller: async () => ({}),
      } as unknown as CatalogueService;
      const service = new FavouritesService(new FavouritesRepository(t.db.kysely), stale, t.clock);
      const ctx = { actor: { userId, roles: ['buyer'] } } as unknown as RequestContext;
      const before = [await rows('keep_goods'), await rows('seller_follows')];
      await expect(service.keepAdd(ctx, 'gone-goods')).rejects.toMatchObject({ key: 'ADD_FAILED' });
      await expect(service.followAdd(ctx, 'gone-store')).rejects.toMatchObject({ key: 'ADD_FAILED' });
      expect([await rows('keep_goods'), await rows('seller_follows')]).toEqual(before);
    });
  });

  describe('scoped to their owner', () => {
    it("never shows or changes another buyer's favourites and follows", async () => {
      const alice = await signIn(t);
      const bob = await signIn(t);
      await call(t, 'POST', '/api/keepGoods/add', { sellerGoodsId: f.goods.phone }, alice.token);
      await call(t, 'POST', '/api/focus/seller/add', { sellerId: f.seller.shenzhen }, alice.token);

      expect((await call(t, 'POST', '/api/keepGoods/list', {}, bob.token)).data.pageList).toEqual([]);
      expect((await call(t, 'POST', '/api/keep/goods/count', {}, bob.token)).data.count).toBe(0);
      expect((await call(t, 'POST', '/api/focus/seller/list', {}, bob.token)).data.pageList).toEqual([]);
      expect((await call(t, 'POST', '/api/focus/seller/count', {}, bob.token)).data.count).toBe(0);

      // Bob deleting Alice's entries by id changes nothing of hers.
      await call(t, 'POST', '/api/keepGoods/del', { sellerGoodsId: f.goods.phone }, bob.token);
      await call(t, 'POST', '/api/focus/seller/del', { sellerId: f.seller.shenzhen }, bob.token);
      // Nor does a user id smuggled into the parameters.
      await call(
        t,
        'POST',
        '/api/keepGoods/del',
        { sellerGoodsId: f.goods.phone, userId: alice.userId },
        bob.token,
      );
      expect(goodsOf(await call(t, 'POST', '/api/keepGoods/list', {}, alice.token))).toEqual([f.goods.phone]);
      expect(sellersOf(await call(t, 'POST', '/api/focus/seller/list', {}, alice.token))).toEqual([
        f.seller.shenzhen,
      ]);
      const bobsView = await call(
        t,
        'POST',
        '/api/sellerGoods/info',
        { sellerGoodsId: f.goods.phone },
        bob.token,
      );
      expect(bobsView.data).toMatchObject({ isKeep: false, isFocus: false });
    });
  });
});
