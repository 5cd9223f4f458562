import { units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../core/db/database.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, type Fixture, seedFixture } from './catalogue.test-helpers.ts';

describeEachDialect('stock and prices for orders', (dialect) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await seedFixture(t);
  });
  afterAll(() => t.close());

  const stockOf = async (id: string) =>
    Number(
      (await t.db.kysely.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
        .stock,
    );
  const specStockOf = async (id: string) => {
    const row = await t.db.kysely
      .selectFrom('goods_specs')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.stock === null ? null : Number(row.stock);
  };

  describe('getPurchasable', () => {
    it('answers the price to pay (discount first), stock, buyMin and freight parts as exact units', async () => {
      const item = await t.services.catalogue.getPurchasable(t.db.kysely, f.goods.earbudsEn);
      expect(item).toMatchObject({
        sellerGoodsId: f.goods.earbudsEn,
        sellerId: f.seller.shenzhen,
        attrId: null,
        attrName: '',
        unitPrice: units(24),
        stock: 100,
        buyMin: 1,
        dispatchFee: units(2),
        distanceFee: units(1),
        deliveryFee: 5_000_000_000n,
      });
      const phone = await t.services.catalogue.getPurchasable(t.db.kysely, f.goods.phone);
      expect(phone).toMatchObject({ unitPrice: 1_995_000_000_000n, buyMin: 2 });
    });

    it('resolves a specification by id or by the name a cart line carries', async () => {
      const byName = await t.services.catalogue.getPurchasable(t.db.kysely, f.goods.coffee, '1kg');
      expect(byName).toMatchObject({
        attrId: f.spec.coffee1kg,
        attrName: '1kg',
        unitPrice: units(40),
        stock: 50,
      });
      const byId = await t.services.catalogue.getPurchasable(t.db.kysely, f.goods.tshirt, f.spec.tshirtM);
      expect(byId).toMatchObject({ attrName: 'M', unitPrice: units(9), stock: 5 });
      const plain = await t.services.catalogue.getPurchasable(t.db.kysely, f.goods.coffee, '250g');
      expect(plain).toMatchObject({ unitPrice: units(12), stock: 50 });
    });

    it('refuses unknown, removed, shelved goods, missing or unknown specifications', async () => {
      const c = t.services.catalogue;
      const db = t.db.kysely;
      await expect(c.getPurchasable(db, 'missing')).rejects.toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
      await expect(c.getPurchasable(db, f.goods.removed)).rejects.toMatchObject({ key: 'PRODUCT_OFF_SHELF' });
      await expect(c.getPurchasable(db, f.goods.offShelf)).rejects.toMatchObject({
        key: 'PRODUCT_OFF_SHELF',
      });
      await expect(c.getPurchasable(db, f.goods.closedStore)).rejects.toMatchObject({
        key: 'PRODUCT_OFF_SHELF',
      });
      await expect(c.getPurchasable(db, f.goods.tshirt)).rejects.toMatchObject({
        key: 'SELECT_SPECIFICATION',
      });
      await expect(c.getPurchasable(db, f.goods.tshirt, 'XXXL')).rejects.toMatchObject({
        key: 'SPECIFICATION_NOT_FOUND',
      });
      await expect(c.getPurchasable(db, f.goods.tshirt, f.spec.coffee1kg)).rejects.toMatchObject({
        key: 'SPECIFICATION_NOT_FOUND',
      });
      await expect(c.getPurchasable(db, f.goods.earbudsEn, 'Red')).rejects.toMatchObject({
        key: 'SPECIFICATION_NOT_FOUND',
      });
    });
  });

  describe('reserveStock and releaseStock', () => {
    it('takes units from the goods, answers the price, and puts them back', async () => {
      const c = t.services.catalogue;
      expect(
        (await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.earbudsZh}`)).data.stock,
      ).toBe(100);
      const reserved = await inTransaction(t.db.kysely, (tx) =>
        c.reserveStock(tx, { sellerGoodsId: f.goods.earbudsZh, quantity: 30 }),
      );
      expect(reserved).toMatchObject({ unitPrice: units(25), stock: 70 });
      expect(await stockOf(f.goods.earbudsZh)).toBe(70);
      // The goods page shows the new stock at once in this process.
      expect(
        (await call(t, 'GET', `/api/sellerGoods/info?sellerGoodsId=${f.goods.earbudsZh}`)).data.stock,
      ).toBe(70);
      await inTransaction(t.db.kysely, (tx) =>
        c.releaseStock(tx, { sellerGoodsId: f.goods.earbudsZh, quantity: 30 }),
      );
      expect(await stockOf(f.goods.earbudsZh)).toBe(100);
    });

    it('takes from a specification that keeps its own stock, else from the goods', async () => {
      const c = t.services.catalogue;
      await c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.tshirt, attr: 'M', quantity: 2 });
      expect(await specStockOf(f.spec.tshirtM)).toBe(3);
      expect(await stockOf(f.goods.tshirt)).toBe(0);
      await expect(
        c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.tshirt, attr: 'L', quantity: 1 }),
      ).rejects.toMatchObject({ key: 'STOCK_INSUFFICIENT' });
      await c.releaseStock(t.db.kysely, { sellerGoodsId: f.goods.tshirt, attr: f.spec.tshirtM, quantity: 2 });
      expect(await specStockOf(f.spec.tshirtM)).toBe(5);
      await c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.coffee, attr: '1kg', quantity: 4 });
      expect(await stockOf(f.goods.coffee)).toBe(46);
      expect(await specStockOf(f.spec.coffee1kg)).toBeNull();
      await c.releaseStock(t.db.kysely, { sellerGoodsId: f.goods.coffee, attr: '1kg', quantity: 4 });
      expect(await stockOf(f.goods.coffee)).toBe(50);
    });

    it('refuses more than is left, and bad quantities, writing nothing', async () => {
      const c = t.services.catalogue;
      for (const quantity of [0, -1, 1.5, Number.NaN, 2 ** 60]) {
        await expect(
          c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.earbudsZh, quantity }),
          String(quantity),
        ).rejects.toMatchObject({ key: 'PARAMETER_ERROR' });
        await expect(
          c.releaseStock(t.db.kysely, { sellerGoodsId: f.goods.earbudsZh, quantity }),
        ).rejects.toMatchObject({
          key: 'PARAMETER_ERROR',
        });
      }
      await expect(
        c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.earbudsZh, quantity: 101 }),
      ).rejects.toMatchObject({ key: 'STOCK_INSUFFICIENT' });
      await expect(
        c.reserveStock(t.db.kysely, { sellerGoodsId: f.goods.removed, quantity: 1 }),
      ).rejects.toMatchObject({
        key: 'PRODUCT_OFF_SHELF',
      });
      await expect(
        c.releaseStock(t.db.kysely, { sellerGoodsId: 'missing', quantity: 1 }),
      ).rejects.toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
      expect(await stockOf(f.goods.earbudsZh)).toBe(100);
    });

    it('rolls back with the transaction it runs in', async () => {
      await expect(
        inTransaction(t.db.kysely, async (tx) => {
          await t.services.catalogue.reserveStock(tx, { sellerGoodsId: f.goods.pan, quantity: 5 });
          throw new Error('the order failed later');
        }),
      ).rejects.toThrow('the order failed later');
      expect(await stockOf(f.goods.pan)).toBe(100);
    });

    it('sells the last 10 units exactly once to 100 concurrent buyers', async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          inTransaction(t.db.kysely, (tx) =>
            t.services.catalogue.reserveStock(tx, { sellerGoodsId: f.goods.lastUnits, quantity: 1 }),
          ),
        ),
      );
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a) => a.status === 'rejected');
      expect(won).toHaveLength(10);
      expect(lost.every((a) => (a as PromiseRejectedResult).reason?.key === 'STOCK_INSUFFICIENT')).toBe(true);
      expect(await stockOf(f.goods.lastUnits)).toBe(0);
    });

    it('never lets concurrent specification reservations go below zero either', async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          inTransaction(t.db.kysely, (tx) =>
            t.services.catalogue.reserveStock(tx, { sellerGoodsId: f.goods.tshirt, attr: 'M', quantity: 2 }),
          ),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
      expect(await specStockOf(f.spec.tshirtM)).toBe(1);
    });
  });

  describe('recordSold', () => {
    it('adds units sold, subtracts on refunds, never below zero', async () => {
      const c = t.services.catalogue;
      const soldOf = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('goods')
              .select('sold')
              .where('id', '=', f.goods.quote)
              .executeTakeFirstOrThrow()
          ).sold,
        );
      await c.recordSold(t.db.kysely, f.goods.quote, 3);
      expect(await soldOf()).toBe(7);
      await c.recordSold(t.db.kysely, f.goods.quote, -2);
      expect(await soldOf()).toBe(5);
      await c.recordSold(t.db.kysely, f.goods.quote, -50);
      expect(await soldOf()).toBe(0);
      await expect(c.recordSold(t.db.kysely, f.goods.quote, 0)).rejects.toMatchObject({
        key: 'PARAMETER_ERROR',
      });
      await expect(c.recordSold(t.db.kysely, 'missing', 1)).rejects.toMatchObject({
        key: 'PRODUCT_NOT_FOUND',
      });
    });
  });
});
