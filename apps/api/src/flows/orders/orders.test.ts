import { BRANDS, REFUND_STATUS as R, ORDER_STATUS as S, units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { CatalogueImport, type NewGoods } from '../../modules/catalogue/index.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

const novamart = BRANDS.find((b) => b.key === 'novamart')!;
const DAY = 86_400_000;
const address = {
  name: 'Li Lei',
  email: 'lilei01@shop.com',
  areaCode: '86',
  phone: '13800001111',
  nation: 'China',
  state: 'Guangdong',
  city: 'Shenzhen',
  postCode: '518000',
  address: 'No. 1 Science Park Road',
};

describeEachDialect('orders', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let sellerA: Registered;
  let sellerB: Registered;
  let admin: Registered;
  let addressId: string;
  const store = { a: newId(), b: newId() };
  const goods = {
    mug: newId(),
    shirt: newId(),
    lamp: newId(),
    lastTen: newId(),
    ownGoods: newId(),
    removed: newId(),
    third: newId(),
  };
  const spec = { shirtM: newId(), shirtL: newId() };

  const post = (url: string, payload: Record<string, unknown>, user: Registered = buyer) =>
    call(t, 'POST', url, payload, { token: user.token });
  const balanceOf = async (userId: string) =>
    (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.wallet(userId))).balance;
  const submit = (items: unknown[], user: Registered = buyer, extra: Record<string, unknown> = {}) =>
    post('/api/order/submit', { addressId, items, submitKey: newId(), ...extra }, user);
  const pay = (orderIds: string[], user: Registered = buyer, fundPassword = '246810') =>
    post('/api/pay/order', { orderIds, payMethod: 'balance', fundPassword }, user);
  const stockOf = async (id: string) =>
    Number(
      (await t.db.kysely.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
        .stock,
    );

  async function buyerWithMoney(amount: bigint): Promise<Registered> {
    const user = await register(t);
    expect(
      (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user)).code,
    ).toBe(0);
    const added = await post('/api/user/address/add', address, user);
    expect(added.code).toBe(0);
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(user.userId),
      amount,
      kind: 'recharge',
    });
    return user;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    sellerA = await register(t);
    sellerB = await buyerWithMoney(units(1000));
    await grantRoles(t, sellerA.userId, ['buyer', 'seller']);
    await grantRoles(t, sellerB.userId, ['buyer', 'seller']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
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
      price: number,
      extra: Partial<NewGoods> = {},
    ): NewGoods => ({
      id,
      sellerId,
      categoryId: category,
      name,
      description: `${name} for tests`,
      coverUrl: '/media/goods/x.svg',
      images: [{ imgUrl: '/media/goods/x.svg', zoomImg: '/media/goods/x.svg' }],
      sellingPrice: units(price),
      discountPrice: null,
      retailPrice: units(price),
      originalPrice: units(price),
      stock: 100,
      buyMin: 1,
      sold: 0,
      dispatchFee: units(1),
      distanceFee: units(2) / 10n,
      deliveryFee: 0n,
      isNew: false,
      isHot: false,
      isRecommend: false,
      createdAt: now,
      specs: [],
      ...extra,
    });
    await importer.goods(t.db.kysely, [
      item(goods.mug, store.a, 'Mug', 10, { buyMin: 2 }),
      item(goods.shirt, store.a, 'Shirt', 20, {
        specs: [
          { id: spec.shirtM, name: 'M', price: units(20), stock: 50 },
          { id: spec.shirtL, name: 'L', price: units(22), stock: 50 },
        ],
      }),
      item(goods.lamp, store.b, 'Lamp', 35),
      item(goods.lastTen, store.b, 'Last ten', 1, { stock: 10, dispatchFee: 0n, distanceFee: 0n }),
      item(goods.ownGoods, store.b, 'Own goods', 5),
      item(goods.removed, store.b, 'Removed', 5, { status: -1 }),
      // A third of a USDT (0.3333333333): amounts that do not divide evenly.
      item(goods.third, store.a, 'Third', 1, {
        sellingPrice: units(1) / 3n,
        retailPrice: units(1) / 3n,
        originalPrice: units(1) / 3n,
        dispatchFee: 0n,
        distanceFee: 0n,
      }),
    ]);
    buyer = await buyerWithMoney(units(1000));
    addressId = (await post('/api/user/address/list', {})).data[0].id;
  });
  afterAll(() => t.close());

  describe('submit', () => {
    it('makes one order per store, reserves stock and computes every amount on the server', async () => {
      const before = await stockOf(goods.mug);
      const reply = await submit([
        { sellerGoodsId: goods.mug, count: 3 },
        { sellerGoodsId: goods.shirt, checkAttrName: 'L', count: 1 },
        { sellerGoodsId: goods.lamp, count: 1, price: '0.01' },
      ]);
      expect(reply.code).toBe(0);
      const [a, b] = reply.data.orders;
      expect(reply.data.orders).toHaveLength(2);
      // Store A: 3 × 10 + 1 × 22 (the L specification's price); freight 1.2 per line.
      expect(a).toMatchObject({
        sellerName: 'Store A',
        status: S.pendingPayment,
        goodsAmount: '52',
        freight: '2.4',
        total: '54.4',
      });
      expect(a.items.map((i: { attrName: string }) => i.attrName).sort()).toEqual(['', 'L']);
      expect(b).toMatchObject({ sellerName: 'Store B', goodsAmount: '35', total: '36.2' });
      expect(reply.data.total).toBe('90.6');
      expect(a.address).toMatchObject({ name: 'Li Lei', city: 'Shenzhen' });
      expect(await stockOf(goods.mug)).toBe(before - 3);
    });

    it('rounds tax and handling fee down to whole cents once each, and the ledger moves exactly the total', async () => {
      const user = await buyerWithMoney(units(10));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      await t.services.params.set(novamart, 'order_tax_rate_bp', '1234');
      await t.services.params.set(novamart, 'order_handling_fee_bp', '75');
      try {
        const order = (
          await post(
            '/api/order/submit',
            { addressId: addr, items: [{ sellerGoodsId: goods.third, count: 7 }], submitKey: newId() },
            user,
          )
        ).data.orders[0];
        // By hand: goods 7 × 0.3333333333 = 2.3333333331 (the seller's price, not rounded); tax 12.34%
        // = 0.2879333333… → 0.28; handling 0.75% of 2.6133333331 = 0.0195999… → 0.01; total 2.6233333331.
        expect(order).toMatchObject({
          goodsAmount: '2.3333333331',
          freight: '0',
          tax: '0.28',
          handlingFee: '0.01',
          total: '2.6233333331',
        });
        expect((await pay([order.id], user)).code).toBe(0);
        expect(await balanceOf(user.userId)).toBe(units(10) - 26_233_333_331n);
        expect(
          (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.escrow(order.id))).balance,
        ).toBe(26_233_333_331n);
      } finally {
        await t.services.params.set(novamart, 'order_tax_rate_bp', '0');
        await t.services.params.set(novamart, 'order_handling_fee_bp', '0');
      }
    });

    it('refuses a payment the wallet cannot cover, and writes nothing', async () => {
      const user = await buyerWithMoney(units(36));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const order = (
        await post(
          '/api/order/submit',
          { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
          user,
        )
      ).data.orders[0];
      expect(order.total).toBe('36.2');
      expect((await pay([order.id], user)).key).toBe('INSUFFICIENT_BALANCE');
      expect(await balanceOf(user.userId)).toBe(units(36));
      const detail = (await post('/api/order/info', { orderId: order.id }, user)).data;
      expect(detail).toMatchObject({ status: S.pendingPayment, paidAmount: '0', payMethod: null });
      expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['placed']);
    });

    it('answers a repeated submission key with the same orders', async () => {
      const key = newId();
      const items = [{ sellerGoodsId: goods.lamp, count: 1 }];
      const first = await post('/api/order/submit', { addressId, items, submitKey: key });
      const again = await post('/api/order/submit', { addressId, items, submitKey: key });
      expect(again).toEqual(first);
      const other = await post('/api/order/submit', {
        addressId,
        items: [{ sellerGoodsId: goods.lamp, count: 2 }],
        submitKey: key,
      });
      expect(other.key).toBe('IDEMPOTENCY_MISMATCH');
    });

    it('makes one order of a double click, and takes the money once when paid twice at once', async () => {
      const user = await buyerWithMoney(units(100));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const stock = await stockOf(goods.lamp);
      const key = newId();
      const items = [{ sellerGoodsId: goods.lamp, count: 1 }];
      const clicks = await Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/order/submit', { addressId: addr, items, submitKey: key }, user),
        ),
      );
      const ids = new Set(clicks.map((c) => c.data?.orders[0]?.id));
      expect(ids.size).toBe(1);
      expect(await stockOf(goods.lamp)).toBe(stock - 1);
      const orderId = [...ids][0] as string;
      const payments = await Promise.all([pay([orderId], user), pay([orderId], user)]);
      expect(payments.map((p) => p.key ?? 'ok').sort()).toEqual(['ORDER_ALREADY_PAID', 'ok']);
      expect(await balanceOf(user.userId)).toBe(units(100) - units(362) / 10n);
      const events = (await post('/api/order/info', { orderId }, user)).data.events;
      expect(events.map((e: { type: string }) => e.type)).toEqual(['placed', 'paid']);
    });

    it('refuses bad lines and writes nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const stock = await stockOf(goods.mug);
      const cases: [unknown[], string, Record<string, unknown>?][] = [
        [[], 'NO_PRODUCT_SELECTED'],
        [[{ sellerGoodsId: goods.mug, count: 1 }], 'BELOW_MIN_ORDER'],
        [[{ sellerGoodsId: goods.mug, count: 501 }], 'OVER_MAX_PURCHASE'],
        [[{ sellerGoodsId: goods.mug, count: 2.5 }], 'PARAMETER_ERROR'],
        [[{ sellerGoodsId: goods.mug, count: -2 }], 'PARAMETER_ERROR'],
        [[{ sellerGoodsId: goods.mug, count: 200 }], 'STOCK_INSUFFICIENT'],
        [[{ sellerGoodsId: newId(), count: 1 }], 'PRODUCT_NOT_FOUND'],
        [[{ sellerGoodsId: goods.removed, count: 1 }], 'PRODUCT_OFF_SHELF'],
        [[{ sellerGoodsId: goods.mug, count: 0 }], 'PARAMETER_ERROR'],
        [[{ sellerGoodsId: goods.shirt, checkAttrName: 'XXL', count: 1 }], 'SPECIFICATION_NOT_FOUND'],
        [[{ sellerGoodsId: goods.mug, count: 2 }], 'SELECT_DELIVERY_ADDRESS', { addressId: newId() }],
        // A good second line cannot save a bad first one (and the stock of the good one is untouched).
        [
          [
            { sellerGoodsId: goods.mug, count: 2 },
            { sellerGoodsId: goods.lamp, count: 400 },
          ],
          'STOCK_INSUFFICIENT',
        ],
      ];
      for (const [items, key, extra] of cases) {
        expect((await submit(items, buyer, extra)).key, JSON.stringify(items)).toBe(key);
      }
      const sellersAddress = (await post('/api/user/address/list', {}, sellerB)).data[0].id;
      const own = await submit([{ sellerGoodsId: goods.ownGoods, count: 1 }], sellerB, {
        addressId: sellersAddress,
      });
      expect(own.key).toBe('SELLER_OWN_GOODS');
      const homeless = await register(t);
      expect(
        (await submit([{ sellerGoodsId: goods.mug, count: 2 }], homeless, { addressId: newId() })).key,
      ).toBe('ADDRESS_NOT_SET');
      expect(await count()).toBe(before);
      expect(await stockOf(goods.mug)).toBe(stock);
    });

    it('never sells below zero stock when 100 buyers race for the last 10 units', async () => {
      const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWithMoney(units(10))));
      const replies = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const who = buyers[i % buyers.length]!;
          const addr = (await post('/api/user/address/list', {}, who)).data[0].id;
          return post(
            '/api/order/submit',
            { addressId: addr, items: [{ sellerGoodsId: goods.lastTen, count: 1 }], submitKey: newId() },
            who,
          );
        }),
      );
      expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
      expect(replies.filter((r) => r.key === 'STOCK_INSUFFICIENT')).toHaveLength(90);
      expect(await stockOf(goods.lastTen)).toBe(0);
    });
  });

  describe('the fund password', () => {
    it('counts wrong entries made while paying: the third locks it, and nothing is paid', async () => {
      const user = await buyerWithMoney(units(100));
      const ordered = await post(
        '/api/order/submit',
        {
          addressId: (await post('/api/user/address/list', {}, user)).data[0].id,
          items: [{ sellerGoodsId: goods.lamp, count: 1 }],
          submitKey: newId(),
        },
        user,
      );
      const order = ordered.data.orders[0];
      expect((await pay([order.id], user, '111111')).key).toBe('WRONG_FUND_PASSWORD');
      expect((await pay([order.id], user, '111111')).key).toBe('WRONG_FUND_PASSWORD');
      expect((await pay([order.id], user, '111111')).key).toBe('FUND_PASSWORD_LOCKED');
      expect((await pay([order.id], user)).key).toBe('FUND_PASSWORD_LOCKED');
      expect(await balanceOf(user.userId)).toBe(units(100));
      expect((await post('/api/order/info', { orderId: order.id }, user)).data.status).toBe(S.pendingPayment);
    });
  });

  describe('the whole journey', () => {
    it('pays, ships, tracks, receives, reviews with pictures and settles; every balance exact', async () => {
      const user = await buyerWithMoney(units(100));
      const ordered = await post(
        '/api/order/submit',
        {
          addressId: (await post('/api/user/address/list', {}, user)).data[0].id,
          items: [{ sellerGoodsId: goods.lamp, count: 2 }],
          submitKey: newId(),
        },
        user,
      );
      const order = ordered.data.orders[0];
      expect(order.total).toBe('71.2');
      expect((await pay([order.id], user, '111111')).key).toBe('WRONG_FUND_PASSWORD');
      const paid = await pay([order.id], user);
      expect(paid.data.orders[0]).toMatchObject({ status: S.paid, paidAmount: '71.2', payMethod: 'balance' });
      expect(await balanceOf(user.userId)).toBe(units(100) - units(712) / 10n);
      expect((await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.escrow(order.id))).balance).toBe(
        units(712) / 10n,
      );
      expect((await pay([order.id], user)).key).toBe('ORDER_ALREADY_PAID');
      expect((await post('/api/order/cancel', { orderId: order.id, reason: 0 }, user)).key).toBe(
        'ONLY_PENDING_CANCEL',
      );

      // Remind once.
      expect((await post('/api/order/remind', { orderId: order.id }, user)).data.reminded).toBe(true);
      expect((await post('/api/order/remind', { orderId: order.id }, user)).key).toBe(
        'ORDER_ALREADY_REMINDED',
      );

      // Only the store's owner ships; another seller cannot even see it.
      expect(
        (
          await post(
            '/api/admin/orders/ship',
            { orderId: order.id, carrier: 'SF', trackingNo: 'SF1' },
            sellerA,
          )
        ).key,
      ).toBe('ORDER_NOT_FOUND');
      expect(
        (await post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: 'SF1' }, user))
          .key,
      ).toBe('NO_PERMISSION');
      expect((await post('/api/admin/orders/confirm', { orderId: order.id }, sellerB)).data.status).toBe(
        S.stocking,
      );
      const shipped = await post(
        '/api/admin/orders/ship',
        { orderId: order.id, carrier: 'SF Express', trackingNo: 'SF123456' },
        sellerB,
      );
      expect(shipped.data.status).toBe(S.shipped);
      t.clock.advance(3600_000);
      await post(
        '/api/admin/orders/logistics/add',
        {
          orderId: order.id,
          carrier: 'SF Express',
          trackingNo: 'SF123456',
          content: 'Arrived at Shenzhen hub',
          location: 'Shenzhen',
        },
        sellerB,
      );
      const log = (await post('/api/order/log', { orderId: order.id }, user)).data;
      expect(log.map((l: { content: string }) => l.content)).toEqual([
        'Shipped: handed to the carrier',
        'Arrived at Shenzhen hub',
      ]);
      expect((await post('/api/order/returns', { orderId: order.id, reason: 1 }, user)).key).toBe(
        'REFUND_AFTER_SHIPPING',
      );

      const received = await post('/api/order/receipt', { orderId: order.id }, user);
      expect(received.data).toMatchObject({ status: S.received });
      expect(received.data.returnDeadline).not.toBeNull();
      const pictures = [];
      for (let i = 0; i < 10; i++) pictures.push(await uploadPicture(t, user));
      expect(
        (
          await post(
            '/api/order/evaluation',
            { orderId: order.id, rating: 'good', content: 'Bright', images: pictures },
            user,
          )
        ).key,
      ).toBe('REVIEW_IMAGES_LIMIT');
      const reviewed = await post(
        '/api/order/evaluation',
        { orderId: order.id, rating: 'good', content: 'Bright and sturdy', images: pictures.slice(0, 2) },
        user,
      );
      expect(reviewed.data.status).toBe(S.reviewed);
      expect(
        (await post('/api/order/evaluation', { orderId: order.id, rating: 'bad', content: 'Again' }, user))
          .key,
      ).toBe('ORDER_ALREADY_REVIEWED');
      const reviews = await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: goods.lamp });
      expect(reviews.data.pageList.some((r: { content: string }) => r.content === 'Bright and sturdy')).toBe(
        true,
      );

      // The return window ends: the seller is paid, minus 5% commission.
      const sellerBefore = await balanceOf(sellerB.userId);
      t.clock.advance(8 * DAY);
      await t.services.jobs.runDue();
      t.clock.advance(-8 * DAY - 3600_000);
      const commission = ((units(712) / 10n) * 500n) / 10_000n;
      expect(await balanceOf(sellerB.userId)).toBe(sellerBefore + units(712) / 10n - commission);
      expect((await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.escrow(order.id))).balance).toBe(
        0n,
      );
      // Inside the return window again (the clock went back), but the seller has been paid: no
      // return, and no platform refund of an empty escrow; nothing moves.
      const buyerAfter = await balanceOf(user.userId);
      expect((await post('/api/order/returns', { orderId: order.id, reason: 6 }, user)).key).toBe(
        'RETURN_WINDOW_CLOSED',
      );
      expect(
        (await post('/api/admin/orders/refund/manual', { orderId: order.id, note: 'Late claim' }, admin)).key,
      ).toBe('ORDER_CLOSED');
      expect(await balanceOf(user.userId)).toBe(buyerAfter);
      const detail = (await post('/api/order/info', { orderId: order.id }, user)).data;
      expect(detail).toMatchObject({ status: S.reviewed, refundStatus: R.none });
      expect(detail.events.map((e: { type: string }) => e.type)).toEqual([
        'placed',
        'paid',
        'reminded',
        'merchantConfirmed',
        'shipped',
        'logistics',
        'received',
        'reviewed',
        'settled',
        'completed',
      ]);
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
    });

    it('cancels an unpaid order with a reason and puts the stock back', async () => {
      const before = await stockOf(goods.lamp);
      const order = (await submit([{ sellerGoodsId: goods.lamp, count: 4 }])).data.orders[0];
      expect(await stockOf(goods.lamp)).toBe(before - 4);
      expect((await post('/api/order/cancel', { orderId: order.id, reason: 9 })).key).toBe(
        'CANCEL_REASON_REQUIRED',
      );
      const cancelled = await post('/api/order/cancel', {
        orderId: order.id,
        reason: 2,
        text: 'Ordered twice',
      });
      expect(cancelled.data).toMatchObject({ status: S.cancelled, cancelReason: 2 });
      expect(await stockOf(goods.lamp)).toBe(before);
      expect((await pay([order.id])).key).toBe('ORDER_CANCELLED');
    });

    it('cancels unpaid orders by itself after 30 minutes, exactly once', async () => {
      const before = await stockOf(goods.lamp);
      const order = (await submit([{ sellerGoodsId: goods.lamp, count: 1 }])).data.orders[0];
      t.clock.advance(31 * 60_000);
      await t.services.jobs.runDue();
      await t.services.jobs.runDue();
      t.clock.advance(-31 * 60_000);
      const detail = (await post('/api/order/info', { orderId: order.id })).data;
      expect(detail.status).toBe(S.cancelled);
      expect(detail.events.filter((e: { type: string }) => e.type === 'timeoutCancelled')).toHaveLength(1);
      expect(await stockOf(goods.lamp)).toBe(before);
    });

    it('refunds before shipping: money back to the buyer, stock back on the shelf', async () => {
      const user = await buyerWithMoney(units(100));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const order = (
        await post(
          '/api/order/submit',
          { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
          user,
        )
      ).data.orders[0];
      await pay([order.id], user);
      const stock = await stockOf(goods.lamp);
      expect(
        (await post('/api/order/returns', { orderId: order.id, reason: 1, amount: '999' }, user)).key,
      ).toBe('RETURN_AMOUNT_TOO_HIGH');
      const asked = await post(
        '/api/order/returns',
        { orderId: order.id, reason: 1, remark: 'Changed my mind' },
        user,
      );
      expect(asked.data).toMatchObject({ refundStatus: R.refunding, returnAmount: '36.2' });
      expect((await post('/api/order/returns', { orderId: order.id, reason: 1 }, user)).key).toBe(
        'REFUND_IN_PROGRESS',
      );
      expect(
        (await post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: '1' }, sellerB))
          .key,
      ).toBe('REFUND_IN_PROGRESS');
      const approved = await post('/api/admin/orders/refund/approve', { orderId: order.id }, sellerB);
      expect(approved.data).toMatchObject({
        status: S.refunded,
        refundStatus: R.succeeded,
        refundedAmount: '36.2',
      });
      expect(await balanceOf(user.userId)).toBe(units(100));
      expect(await stockOf(goods.lamp)).toBe(stock + 1);
      const events = (await post('/api/order/info', { orderId: order.id }, user)).data.events;
      expect(events.map((e: { type: string }) => e.type)).toEqual([
        'placed',
        'paid',
        'refundRequested',
        'refundSucceeded',
      ]);
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
    });

    it('returns within 7 days of receipt, refused or approved; not after', async () => {
      const user = await buyerWithMoney(units(100));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const make = async () => {
        const order = (
          await post(
            '/api/order/submit',
            { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
            user,
          )
        ).data.orders[0];
        await pay([order.id], user);
        await post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: 'T1' }, sellerB);
        await post('/api/order/receipt', { orderId: order.id }, user);
        return order.id as string;
      };
      const first = await make();
      const pictures = [];
      for (let i = 0; i < 10; i++) pictures.push(await uploadPicture(t, user));
      const bad: [Record<string, unknown>, string][] = [
        [{ reason: 9 }, 'PARAMETER_ERROR'],
        [{ reason: -1 }, 'PARAMETER_ERROR'],
        [{ reason: 5, amount: '36.2000000001' }, 'RETURN_AMOUNT_TOO_HIGH'],
        [{ reason: 5, amount: '0' }, 'AMOUNT_FORMAT'],
        [{ reason: 5, amount: '-1' }, 'AMOUNT_FORMAT'],
        [{ reason: 5, amount: '1.00000000001' }, 'AMOUNT_FORMAT'],
        [{ reason: 5, images: pictures }, 'REVIEW_IMAGES_LIMIT'],
      ];
      for (const [extra, key] of bad) {
        expect((await post('/api/order/returns', { orderId: first, ...extra }, user)).key, key).toBe(key);
      }
      const untouched = (await post('/api/order/info', { orderId: first }, user)).data;
      expect(untouched).toMatchObject({ status: S.received, refundStatus: R.none, returnAmount: null });
      expect(untouched.events.map((e: { type: string }) => e.type)).not.toContain('returnRequested');
      const asked = await post(
        '/api/order/returns',
        { orderId: first, reason: 5, amount: '20', remark: 'Cracked base', images: pictures.slice(0, 9) },
        user,
      );
      expect(asked.data).toMatchObject({ refundStatus: R.refunding, returnReason: 5, returnAmount: '20' });
      expect(asked.data.returnImages).toHaveLength(9);
      const refused = await post(
        '/api/admin/orders/refund/refuse',
        { orderId: first, note: 'Photos show no damage' },
        sellerB,
      );
      expect(refused.data).toMatchObject({ status: S.received, refundStatus: R.failed });
      const again = await post('/api/order/returns', { orderId: first, reason: 5, amount: '20' }, user);
      expect(again.code).toBe(0);
      const approved = await post('/api/admin/orders/refund/approve', { orderId: first }, sellerB);
      expect(approved.data).toMatchObject({ status: S.refunded, refundedAmount: '20' });
      const history = (await post('/api/order/info', { orderId: first }, user)).data.events;
      expect(history.map((e: { type: string }) => e.type).slice(-4)).toEqual([
        'returnRequested',
        'refundFailed',
        'returnRequested',
        'refundSucceeded',
      ]);
      expect(await balanceOf(user.userId)).toBe(units(100) - units(362) / 10n + units(20));

      // A one-day window, so the sessions of this test outlive the wait.
      await t.services.params.set(novamart, 'order_return_days', '1');
      const second = await make();
      t.clock.advance(DAY + 60_000);
      try {
        expect((await post('/api/order/returns', { orderId: second, reason: 0 }, user)).key).toBe(
          'RETURN_WINDOW_CLOSED',
        );
        await t.services.jobs.runDue();
      } finally {
        t.clock.advance(-DAY - 60_000);
        await t.services.params.set(novamart, 'order_return_days', '7');
      }
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
    });

    it('lets the platform refund on its own initiative, audited', async () => {
      const user = await buyerWithMoney(units(50));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const order = (
        await post(
          '/api/order/submit',
          { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
          user,
        )
      ).data.orders[0];
      await pay([order.id], user);
      await post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: 'T2' }, sellerB);
      expect(
        (
          await post(
            '/api/admin/orders/refund/manual',
            { orderId: order.id, note: 'Lost in transit' },
            sellerB,
          )
        ).key,
      ).toBe('NO_PERMISSION');
      const refunded = await post(
        '/api/admin/orders/refund/manual',
        { orderId: order.id, note: 'Lost in transit' },
        admin,
      );
      expect(refunded.data).toMatchObject({ status: S.refunded, refundedAmount: '36.2' });
      const history = (await post('/api/order/info', { orderId: order.id }, user)).data.events;
      expect(history.map((e: { type: string }) => e.type).at(-1)).toBe('platformRefund');
      expect(await balanceOf(user.userId)).toBe(units(50));
      const entries = await t.services.audit.list(
        { brand: 'novamart', targetType: 'order', targetId: order.id },
        { pageNum: 1, pageSize: 5 },
      );
      // Once (the shipping is audited too, as the seller's action).
      expect(entries.rows.filter((e) => e.action === 'order.platform-refund')).toHaveLength(1);
    });

    it('takes a review in the query string too (the other variant), with a rating always given', async () => {
      const user = await buyerWithMoney(units(50));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const order = (
        await post(
          '/api/order/submit',
          { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
          user,
        )
      ).data.orders[0];
      await pay([order.id], user);
      await post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: 'T4' }, sellerB);
      await post('/api/order/receipt', { orderId: order.id }, user);
      const asGet = (payload: Record<string, unknown>) =>
        call(t, 'GET', '/api/order/evaluation', { orderId: order.id, ...payload }, { token: user.token });
      expect((await asGet({ content: 'No rating given' })).key).toBe('MISSING_PARAMETER');
      expect((await asGet({ evaluationType: '4', content: 'Off the scale' })).key).toBe('PARAMETER_ERROR');
      expect((await post('/api/order/info', { orderId: order.id }, user)).data.status).toBe(S.received);
      const pictures = [await uploadPicture(t, user), await uploadPicture(t, user)];
      const reviewed = await asGet({
        evaluationType: '2',
        content: 'Dim but fine',
        images: pictures.join(','),
      });
      expect(reviewed.data.status).toBe(S.reviewed);
      const list = await call(t, 'POST', '/api/evaluation/list', { sellerGoodsId: goods.lamp, pageSize: 50 });
      expect(list.data.pageList.find((r: { content: string }) => r.content === 'Dim but fine')).toMatchObject(
        { evaluationType: 2, imgUrls: pictures },
      );
    });

    it('confirms receipt and leaves a default good review by itself when the buyer does not', async () => {
      const user = await buyerWithMoney(units(50));
      const addr = (await post('/api/user/address/list', {}, user)).data[0].id;
      const order = (
        await post(
          '/api/order/submit',
          { addressId: addr, items: [{ sellerGoodsId: goods.lamp, count: 1 }], submitKey: newId() },
          user,
        )
      ).data.orders[0];
      await pay([order.id], user);
      // Shipped by the platform for the store: its own history event.
      const shipped = await post(
        '/api/admin/orders/ship',
        { orderId: order.id, carrier: 'SF', trackingNo: 'T3' },
        admin,
      );
      expect(shipped.data.status).toBe(S.shipped);
      t.clock.advance(11 * DAY);
      await t.services.jobs.runDue();
      t.clock.advance(8 * DAY);
      await t.services.jobs.runDue();
      t.clock.advance(-19 * DAY);
      const detail = (await post('/api/order/info', { orderId: order.id }, user)).data;
      expect(detail.status).toBe(S.reviewed);
      expect(detail.events.map((e: { type: string }) => e.type)).toEqual(
        expect.arrayContaining(['systemShipped', 'autoReceived', 'defaultReview', 'settled', 'completed']),
      );
    });
  });

  describe('reads', () => {
    it('lists by tab with counts, and never shows another user their orders', async () => {
      await submit([{ sellerGoodsId: goods.lamp, count: 1 }]);
      const counts = (await post('/api/order/count', {})).data;
      expect(counts.all).toBeGreaterThan(0);
      const pending = (await post('/api/order/list', { status: 'pay' })).data;
      expect(pending.pageInfo).toMatchObject({ pageNum: 1, pageSize: 20 });
      expect(pending.pageList.every((o: { status: number }) => o.status === S.pendingPayment)).toBe(true);
      expect(pending.pageInfo.total).toBe(counts.pay);
      const someone = pending.pageList[0];
      const stranger = await register(t);
      for (const url of [
        '/api/order/info',
        '/api/order/goods',
        '/api/order/log',
        '/api/order/receipt',
        '/api/order/remind',
      ]) {
        expect((await post(url, { orderId: someone.id }, stranger)).key, url).toBe('ORDER_NOT_FOUND');
      }
      expect((await post('/api/order/cancel', { orderId: someone.id, reason: 0 }, stranger)).key).toBe(
        'ORDER_NOT_FOUND',
      );
      expect(
        (await post('/api/pay/order', { orderIds: [someone.id], fundPassword: '246810' }, stranger)).key,
      ).toBe('ORDER_NOT_FOUND');
      expect((await post('/api/order/list', {}, stranger)).data.pageInfo.total).toBe(0);
      expect((await post('/api/order/list', { pageNum: 0 })).key).toBe('PARAMETER_ERROR');
      expect((await post('/api/pay/order', { orderIds: [someone.id], payMethod: 'card' })).key).toBe(
        'PAYMENT_NOT_OPEN_IN_REGION',
      );
    });
  });
});

async function uploadPicture(t: TestApp, user: Registered): Promise<string> {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082',
    'hex',
  );
  const boundary = '----review';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="moduleName"\r\n\r\nreview\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/img',
    headers: {
      host: 'novamart.localhost',
      authorization: `Bearer ${user.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return res.json().data.data as string;
}
