/**
 * Issue 28, "a quote before the order": `/api/order/quote` shows per store and in total what the
 * orders will charge, without reserving anything; a submit with the quote's key charges exactly
 * that, and is refused (QUOTE_CHANGED, naming what moved, nothing written) when a figure moved.
 */
import { BRANDS, parseMoney } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { CatalogueImport, type NewGoods } from '../../modules/catalogue/index.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

const novamart = BRANDS.find((b) => b.key === 'novamart')!;
/** A decimal string in atomic units. */
const money = (text: string): bigint => {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.units;
};

describeEachDialect('orders: the checkout quote', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let addressId: string;
  const store = { a: newId(), b: newId() };
  const goods = { kettle: newId(), towel: newId(), rug: newId() };
  const post = (url: string, payload: Record<string, unknown>) =>
    call(t, 'POST', url, payload, { token: buyer.token });
  const lines = [
    { sellerGoodsId: goods.kettle, count: 2 },
    { sellerGoodsId: goods.towel, count: 3 },
    { sellerGoodsId: goods.rug, count: 1 },
  ];
  const ordersCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', buyer.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stockOf = async (id: string) =>
    Number(
      (await t.db.kysely.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
        .stock,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const sellerA = await register(t);
    const sellerB = await register(t);
    await grantRoles(t, sellerA.userId, ['buyer', 'seller']);
    await grantRoles(t, sellerB.userId, ['buyer', 'seller']);
    const importer = new CatalogueImport();
    const now = t.clock.now();
    const category = newId();
    await importer.categories(
      t.db.kysely,
      [
        {
          id: category,
          parentId: null,
          name: 'Home',
          names: {},
          iconUrl: '/media/category/sofa.svg',
          sort: 0,
          recommend: false,
        },
      ],
      now,
    );
    const seller = (id: string, ownerUserId: string, name: string) => ({
      id,
      ownerUserId,
      name,
      logoUrl: '/media/logo/x.svg',
      bannerUrl: '/media/store-banner/x.svg',
      description: 'A test store',
      country: 'China',
      recommend: false,
      createdAt: now,
    });
    await importer.sellers(t.db.kysely, [
      seller(store.a, sellerA.userId, 'Store A'),
      seller(store.b, sellerB.userId, 'Store B'),
    ]);
    const item = (
      id: string,
      sellerId: string,
      name: string,
      price: string,
      fees: [string, string, string],
    ): NewGoods => ({
      id,
      sellerId,
      categoryId: category,
      name,
      description: `${name} for tests`,
      coverUrl: '/media/goods/x.svg',
      images: [{ imgUrl: '/media/goods/x.svg', zoomImg: '/media/goods/x.svg' }],
      sellingPrice: money(price),
      discountPrice: null,
      retailPrice: money(price),
      originalPrice: money(price),
      stock: 50,
      buyMin: 1,
      sold: 0,
      dispatchFee: money(fees[0]),
      distanceFee: money(fees[1]),
      deliveryFee: money(fees[2]),
      isNew: false,
      isHot: false,
      isRecommend: false,
      createdAt: now,
      specs: [],
    });
    await importer.goods(t.db.kysely, [
      item(goods.kettle, store.a, 'Kettle', '12.5', ['1', '0.5', '0.25']),
      item(goods.towel, store.a, 'Towel', '3.2', ['0.5', '0', '0.1']),
      item(goods.rug, store.b, 'Rug', '40', ['2', '1.5', '0']),
    ]);
    await t.services.params.set(novamart, 'order_tax_rate_bp', '500');
    await t.services.params.set(novamart, 'order_handling_fee_bp', '100');
    buyer = await register(t);
    expect(
      (
        await post('/api/user/address/add', {
          name: 'Li Lei',
          email: 'lilei01@shop.com',
          areaCode: '86',
          phone: '13800001111',
          nation: 'China',
          state: 'Guangdong',
          city: 'Shenzhen',
          postCode: '518000',
          address: 'No. 1 Science Park Road',
        })
      ).code,
    ).toBe(0);
    addressId = (await post('/api/user/address/list', {})).data[0].id;
  });
  afterAll(() => t.close());

  it('prices every store before anything is created, and the order charges exactly that', async () => {
    const stockBefore = await stockOf(goods.kettle);
    const quote = await post('/api/order/quote', { items: lines });
    expect(quote.code, JSON.stringify(quote)).toBe(0);
    const [a, b] = quote.data.orders;
    // Store A: goods 2 × 12.5 + 3 × 3.2 = 34.6; freight per line (1 + 0.5 + 0.25) + (0.5 + 0 + 0.1).
    expect(a).toMatchObject({
      sellerName: 'Store A',
      goodsAmount: '34.6',
      dispatchFee: '1.5',
      distanceFee: '0.5',
      deliveryFee: '0.35',
      freight: '2.35',
      tax: '1.73', // 5 % of the goods
      // 1 % of goods + freight + tax (38.68) is 0.3868: rounded down to whole cents.
      handlingFee: '0.38',
      discount: '0',
      total: '39.06',
    });
    expect(b).toMatchObject({
      sellerName: 'Store B',
      goodsAmount: '40',
      freight: '3.5',
      tax: '2',
      handlingFee: '0.45', // 1 % of 45.5 = 0.455, down to the cent
      total: '45.95',
    });
    expect(quote.data.total).toBe('85.01');
    // Nothing reserved, nothing written.
    expect(await stockOf(goods.kettle)).toBe(stockBefore);
    expect(await ordersCount()).toBe(0);

    const placed = await post('/api/order/submit', {
      addressId,
      items: lines,
      submitKey: newId(),
      quoteKey: quote.data.quoteKey,
    });
    expect(placed.code, JSON.stringify(placed)).toBe(0);
    expect(placed.data.total).toBe(quote.data.total);
    expect(placed.data.orders.map((o: { total: string }) => o.total)).toEqual([a.total, b.total]);
  });

  it('refuses the order when a price or a fee moved since the quote, naming what moved; nothing is written', async () => {
    const quote = (await post('/api/order/quote', { items: lines })).data;
    const before = await ordersCount();
    const stock = await stockOf(goods.towel);
    await t.db.kysely
      .updateTable('goods')
      .set({ price: money('3.5'), selling_price: money('3.5') })
      .where('id', '=', goods.towel)
      .execute();
    await t.services.params.set(novamart, 'order_tax_rate_bp', '600');
    const refused = await post('/api/order/submit', {
      addressId,
      items: lines,
      submitKey: newId(),
      quoteKey: quote.quoteKey,
    });
    expect(refused).toMatchObject({ key: 'QUOTE_CHANGED' });
    const kinds = refused.data.changes.map((c: { kind: string }) => c.kind);
    // The handling fee follows the tax it is charged on: store A's moves (0.3868 -> 0.3998, 0.38 ->
    // 0.39 in cents); store B's stays 0.45 (0.455 -> 0.459, the same whole cents), so it is not named.
    expect(kinds).toEqual(['price', 'tax', 'handlingFee', 'tax', 'total']);
    expect(refused.data.changes[0]).toMatchObject({
      sellerGoodsId: goods.towel,
      name: 'Towel',
      before: '3.2',
      after: '3.5',
    });
    expect(refused.data.changes.at(-1)).toMatchObject({ before: quote.total });
    expect(await ordersCount()).toBe(before);
    expect(await stockOf(goods.towel)).toBe(stock);
    // A fresh quote shows the new figures and places.
    const fresh = (await post('/api/order/quote', { items: lines })).data;
    expect(fresh.total).toBe(refused.data.changes.at(-1).after);
    const placed = await post('/api/order/submit', {
      addressId,
      items: lines,
      submitKey: newId(),
      quoteKey: fresh.quoteKey,
    });
    expect(placed.data.total).toBe(fresh.total);
  });

  it('refuses a quote key for other lines, and a malformed key, as parameters', async () => {
    const quote = (await post('/api/order/quote', { items: lines.slice(0, 1) })).data;
    const other = await post('/api/order/submit', {
      addressId,
      items: lines,
      submitKey: newId(),
      quoteKey: quote.quoteKey,
    });
    expect(other).toMatchObject({ key: 'QUOTE_CHANGED' });
    expect(other.data.changes[0]).toMatchObject({ kind: 'items' });
    const broken = await post('/api/order/submit', {
      addressId,
      items: lines,
      submitKey: newId(),
      quoteKey: 'not-a-quote',
    });
    expect(broken).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'quoteKey' } });
  });

  it('answers the same refusals as a submit for lines that cannot be bought', async () => {
    expect(await post('/api/order/quote', { items: [] })).toMatchObject({ key: 'NO_PRODUCT_SELECTED' });
    expect(await post('/api/order/quote', { items: [{ sellerGoodsId: newId(), count: 1 }] })).toMatchObject({
      key: 'PRODUCT_NOT_FOUND',
    });
    expect(
      await post('/api/order/quote', { items: [{ sellerGoodsId: goods.rug, count: 51 }] }),
    ).toMatchObject({
      key: 'STOCK_INSUFFICIENT',
    });
    expect(await call(t, 'POST', '/api/order/quote', { items: lines })).toMatchObject({ code: 403 });
  });
});
