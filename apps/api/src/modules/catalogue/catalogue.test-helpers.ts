/**
 * Test helpers of the catalogue, reviews and favourites suites: a small catalogue whose every row
 * the tests know (Chinese, Thai and Arabic names, specifications, removed and off-shelf goods, a
 * closed store), signed-in users, and one call helper.
 */
import { BRANDS, units } from '@mall/contract';
import { newId } from '../../core/ids.ts';
import type { TestApp } from '../../test/harness.ts';
import { FavouritesRepository } from '../favourites/index.ts';
import { ReviewsRepository } from '../reviews/index.ts';
import { CatalogueImport, type NewGoods, type NewSpec } from './index.ts';

export const HOST = 'novamart.localhost';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes are read by the tests
export type Reply = { code: number; msg: string; data: any; key?: string };

export async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  token?: string,
): Promise<Reply> {
  const headers: Record<string, string> = { host: HOST };
  if (token) headers.authorization = `Bearer ${token}`;
  let target = url;
  if (method === 'GET' && payload) {
    const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    target += (url.includes('?') ? '&' : '?') + q;
  }
  const res = await t.app.inject({
    method,
    url: target,
    headers,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
  if (res.statusCode >= 500) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
  return res.json() as Reply;
}

let userCounter = 0;

/**
 * A signed-in buyer. With the accounts module present, a real account is created (sessions of
 * unknown users are refused there); before it, any id with a session will do.
 */
export async function signIn(t: TestApp): Promise<{ userId: string; token: string }> {
  userCounter += 1;
  const accounts = (
    t.services as unknown as { accounts?: { createAccount?: (input: unknown) => Promise<unknown> } }
  ).accounts;
  let userId = newId();
  if (accounts?.createAccount) {
    const name = `catbuyer${process.pid}x${userCounter}`;
    const created = await accounts.createAccount({
      brand: BRANDS[0],
      username: name,
      email: `${name}@novamart.example`,
      passwordHash: 'not-a-real-hash',
      roles: ['buyer'],
      fundPasswordHash: null,
    });
    if (typeof created !== 'string') throw new Error('could not create a test account');
    userId = created;
  }
  const token = await t.services.sessions.issue(userId, BRANDS[0]?.key ?? 'novamart');
  return { userId, token };
}

const DAY = 86_400_000;

/** A price in whole currency with cents, as atomic units. */
const money = (amount: number) => (BigInt(Math.round(amount * 100)) * units(1)) / 100n;

export interface Fixture {
  cat: { electronics: string; audio: string; phones: string; home: string; kitchen: string; empty: string };
  seller: { shenzhen: string; bangkok: string; closed: string };
  goods: {
    earbudsZh: string;
    earbudsEn: string;
    earbudsTh: string;
    earbudsAr: string;
    phone: string;
    tshirt: string;
    coffee: string;
    cotton: string;
    quote: string;
    near: string;
    removed: string;
    offShelf: string;
    closedStore: string;
    pan: string;
    lastUnits: string;
  };
  spec: { tshirtM: string; tshirtL: string; coffee1kg: string };
}

/** Writes the known catalogue; `now` is the test clock's time. */
export async function seedFixture(t: TestApp): Promise<Fixture> {
  const now = t.clock.now();
  const id = () => newId();
  const cat = {
    electronics: id(),
    audio: id(),
    phones: id(),
    home: id(),
    kitchen: id(),
    empty: id(),
  };
  const seller = { shenzhen: id(), bangkok: id(), closed: id() };
  const importer = new CatalogueImport();
  const db = t.db.kysely;
  await importer.categories(
    db,
    [
      {
        id: cat.electronics,
        parentId: null,
        name: 'Electronics',
        names: { 'zh-CN': '数码电子', ar: 'إلكترونيات' },
        iconUrl: '/media/category/phone.svg',
        sort: 0,
        recommend: true,
      },
      {
        id: cat.audio,
        parentId: cat.electronics,
        name: 'Headphones & Audio',
        names: { 'zh-CN': '耳机音响' },
        iconUrl: '/media/category/headphones.svg',
        sort: 0,
        recommend: true,
      },
      {
        id: cat.phones,
        parentId: cat.electronics,
        name: 'Mobile Phones',
        names: {},
        iconUrl: '/media/category/phone.svg',
        sort: 1,
        recommend: false,
      },
      {
        id: cat.home,
        parentId: null,
        name: 'Home & Living',
        names: { ar: 'المنزل والمعيشة' },
        iconUrl: '/media/category/sofa.svg',
        sort: 1,
        recommend: false,
      },
      {
        id: cat.kitchen,
        parentId: cat.home,
        name: 'Kitchenware',
        names: {},
        iconUrl: '/media/category/pot.svg',
        sort: 0,
        recommend: false,
      },
      {
        id: cat.empty,
        parentId: null,
        name: 'Books',
        names: {},
        iconUrl: '/media/category/book.svg',
        sort: 2,
        recommend: false,
      },
    ],
    now,
  );
  await importer.sellers(db, [
    {
      id: seller.shenzhen,
      ownerUserId: null,
      name: '深圳星光电子旗舰店',
      logoUrl: '/media/logo/a1.svg?m=%E6%98%9F',
      bannerUrl: '/media/store-banner/a1.svg',
      description: 'Audio and phones from Shenzhen.',
      country: 'China',
      recommend: true,
      createdAt: now - 100 * DAY,
    },
    {
      id: seller.bangkok,
      ownerUserId: null,
      name: 'Bangkok Lotus Trading',
      logoUrl: '/media/logo/b2.svg?m=BL',
      bannerUrl: '/media/store-banner/b2.svg',
      description: 'Home and kitchen from Bangkok.',
      country: 'Thailand',
      recommend: false,
      createdAt: now - 50 * DAY,
    },
    {
      id: seller.closed,
      ownerUserId: null,
      name: 'Closed Curiosities',
      logoUrl: '/media/logo/c3.svg?m=CC',
      bannerUrl: '/media/store-banner/c3.svg',
      description: 'Closed for good.',
      country: 'Spain',
      recommend: false,
      open: false,
      createdAt: now - 400 * DAY,
    },
  ]);

  const spec = { tshirtM: id(), tshirtL: id(), coffee1kg: id() };
  const goods = {
    earbudsZh: id(),
    earbudsEn: id(),
    earbudsTh: id(),
    earbudsAr: id(),
    phone: id(),
    tshirt: id(),
    coffee: id(),
    cotton: id(),
    quote: id(),
    near: id(),
    removed: id(),
    offShelf: id(),
    closedStore: id(),
    pan: id(),
    lastUnits: id(),
  };
  const make = (
    goodsId: string,
    name: string,
    over: Partial<NewGoods> & { price: number; sellerId: string; categoryId: string },
  ): NewGoods => ({
    id: goodsId,
    name,
    description: `${name}: a product of the test catalogue.`,
    coverUrl: '/media/goods/400/phone-t1-0.svg',
    images: [
      { imgUrl: '/media/goods/400/phone-t1-0.svg', zoomImg: '/media/goods/800/phone-t1-0.svg' },
      { imgUrl: '/media/goods/400/phone-t1-1.svg', zoomImg: '/media/goods/800/phone-t1-1.svg' },
    ],
    sellingPrice: money(over.price),
    discountPrice: null,
    retailPrice: money(over.price * 2),
    originalPrice: money(over.price + 5),
    stock: 100,
    buyMin: 1,
    sold: 0,
    dispatchFee: units(2),
    distanceFee: units(1),
    deliveryFee: 5_000_000_000n,
    isNew: false,
    isHot: false,
    isRecommend: false,
    createdAt: now - 30 * DAY,
    specs: [] as NewSpec[],
    ...over,
  });
  const sz = seller.shenzhen;
  const bk = seller.bangkok;
  await importer.goods(db, [
    make(goods.earbudsZh, '无线蓝牙耳机 降噪版', {
      price: 25,
      sellerId: sz,
      categoryId: cat.audio,
      sold: 500,
      isHot: true,
      isRecommend: true,
    }),
    make(goods.earbudsEn, 'Wireless Earbuds Pro', {
      price: 30,
      sellerId: sz,
      categoryId: cat.audio,
      sold: 300,
      discountPrice: units(24),
      isRecommend: true,
    }),
    make(goods.earbudsTh, 'หูฟังไร้สาย รุ่นใหม่', { price: 18, sellerId: bk, categoryId: cat.audio, sold: 120 }),
    make(goods.earbudsAr, 'سماعات لاسلكية عازلة للضوضاء', {
      price: 22,
      sellerId: bk,
      categoryId: cat.audio,
      sold: 80,
    }),
    make(goods.phone, 'Rugged Phone X2', {
      price: 199.5,
      sellerId: sz,
      categoryId: cat.phones,
      sold: 40,
      isNew: true,
      createdAt: now - DAY,
      buyMin: 2,
    }),
    make(goods.tshirt, 'Cotton T-Shirt', {
      price: 9,
      sellerId: bk,
      categoryId: cat.kitchen,
      sold: 60,
      stock: 0,
      specs: [
        { id: spec.tshirtM, name: 'M', price: null, stock: 5 },
        { id: spec.tshirtL, name: 'L', price: null, stock: 0 },
      ],
    }),
    make(goods.coffee, 'Coffee Beans 咖啡豆', {
      price: 12,
      sellerId: bk,
      categoryId: cat.kitchen,
      sold: 10,
      stock: 50,
      specs: [
        { id: id(), name: '250g', price: null, stock: null },
        { id: spec.coffee1kg, name: '1kg', price: units(40), stock: null },
      ],
    }),
    make(goods.cotton, '100% Cotton Towel', { price: 7, sellerId: bk, categoryId: cat.kitchen, sold: 5 }),
    make(goods.quote, `O'Neil "Classic" Mug`, { price: 6, sellerId: bk, categoryId: cat.kitchen, sold: 4 }),
    make(goods.near, 'NEAR Field Speaker*', { price: 45, sellerId: sz, categoryId: cat.audio, sold: 3 }),
    make(goods.removed, 'Removed Earbuds Gadget', {
      price: 10,
      sellerId: sz,
      categoryId: cat.audio,
      sold: 900,
      status: -1,
    }),
    make(goods.offShelf, 'Shelved Earbuds Gadget', {
      price: 11,
      sellerId: sz,
      categoryId: cat.audio,
      sold: 800,
      status: 0,
    }),
    make(goods.closedStore, 'Closed Store Lamp', {
      price: 15,
      sellerId: seller.closed,
      categoryId: cat.kitchen,
      sold: 1,
      status: 0,
    }),
    make(goods.pan, 'Non-Stick Pan 不粘锅', {
      price: 19.99,
      sellerId: bk,
      categoryId: cat.kitchen,
      sold: 200,
      discountPrice: units(15),
      isNew: true,
      createdAt: now - 2 * DAY,
    }),
    make(goods.lastUnits, 'Limited Edition Kettle', {
      price: 35,
      sellerId: bk,
      categoryId: cat.kitchen,
      sold: 0,
      stock: 10,
    }),
  ]);
  await importer.banners(db, [
    {
      id: id(),
      position: 'home',
      title: 'Second banner',
      imageUrl: '/media/banner/b2.svg?g=gift&t=Two&s=Sub',
      link: '/discounted',
      sort: 2,
      startsAt: null,
      endsAt: null,
      createdAt: now,
    },
    {
      id: id(),
      position: 'home',
      title: 'First banner',
      imageUrl: '/media/banner/b1.svg?g=gift&t=One&s=Sub',
      link: '/classification',
      sort: 1,
      startsAt: now - DAY,
      endsAt: now + DAY,
      createdAt: now,
    },
    {
      id: id(),
      position: 'home',
      title: 'Expired banner',
      imageUrl: '/media/banner/b3.svg?g=gift&t=Old&s=Sub',
      link: '',
      sort: 0,
      startsAt: now - 10 * DAY,
      endsAt: now - DAY,
      createdAt: now,
    },
    {
      id: id(),
      position: 'home',
      title: 'مهرجان الجملة لنهاية العام',
      imageUrl: '/media/banner/b4.svg?g=gift&t=Ar&s=Sub',
      link: '/discounted',
      sort: 0,
      startsAt: null,
      endsAt: null,
      createdAt: now,
      lang: 'ar',
    },
  ]);
  await importer.activities(db, [
    {
      id: id(),
      title: 'Past festival',
      description: 'Over.',
      imageUrl: '/media/banner/p1.svg?g=gift&t=Past&s=Over',
      link: '/discounted',
      startsAt: now - 30 * DAY,
      endsAt: now - 20 * DAY,
      createdAt: now,
    },
    {
      // Started before the one for every language: Arabic buyers still see this one first.
      id: id(),
      title: 'مهرجان الجملة لنهاية العام',
      description: 'منتجات مخفضة من جميع أنحاء المركز.',
      imageUrl: '/media/banner/a2.svg?g=gift&t=Ar&s=Now',
      link: '/discounted',
      startsAt: now - 2 * DAY,
      endsAt: now + 10 * DAY,
      createdAt: now,
      lang: 'ar',
    },
    {
      id: id(),
      title: 'Year-End Wholesale Festival',
      description: 'Discounted goods across the mall.',
      imageUrl: '/media/banner/a1.svg?g=gift&t=Fest&s=Now',
      link: '/discounted',
      startsAt: now - DAY,
      endsAt: now + 10 * DAY,
      createdAt: now,
    },
  ]);
  return { cat, seller, goods, spec };
}

/** Reviews straight into the table (as imported demo data would be). */
export async function addReviews(
  t: TestApp,
  goodsId: string,
  sellerId: string,
  ratings: (1 | 2 | 3)[],
  withImages = 0,
): Promise<void> {
  const now = t.clock.now();
  await new ReviewsRepository(t.db.kysely).insertMany(
    t.db.kysely,
    ratings.map((rating, i) => ({
      id: newId(),
      goodsId,
      sellerId,
      orderId: null,
      userId: null,
      userName: `reviewer${i}`,
      rating,
      content: `review ${i}`,
      images: i < withImages ? ['/media/review/phone-r1.svg'] : [],
      attrName: '',
      createdAt: now - (ratings.length - i) * 60_000,
    })),
  );
}

/** Follows by users who exist only as ids (figures are computed from whatever rows exist). */
export async function addFollowers(t: TestApp, sellerId: string, n: number): Promise<void> {
  await new FavouritesRepository(t.db.kysely).insertMany(
    t.db.kysely,
    [],
    Array.from({ length: n }, () => ({ userId: newId(), sellerId, at: t.clock.now() })),
  );
}
