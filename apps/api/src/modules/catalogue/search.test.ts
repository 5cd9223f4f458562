import { units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, type Fixture, type Reply, seedFixture } from './catalogue.test-helpers.ts';
import { CatalogueImport } from './index.ts';
import { escapeLike, ftsQuery } from './search.repository.ts';

const goodsIds = (r: Reply): string[] => r.data.goodsList.map((g: { id: string }) => g.id);
const pageIds = (r: Reply): string[] =>
  r.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId);

describe('keyword escaping', () => {
  it('quotes every term for FTS5 and doubles quotes inside', () => {
    expect(ftsQuery(['abc', 'NEAR(x', 'a"b*'])).toBe('"abc" "NEAR(x" "a""b*"');
  });
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describeEachDialect('search', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  const search = (keyword: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/search', { keyword, ...extra });

  describe('substrings in every script', () => {
    it('finds Chinese names by a substring of three or more characters', async () => {
      const r = await search('蓝牙耳');
      expect(goodsIds(r)).toEqual([f.goods.earbudsZh]);
      expect(r.data.goodsList[0]).toMatchObject({
        id: f.goods.earbudsZh,
        sellerGoodsId: f.goods.earbudsZh,
        name: '无线蓝牙耳机 降噪版',
      });
      expect(goodsIds(await search('线蓝牙耳机'))).toEqual([f.goods.earbudsZh]);
    });

    it('finds Chinese names by two characters (a scan, capped)', async () => {
      expect(goodsIds(await search('耳机'))).toEqual([f.goods.earbudsZh]);
      expect(goodsIds(await search('咖啡'))).toEqual([f.goods.coffee]);
    });

    it('finds Thai and Arabic names by a substring', async () => {
      expect(goodsIds(await search('ไร้สาย'))).toEqual([f.goods.earbudsTh]);
      expect(goodsIds(await search('لاسلكية'))).toEqual([f.goods.earbudsAr]);
    });

    it('matches case-insensitively, every term required', async () => {
      expect(goodsIds(await search('EARBUDS'))).toEqual([f.goods.earbudsEn]);
      expect(goodsIds(await search('wireless pro'))).toEqual([f.goods.earbudsEn]);
      expect(goodsIds(await search('wireless towel'))).toEqual([]);
    });

    it('leaves removed, shelved goods and closed stores out', async () => {
      const r = await search('Gadget');
      expect(r.data.goodsList).toEqual([]);
      expect(r.data.goodsTotal).toBe(0);
      expect((await search('Closed')).data.sellerList).toEqual([]);
    });
  });

  describe('ranking and filters', () => {
    it('ranks names starting with the keyword first, then by units sold', async () => {
      const r = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'ear' });
      // No name starts with "ear"; both contain it, so units sold decide (300 before 3).
      expect(pageIds(r)).toEqual([f.goods.earbudsEn, f.goods.near]);
      const near = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'near' });
      // "NEAR Field Speaker*" starts with it and comes first although it sold less.
      expect(pageIds(near)).toEqual([f.goods.near]);
      // A name starting with the keyword beats better sellers that only contain it.
      const [deluxe, electric] = [newId(), newId()];
      const base = {
        sellerId: f.seller.bangkok,
        categoryId: f.cat.kitchen,
        description: 'kettle',
        coverUrl: '/media/goods/400/pot-k1-0.svg',
        images: [],
        sellingPrice: units(20),
        discountPrice: null,
        retailPrice: units(30),
        originalPrice: units(25),
        stock: 5,
        buyMin: 1,
        dispatchFee: 0n,
        distanceFee: 0n,
        deliveryFee: 0n,
        isNew: false,
        isHot: false,
        isRecommend: false,
        createdAt: t.clock.now(),
        specs: [],
      };
      await new CatalogueImport().goods(t.db.kysely, [
        { ...base, id: deluxe, name: 'Kettle Deluxe', sold: 1 },
        { ...base, id: electric, name: 'Electric Kettle', sold: 999 },
      ]);
      const kettles = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'kettle' });
      expect(pageIds(kettles)).toEqual([deluxe, electric, f.goods.lastUnits]);
      const bySales = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'kettle', sort: 'sales' });
      expect(pageIds(bySales)).toEqual([electric, deluxe, f.goods.lastUnits]);
      const cotton = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'cotton' });
      // "Cotton T-Shirt" starts with it (60 sold), "100% Cotton Towel" contains it (5 sold).
      expect(pageIds(cotton)).toEqual([f.goods.tshirt, f.goods.cotton]);
      const byPrice = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'cotton',
        sort: 'price_asc',
      });
      expect(pageIds(byPrice)).toEqual([f.goods.cotton, f.goods.tshirt]);
    });

    it('filters a keyword search by category, store and price', async () => {
      const inStore = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'non',
        sellerId: f.seller.bangkok,
      });
      expect(pageIds(inStore)).toEqual([f.goods.pan]);
      const otherStore = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'non',
        sellerId: f.seller.shenzhen,
      });
      expect(pageIds(otherStore)).toEqual([]);
      const inCategory = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'o',
        categoryId: f.cat.phones,
      });
      expect(pageIds(inCategory)).toEqual([f.goods.phone]);
      const cheap = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'coffee',
        maxPrice: '11.99',
      });
      expect(pageIds(cheap)).toEqual([]);
    });

    it('pages results with totals', async () => {
      const first = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'e', pageSize: 3 });
      expect(first.data.pageInfo).toMatchObject({ pageNum: 1, pageSize: 3 });
      expect(first.data.pageInfo.total).toBeGreaterThan(3);
      const second = await call(t, 'POST', '/api/sellerGoods/search', {
        keyword: 'e',
        pageSize: 3,
        pageNum: 2,
      });
      expect(pageIds(second).some((id) => pageIds(first).includes(id))).toBe(false);
      const far = await call(t, 'POST', '/api/sellerGoods/search', { keyword: 'earbuds', pageNum: 9 });
      expect(far.data).toEqual({ pageList: [], pageInfo: { pageNum: 9, pageSize: 12, total: 1 } });
    });

    it('answers the store list of a search', async () => {
      const r = await search('星光');
      expect(r.data.sellerList.map((s: { id: string }) => s.id)).toEqual([f.seller.shenzhen]);
      expect(r.data.sellerList[0]).toMatchObject({ sellerId: f.seller.shenzhen, name: '深圳星光电子旗舰店' });
      expect(r.data.sellerTotal).toBe(1);
      expect(r.data.goodsList).toEqual([]);
    });
  });

  describe('hostile keywords', () => {
    const hostile = [
      '"',
      '""',
      '"abc',
      '*',
      '***',
      'ear*',
      'NEAR',
      'NEAR(a b)',
      'a NEAR b',
      'AND',
      'OR OR',
      'NOT x',
      '%',
      '%%%',
      '_',
      "'",
      "''; drop table goods; --",
      '\\',
      'a:b',
      '(',
      ')))',
      '^abc',
      '{name}: x',
      '- x',
      '+',
      '\u0000abc',
      '\u200b',
      '🙂🙂🙂',
    ];

    it('never answers a 500, whatever the keyword holds', async () => {
      for (const keyword of hostile) {
        for (const url of [
          '/api/search',
          '/api/sellerGoods/search',
          '/api/search/suggest',
          '/api/seller/list',
        ]) {
          const r = await call(t, 'POST', url, { keyword });
          expect([0, 3001, 3002], `${url} ${JSON.stringify(keyword)} ${JSON.stringify(r)}`).toContain(r.code);
        }
      }
    });

    it('treats syntax characters as text', async () => {
      expect(goodsIds(await search('100%'))).toEqual([f.goods.cotton]);
      expect(goodsIds(await search('%'))).toEqual([f.goods.cotton]);
      expect(goodsIds(await search("O'Neil"))).toEqual([f.goods.quote]);
      expect(goodsIds(await search('"Classic"'))).toEqual([f.goods.quote]);
      expect(goodsIds(await search('NEAR'))).toEqual([f.goods.near]);
      expect(goodsIds(await search('Speaker*'))).toEqual([f.goods.near]);
      expect(goodsIds(await search('_'))).toEqual([]);
    });

    it('refuses keywords over 100 characters, even 10,000 of them, with PARAMETER_ERROR', async () => {
      const long = 'a'.repeat(10_000);
      for (const url of [
        '/api/search',
        '/api/sellerGoods/search',
        '/api/search/suggest',
        '/api/seller/list',
      ]) {
        expect(await call(t, 'POST', url, { keyword: long }), url).toMatchObject({
          key: 'PARAMETER_ERROR',
          data: { field: 'keyword' },
        });
        expect(await call(t, 'GET', `${url}?keyword=${'耳'.repeat(10_000)}`), url).toMatchObject({
          key: 'PARAMETER_ERROR',
        });
      }
      expect((await search('a'.repeat(100))).code).toBe(0);
      expect(await search('a'.repeat(101))).toMatchObject({ key: 'PARAMETER_ERROR' });
    });

    it('asks for a keyword when there is none', async () => {
      expect(await call(t, 'POST', '/api/search', {})).toMatchObject({ key: 'MISSING_PARAMETER' });
      expect(await search('   ')).toMatchObject({ key: 'MISSING_PARAMETER' });
      expect(await call(t, 'POST', '/api/search', { keyword: ['a', 'b'] })).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
    });
  });

  describe('suggestions', () => {
    it('suggests best-selling goods whose names contain the keyword', async () => {
      const r = await call(t, 'GET', `/api/search/suggest?keyword=${encodeURIComponent('wireless')}`);
      expect(r.data).toEqual([
        {
          sellerGoodsId: f.goods.earbudsEn,
          name: 'Wireless Earbuds Pro',
          imgUrl1: '/media/goods/400/phone-t1-0.svg',
          price: '24',
        },
      ]);
      const zh = await call(t, 'GET', `/api/search/suggest?keyword=${encodeURIComponent('锅')}`);
      expect(zh.data.map((s: { sellerGoodsId: string }) => s.sellerGoodsId)).toEqual([f.goods.pan]);
    });

    it('suggests within one store, and nothing for an empty box', async () => {
      const inStore = await call(t, 'GET', `/api/search/suggest?keyword=e&sellerId=${f.seller.shenzhen}`);
      expect(
        inStore.data.every((s: { sellerGoodsId: string }) =>
          [f.goods.earbudsZh, f.goods.earbudsEn, f.goods.phone, f.goods.near].includes(s.sellerGoodsId),
        ),
      ).toBe(true);
      expect(inStore.data.length).toBeGreaterThan(0);
      expect((await call(t, 'GET', '/api/search/suggest?keyword=')).data).toEqual([]);
      expect(await call(t, 'GET', '/api/search/suggest?keyword=e&sellerId=nope')).toMatchObject({
        key: 'SELLER_NOT_FOUND',
      });
    });
  });
});
