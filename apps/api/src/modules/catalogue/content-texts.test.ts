/**
 * Goods, stores and reviews in the buyer's language: the request's `lang` picks the translation;
 * without one the original is answered with `originalLang` naming its language; a seller's own
 * translations entered in the console's goods form reach buyers of those languages.
 */
import { units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ReviewsRepository } from '../reviews/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { CatalogueImport, type NewGoods } from './index.ts';

const DAY = 86_400_000;

describeEachDialect('catalogue in the buyer language', (dialect) => {
  let t: TestApp;
  let seller: Registered;
  const category = newId();
  const store = newId();
  const lamp = newId();
  const kettle = newId();
  const review = newId();
  const mute = newId();

  const get = (url: string, payload: Record<string, unknown>, lang: string) =>
    call(t, 'GET', url, payload, { lang });
  const post = (url: string, payload: Record<string, unknown>) =>
    call(t, 'POST', url, payload, { token: seller.token });

  const goods = (id: string, extra: Partial<NewGoods>): NewGoods => ({
    id,
    sellerId: store,
    categoryId: category,
    name: '',
    description: '',
    coverUrl: '/media/goods/400/lamp-a-0.svg',
    images: [{ imgUrl: '/media/goods/400/lamp-a-0.svg', zoomImg: '/media/goods/800/lamp-a-0.svg' }],
    sellingPrice: units(20),
    discountPrice: null,
    retailPrice: units(30),
    originalPrice: units(25),
    stock: 50,
    buyMin: 1,
    sold: 5,
    dispatchFee: 0n,
    distanceFee: 0n,
    deliveryFee: 0n,
    isNew: false,
    isHot: false,
    isRecommend: true,
    createdAt: t.clock.now() - DAY,
    specs: [],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    seller = await register(t);
    await grantRoles(t, seller.userId, ['seller']);
    const importer = new CatalogueImport();
    await importer.categories(
      t.db.kysely,
      [
        {
          id: category,
          parentId: null,
          name: 'Lighting',
          names: {},
          iconUrl: '/i.svg',
          sort: 0,
          recommend: true,
        },
      ],
      t.clock.now(),
    );
    await importer.sellers(t.db.kysely, [
      {
        id: store,
        ownerUserId: seller.userId,
        name: '曼谷灯饰',
        logoUrl: '/l.svg',
        bannerUrl: '/b.svg',
        description: '曼谷的灯具批发商。',
        country: 'Thailand',
        recommend: true,
        createdAt: t.clock.now() - 30 * DAY,
        lang: 'zh-CN',
        texts: {
          en: { name: 'Bangkok Lights', description: 'Lamp wholesaler in Bangkok.' },
          ar: { name: 'أضواء بانكوك', description: 'تاجر مصابيح بالجملة في بانكوك.' },
        },
      },
    ]);
    await importer.goods(t.db.kysely, [
      goods(lamp, {
        name: 'โคมไฟตั้งโต๊ะ',
        description: 'โคมไฟตั้งโต๊ะ แสงนุ่มสบายตา',
        lang: 'th',
        texts: {
          en: { name: 'Desk Lamp', description: 'Desk lamp with a soft light.' },
          ar: { name: 'مصباح مكتب', description: 'مصباح مكتب بضوء ناعم.' },
        },
      }),
      goods(kettle, { name: 'Kettle', description: 'Boils water.', lang: null }),
    ]);
    await new ReviewsRepository(t.db.kysely).insertMany(t.db.kysely, [
      {
        id: review,
        goodsId: lamp,
        sellerId: store,
        orderId: null,
        userId: null,
        userName: 'somchai88',
        rating: 1,
        content: 'สินค้าดีมาก',
        images: [],
        attrName: '',
        createdAt: t.clock.now() - DAY,
        lang: 'th',
        texts: { en: 'Very good product.' },
      },
      {
        id: mute,
        goodsId: lamp,
        sellerId: store,
        orderId: null,
        userId: null,
        userName: 'quiet',
        rating: 1,
        content: '',
        images: [],
        attrName: '',
        createdAt: t.clock.now() - 2 * DAY,
      },
    ]);
  });
  afterAll(() => t.close());

  it('answers the goods page in the language asked, with its store in it too', async () => {
    const en = (await get('/api/sellerGoods/info', { sellerGoodsId: lamp }, 'en')).data;
    expect(en).toMatchObject({ name: 'Desk Lamp', description: 'Desk lamp with a soft light.' });
    expect(en.originalLang).toBeUndefined();
    expect(en.sellerName).toBe('Bangkok Lights');
    expect(en.seller).toMatchObject({ name: 'Bangkok Lights' });
    const ar = (await get('/api/sellerGoods/info', { sellerGoodsId: lamp }, 'ar')).data;
    expect(ar).toMatchObject({ name: 'مصباح مكتب', sellerName: 'أضواء بانكوك' });
    // The original's own language: the original, unmarked.
    const th = (await get('/api/sellerGoods/info', { sellerGoodsId: lamp }, 'th')).data;
    expect(th).toMatchObject({ name: 'โคมไฟตั้งโต๊ะ', description: 'โคมไฟตั้งโต๊ะ แสงนุ่มสบายตา' });
    expect(th.originalLang).toBeUndefined();
  });

  it('falls back to the original, saying in which language it is written', async () => {
    const de = (await get('/api/sellerGoods/info', { sellerGoodsId: lamp }, 'de')).data;
    expect(de).toMatchObject({
      name: 'โคมไฟตั้งโต๊ะ',
      description: 'โคมไฟตั้งโต๊ะ แสงนุ่มสบายตา',
      originalLang: 'th',
    });
    expect(de.seller).toMatchObject({ name: '曼谷灯饰', originalLang: 'zh-CN' });
    // An original in a language nobody named is marked as the original all the same.
    const kettleEn = (await get('/api/sellerGoods/info', { sellerGoodsId: kettle }, 'en')).data;
    expect(kettleEn).toMatchObject({ name: 'Kettle', originalLang: null });
  });

  it('names goods and stores in lists, home and search in the language asked', async () => {
    const list = (await get('/api/sellerGoods/list', { sellerId: store }, 'en')).data.pageList;
    const lampCard = list.find((g: { sellerGoodsId: string }) => g.sellerGoodsId === lamp);
    expect(lampCard).toMatchObject({ name: 'Desk Lamp', sellerName: 'Bangkok Lights' });
    expect(lampCard.originalLang).toBeUndefined();
    const fr = (await get('/api/sellerGoods/list', { sellerId: store }, 'fr')).data.pageList;
    expect(fr.find((g: { sellerGoodsId: string }) => g.sellerGoodsId === lamp)).toMatchObject({
      name: 'โคมไฟตั้งโต๊ะ',
      originalLang: 'th',
    });
    const home = (await get('/api/index!home.action', {}, 'ar')).data;
    expect(home.recommendList.pageList.map((g: { name: string }) => g.name)).toContain('مصباح مكتب');
    expect(home.merchantList.pageList[0]).toMatchObject({ name: 'أضواء بانكوك' });
    // Found by words of the original that the translation does not say: the original, marked, so
    // the buyer sees what matched; a keyword the translation says too keeps the translation.
    const found = (await get('/api/search', { keyword: 'โคมไฟ' }, 'en')).data;
    expect(found.goodsList[0]).toMatchObject({ id: lamp, name: 'โคมไฟตั้งโต๊ะ', originalLang: 'th' });
    const suggested = (await get('/api/search/suggest', { keyword: 'โคมไฟ' }, 'ar')).data;
    expect(suggested[0]).toEqual(expect.objectContaining({ sellerGoodsId: lamp, name: 'โคมไฟตั้งโต๊ะ' }));
    await t.db.kysely
      .insertInto('goods_texts')
      .values({ goods_id: lamp, lang: 'ja', name: 'デスクランプ (โคมไฟ)', description: '' })
      .execute();
    const ja = (await get('/api/sellerGoods/search', { keyword: 'โคมไฟ' }, 'ja')).data.pageList;
    expect(ja[0]).toMatchObject({ sellerGoodsId: lamp, name: 'デスクランプ (โคมไฟ)' });
    expect(ja[0].originalLang).toBeUndefined();
    // Stores are found by the names buyers see them by, in any language.
    const stores = (await get('/api/seller/list', { keyword: 'bangkok' }, 'en')).data.pageList;
    expect(stores).toMatchObject([{ sellerId: store, name: 'Bangkok Lights' }]);
    const storeEn = (await get('/api/seller/info', { sellerId: store }, 'en')).data;
    expect(storeEn).toMatchObject({ name: 'Bangkok Lights', description: 'Lamp wholesaler in Bangkok.' });
    const storeJa = (await get('/api/seller/info', { sellerId: store }, 'ja')).data;
    expect(storeJa).toMatchObject({ description: '曼谷的灯具批发商。', originalLang: 'zh-CN' });
  });

  it('answers reviews in the language asked, else the reviewer’s words marked', async () => {
    const en = (await get('/api/evaluation/list', { sellerGoodsId: lamp }, 'en')).data.pageList;
    expect(en.map((r: { content: string }) => r.content)).toEqual(['Very good product.', '']);
    expect(en[0].originalLang).toBeUndefined();
    const es = (await get('/api/evaluation/list', { sellerGoodsId: lamp }, 'es')).data.pageList;
    expect(es[0]).toMatchObject({ content: 'สินค้าดีมาก', originalLang: 'th' });
    // A review without words has nothing to mark.
    expect(es[1].originalLang).toBeUndefined();
  });

  describe("a seller's own translations", () => {
    let id: string;
    const form = async (extra: Record<string, unknown>) => ({
      name: 'Reading Lamp',
      categoryId: category,
      description: 'A lamp for reading.',
      images: [(await uploadImage(t, seller.token, 'goods', PNG)).data.data as string],
      sellingPrice: '12',
      stock: 4,
      ...extra,
    });

    it('saves them from the goods form and shows them to buyers of those languages', async () => {
      const created = await post(
        '/api/admin/seller/goods/create',
        await form({
          translations: [
            { lang: 'de', name: 'Leselampe', description: 'Eine Lampe zum Lesen.' },
            { lang: 'ja', name: '読書灯', description: '' },
          ],
        }),
      );
      expect(created.code).toBe(0);
      id = created.data.sellerGoodsId;
      // The original's language is the seller's console language unless they say otherwise.
      expect(created.data.lang).toBe('en');
      expect(created.data.translations).toEqual([
        { lang: 'de', name: 'Leselampe', description: 'Eine Lampe zum Lesen.' },
        { lang: 'ja', name: '読書灯', description: '' },
      ]);
      await post('/api/admin/seller/goods/shelf', { sellerGoodsId: id, onShelf: true });
      expect((await get('/api/sellerGoods/info', { sellerGoodsId: id }, 'de')).data).toMatchObject({
        name: 'Leselampe',
        description: 'Eine Lampe zum Lesen.',
      });
      const ko = (await get('/api/sellerGoods/info', { sellerGoodsId: id }, 'ko')).data;
      expect(ko).toMatchObject({ name: 'Reading Lamp', originalLang: 'en' });
      const en = (await get('/api/sellerGoods/info', { sellerGoodsId: id }, 'en')).data;
      expect(en.originalLang).toBeUndefined();
    });

    it('keeps them on an edit that leaves them out, replaces them on one that lists them', async () => {
      const kept = await post('/api/admin/seller/goods/update', { sellerGoodsId: id, ...(await form({})) });
      expect(kept.data.translations.map((x: { lang: string }) => x.lang)).toEqual(['de', 'ja']);
      const replaced = await post('/api/admin/seller/goods/update', {
        sellerGoodsId: id,
        ...(await form({
          lang: 'de',
          name: 'Leselampe',
          translations: [
            { lang: 'de', name: 'dropped: the original is German now', description: '' },
            { lang: 'en', name: 'Reading Lamp', description: 'A lamp for reading.' },
          ],
        })),
      });
      expect(replaced.data).toMatchObject({
        lang: 'de',
        translations: [{ lang: 'en', name: 'Reading Lamp', description: 'A lamp for reading.' }],
      });
      const ja = (await get('/api/sellerGoods/info', { sellerGoodsId: id }, 'ja')).data;
      expect(ja).toMatchObject({ name: 'Leselampe', originalLang: 'de' });
    });

    it('drops a store’s translations when its seller rewrites its name; buyers see the new words, marked', async () => {
      const saved = await post('/api/admin/seller/store/update', {
        name: 'Lamp House',
        logo: '/l.svg',
        banner: '/b.svg',
        description: 'Lamps, shipped from Bangkok.',
      });
      expect(saved.code).toBe(0);
      const ar = (await get('/api/seller/info', { sellerId: store }, 'ar')).data;
      expect(ar).toMatchObject({
        name: 'Lamp House',
        description: 'Lamps, shipped from Bangkok.',
        originalLang: 'en',
      });
      const en = (await get('/api/seller/info', { sellerId: store }, 'en')).data;
      expect(en).toMatchObject({ name: 'Lamp House' });
      expect(en.originalLang).toBeUndefined();
    });

    it('refuses a language the mall does not speak, writing nothing', async () => {
      const bad = await post('/api/admin/seller/goods/update', {
        sellerGoodsId: id,
        ...(await form({ translations: [{ lang: 'xx', name: 'X', description: '' }] })),
      });
      expect(bad.key).toBe('PARAMETER_ERROR');
      const detail = (await post('/api/admin/seller/goods/info', { sellerGoodsId: id })).data;
      expect(detail.translations).toHaveLength(1);
    });
  });
});
