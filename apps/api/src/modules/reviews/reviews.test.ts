import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../core/db/database.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { addReviews, call, type Fixture, seedFixture } from '../catalogue/catalogue.test-helpers.ts';
import { maskName, type NewReview } from './index.ts';

describe('maskName', () => {
  it('keeps the first and last character', () => {
    expect(maskName('jonathan')).toBe('j***n');
    expect(maskName('李小姐')).toBe('李***姐');
    expect(maskName('a')).toBe('a***');
    expect(maskName('  ')).toBe('***');
  });
});

describeEachDialect('reviews', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
    // Oldest first: 3 good (2 with images), 1 medium, 1 bad.
    await addReviews(t, f.goods.earbudsZh, f.seller.shenzhen, [1, 1, 1, 2, 3], 2);
    await addReviews(t, f.goods.earbudsEn, f.seller.shenzhen, [1, 3, 3]);
  });
  afterAll(() => t.close());

  const count = async (goodsId: string) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('goods_id', '=', goodsId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('/api/evaluation/list', () => {
    it("lists a goods' reviews newest first, masked, with images and paging", async () => {
      const r = await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: f.goods.earbudsZh });
      expect(r.data.pageInfo).toEqual({ pageNum: 1, pageSize: 20, total: 5 });
      expect(r.data.pageList.map((e: { evaluationType: number }) => e.evaluationType)).toEqual([
        3, 2, 1, 1, 1,
      ]);
      expect(r.data.pageList[0]).toMatchObject({
        sellerGoodsId: f.goods.earbudsZh,
        userName: 'r***4',
        content: 'review 4',
        imgUrls: [],
        attrName: '',
      });
      expect(r.data.pageList[4].imgUrls).toEqual(['/media/review/phone-r1.svg']);
      const page2 = await call(
        t,
        'GET',
        `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&pageSize=2&pageNum=2`,
      );
      expect(page2.data.pageList.map((e: { content: string }) => e.content)).toEqual([
        'review 2',
        'review 1',
      ]);
    });

    it('filters by rating (1/2/3 or good/medium/bad) and by images', async () => {
      const good = await call(
        t,
        'GET',
        `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&evaluationType=1`,
      );
      expect(good.data.pageInfo.total).toBe(3);
      const bad = await call(
        t,
        'GET',
        `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&evaluationType=bad`,
      );
      expect(bad.data.pageInfo.total).toBe(1);
      const all = await call(
        t,
        'GET',
        `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&evaluationType=0`,
      );
      expect(all.data.pageInfo.total).toBe(5);
      const pictures = await call(
        t,
        'GET',
        `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&hasImage=1`,
      );
      expect(pictures.data.pageInfo.total).toBe(2);
      expect(
        await call(t, 'GET', `/api/evaluation/list?sellerGoodsId=${f.goods.earbudsZh}&evaluationType=4`),
      ).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
    });

    it("lists a store's reviews across its goods", async () => {
      const r = await call(t, 'POST', '/api/evaluation/list', { sellerId: f.seller.shenzhen });
      expect(r.data.pageInfo.total).toBe(8);
    });

    it('answers catalogue errors for unknown ids and bad paging', async () => {
      expect(await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: 'missing' })).toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
      expect(await call(t, 'POST', '/api/evaluation/list', { sellerId: 'missing' })).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
      expect(await call(t, 'POST', '/api/evaluation/list', {})).toMatchObject({ key: 'MISSING_PARAMETER' });
      for (const page of [{ pageNum: 0 }, { pageNum: -3 }, { pageSize: 101 }]) {
        expect(
          await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: f.goods.earbudsZh, ...page }),
        ).toMatchObject({ key: 'PARAMETER_ERROR' });
      }
      // Reviews of goods taken off the shelf stay readable.
      expect((await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: f.goods.removed })).code).toBe(
        0,
      );
    });
  });

  describe('/api/evaluation/type/count', () => {
    it('counts good, medium and bad reviews from rows', async () => {
      const r = await call(t, 'GET', `/api/evaluation/type/count?sellerGoodsId=${f.goods.earbudsZh}`);
      expect(r.data).toEqual({ good: 3, medium: 1, bad: 1, total: 5, withImages: 2, favourableRate: '60.0' });
      const none = await call(t, 'GET', `/api/evaluation/type/count?sellerGoodsId=${f.goods.phone}`);
      expect(none.data).toEqual({
        good: 0,
        medium: 0,
        bad: 0,
        total: 0,
        withImages: 0,
        favourableRate: null,
      });
      expect(await call(t, 'GET', '/api/evaluation/type/count?sellerGoodsId=missing')).toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
    });
  });

  describe('addReview (for the orders flow)', () => {
    const review = (over: Partial<NewReview> = {}): NewReview => ({
      sellerGoodsId: f.goods.pan,
      orderId: newId(),
      userId: newId(),
      userName: 'margaret',
      rating: 1,
      content: '  Heavy pan, heats evenly.  ',
      imgUrls: ['/uploads/a.jpg', '/uploads/b.jpg'],
      ...over,
    });

    it("writes a review in the caller's transaction and the figures follow", async () => {
      const first = review();
      const id = await inTransaction(t.db.kysely, (tx) => t.services.reviews.addReview(tx, first));
      expect(id).toHaveLength(26);
      const r = await call(t, 'GET', `/api/evaluation/list?sellerGoodsId=${f.goods.pan}`);
      expect(r.data.pageList[0]).toMatchObject({
        evaluationId: id,
        userName: 'm***t',
        evaluationType: 1,
        content: 'Heavy pan, heats evenly.',
        imgUrls: ['/uploads/a.jpg', '/uploads/b.jpg'],
      });
      await t.services.reviews.addReview(t.db.kysely, review({ rating: 3, imgUrls: [] }));
      const counts = await call(t, 'GET', `/api/evaluation/type/count?sellerGoodsId=${f.goods.pan}`);
      expect(counts.data).toMatchObject({ good: 1, bad: 1, total: 2, favourableRate: '50.0' });
      // The store's praise rate is computed from the same rows.
      await t.services.catalogue.invalidate();
      const store = await call(t, 'GET', `/api/seller/info?sellerId=${f.seller.bangkok}`);
      expect(store.data.praiseRate).toBe('50.0');
    });

    it('reviews an order line once', async () => {
      const once = review({ attrName: '' });
      await t.services.reviews.addReview(t.db.kysely, once);
      await expect(t.services.reviews.addReview(t.db.kysely, once)).rejects.toMatchObject({
        key: 'ALREADY_REVIEWED',
      });
      // Another specification of the same goods in the same order is another line.
      await t.services.reviews.addReview(t.db.kysely, {
        ...once,
        sellerGoodsId: f.goods.coffee,
        attrName: '1kg',
      });
      await t.services.reviews.addReview(t.db.kysely, {
        ...once,
        sellerGoodsId: f.goods.coffee,
        attrName: '250g',
      });
    });

    it('rolls back with the transaction it runs in', async () => {
      const before = await count(f.goods.phone);
      await expect(
        inTransaction(t.db.kysely, async (tx) => {
          await t.services.reviews.addReview(tx, review({ sellerGoodsId: f.goods.phone }));
          throw new Error('later step failed');
        }),
      ).rejects.toThrow('later step failed');
      expect(await count(f.goods.phone)).toBe(before);
    });

    it('refuses bad ratings, long texts, ten images, unknown goods, and writes nothing', async () => {
      const before = await count(f.goods.phone);
      const cases: [Partial<NewReview>, string][] = [
        [{ rating: 0 as never }, 'PARAMETER_ERROR'],
        [{ rating: 4 as never }, 'PARAMETER_ERROR'],
        [{ content: 'x'.repeat(501) }, 'PARAMETER_ERROR'],
        [{ imgUrls: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.jpg`) }, 'PARAMETER_ERROR'],
        [{ imgUrls: [''] }, 'PARAMETER_ERROR'],
        [{ orderId: '' }, 'MISSING_PARAMETER'],
        [{ sellerGoodsId: 'missing' }, 'PRODUCT_NOT_FOUND'],
      ];
      for (const [over, key] of cases) {
        await expect(
          t.services.reviews.addReview(t.db.kysely, review({ sellerGoodsId: f.goods.phone, ...over })),
          JSON.stringify(over).slice(0, 60),
        ).rejects.toMatchObject({ key });
      }
      expect(await count(f.goods.phone)).toBe(before);
      // Nine images and 500 characters are fine; an empty text is the system's default review.
      await t.services.reviews.addReview(
        t.db.kysely,
        review({
          sellerGoodsId: f.goods.phone,
          content: 'y'.repeat(500),
          imgUrls: Array.from({ length: 9 }, (_, i) => `/uploads/${i}.jpg`),
        }),
      );
      await t.services.reviews.addReview(
        t.db.kysely,
        review({ sellerGoodsId: f.goods.phone, content: '', imgUrls: [] }),
      );
      expect(await count(f.goods.phone)).toBe(before + 2);
    });
  });
});
