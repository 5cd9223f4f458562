/**
 * Merchant applications to sellers at work: apply, admin approves or refuses (audited), the new
 * seller edits the store and goods, ships an order and sees settlements and reviews; and for every
 * seller call, another store's goods, orders and money stay out of reach.
 */
import { parseMoney, ORDER_STATUS as S, units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { CatalogueImport } from '../../modules/catalogue/index.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import { PNG, uploadImage } from '../../modules/upload/upload.test-helpers.ts';
import { verifyIdentity } from '../../modules/verification/verification.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

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

describeEachDialect('merchants and sellers', (dialect) => {
  let t: TestApp;
  let admin: Registered;
  let alice: Registered;
  let bob: Registered;
  let buyer: Registered;
  const category = newId();

  const post = (url: string, payload: Record<string, unknown>, user?: Registered) =>
    call(t, 'POST', url, payload, user ? { token: user.token } : {});
  const image = async (user: Registered) =>
    (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
  const application = async (user: Registered, extra: Record<string, unknown> = {}) =>
    post(
      '/api/merchant/apply',
      {
        storeName: `${user.username} Goods`,
        businessPhone: '+86 138-0000-1111',
        businessEmail: 'sales@example.com',
        country: 'CN',
        proof: await image(user),
        description: 'We sell lamps',
        ...extra,
      },
      user,
    );
  const goodsForm = async (user: Registered, extra: Record<string, unknown> = {}) => ({
    name: 'Desk lamp',
    categoryId: category,
    description: 'Bright',
    images: [await image(user)],
    sellingPrice: '20',
    stock: 5,
    specs: [
      { name: 'White', price: null, stock: 3 },
      { name: 'Black', price: '22.5', stock: null },
    ],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
    alice = await register(t);
    bob = await register(t);
    buyer = await register(t);
    // Merchant applications need an approved real name by default (verify_level_merchant_apply).
    const risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    await verifyIdentity(t, alice, risk, 'realname');
    await verifyIdentity(t, bob, risk, 'realname');
    await new CatalogueImport().categories(
      t.db.kysely,
      [
        {
          id: category,
          parentId: null,
          name: 'Home',
          names: {},
          iconUrl: '/x.svg',
          sort: 0,
          recommend: false,
        },
      ],
      t.clock.now(),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  describe('applications', () => {
    it('refuses bad fields and writes nothing', async () => {
      expect((await application(alice, { businessPhone: '12ab' })).key).toBe('PHONE_FORMAT');
      expect((await application(alice, { businessEmail: 'nope' })).key).toBe('EMAIL_FORMAT');
      expect((await application(alice, { country: 'Atlantis' })).key).toBe('COUNTRY_NOT_FOUND');
      expect((await application(alice, { proof: 'https://elsewhere.example/x.png' })).key).toBe(
        'IMAGE_NOT_FOUND',
      );
      // Another user's upload is not a proof of this one.
      expect((await application(alice, { proof: await image(bob) })).key).toBe('IMAGE_NOT_FOUND');
      expect((await post('/api/merchant/apply', { storeName: 'x' }, alice)).code).not.toBe(0);
      expect((await post('/api/merchant/application', {})).key).toBe('NOT_LOGGED_IN');
      expect(await t.db.kysely.selectFrom('merchant_applications').selectAll().execute()).toEqual([]);
      expect((await post('/api/merchant/application', {}, alice)).data).toBeNull();
    });

    it('applies once, admin lists, refuses with a reason, then approves the second; audited', async () => {
      const first = await application(alice);
      expect(first.data).toMatchObject({
        status: 'pending',
        country: 'China',
        businessEmail: 'sales@example.com',
      });
      expect((await application(alice)).key).toBe('MERCHANT_APPLICATION_PENDING');
      expect((await post('/api/admin/merchants/list', {}, alice)).key).toBe('NO_PERMISSION');
      expect((await post('/api/admin/merchants/approve', { id: first.data.id }, alice)).key).toBe(
        'NO_PERMISSION',
      );

      const listed = await post(
        '/api/admin/merchants/list',
        { status: 'pending', keyword: alice.username },
        admin,
      );
      expect(listed.data.pageList.map((a: { id: string }) => a.id)).toEqual([first.data.id]);
      expect(
        (await post('/api/admin/merchants/refuse', { id: first.data.id, reason: '' }, admin)).code,
      ).not.toBe(0);
      const refused = await post(
        '/api/admin/merchants/refuse',
        { id: first.data.id, reason: 'Blurry proof' },
        admin,
      );
      expect(refused.data).toMatchObject({ status: 'refused', refuseReason: 'Blurry proof' });
      expect((await post('/api/admin/merchants/approve', { id: first.data.id }, admin)).key).toBe(
        'MERCHANT_APPLICATION_DECIDED',
      );
      expect((await post('/api/merchant/application', {}, alice)).data.refuseReason).toBe('Blurry proof');
      expect((await post('/api/admin/seller/store', {}, alice)).key).toBe('NO_PERMISSION');

      t.clock.advance(1000);
      const second = await application(alice, { storeName: 'Alice Lamps' });
      // Newest first by default, oldest first when asked.
      const mine = async (order?: string) =>
        (
          await post(
            '/api/admin/merchants/list',
            { keyword: alice.username, ...(order ? { order } : {}) },
            admin,
          )
        ).data.pageList.map((a: { id: string }) => a.id);
      expect(await mine()).toEqual([second.data.id, first.data.id]);
      expect(await mine('asc')).toEqual([first.data.id, second.data.id]);
      expect((await post('/api/admin/merchants/list', { order: 'up' }, admin)).key).toBe('PARAMETER_ERROR');
      const approved = await post('/api/admin/merchants/approve', { id: second.data.id }, admin);
      expect(approved.data.status).toBe('approved');
      expect(approved.data.sellerId).toBeTruthy();
      const store = await post('/api/admin/seller/store', {}, alice);
      expect(store.data).toMatchObject({
        sellerId: approved.data.sellerId,
        name: 'Alice Lamps',
        contactPhone: '+86 138-0000-1111',
        goodsCount: 0,
      });
      expect((await application(alice)).key).toBe('MERCHANT_ALREADY_OPEN');
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', second.data.id)
        .executeTakeFirstOrThrow();
      expect(audit.action).toBe('merchant.approve');
      expect(audit.actor_id).toBe(admin.userId);
      expect(JSON.parse(audit.before_json as string)).toMatchObject({ status: 'pending', roles: ['buyer'] });
      expect(JSON.parse(audit.after_json as string)).toMatchObject({
        status: 'approved',
        roles: ['buyer', 'seller'],
      });

      const bobs = await application(bob, { storeName: 'Bob Mugs' });
      expect((await post('/api/admin/merchants/approve', { id: bobs.data.id }, admin)).data.status).toBe(
        'approved',
      );
    });
  });

  describe('a seller reaches only their own store', () => {
    let lamp: { sellerGoodsId: string; specs: { attrId: string; name: string }[] };
    let orderId: string;

    it('edits the store, creates goods with specifications, stock and shelf', async () => {
      const logo = await image(alice);
      const store = await post(
        '/api/admin/seller/store/update',
        {
          name: 'Alice Lights',
          logo,
          banner: logo,
          description: 'Lamps',
          contactPhone: 'x',
          contactEmail: '',
        },
        alice,
      );
      expect(store.key).toBe('PHONE_FORMAT');
      const updated = await post(
        '/api/admin/seller/store/update',
        {
          name: 'Alice Lights',
          logo,
          banner: logo,
          description: 'Lamps',
          contactPhone: '+8613800001111',
          contactEmail: 'a@example.com',
        },
        alice,
      );
      expect(updated.data).toMatchObject({ name: 'Alice Lights', logo, contactEmail: 'a@example.com' });
      // Bob cannot use Alice's upload as his logo.
      expect(
        (
          await post(
            '/api/admin/seller/store/update',
            { name: 'B', logo, banner: logo, description: '' },
            bob,
          )
        ).key,
      ).toBe('IMAGE_NOT_FOUND');

      expect(
        (await post('/api/admin/seller/goods/create', await goodsForm(alice, { images: [] }), alice)).key,
      ).toBe('GOODS_IMAGE_REQUIRED');
      expect(
        (await post('/api/admin/seller/goods/create', await goodsForm(alice, { discountPrice: '25' }), alice))
          .key,
      ).toBe('DISCOUNT_PRICE_TOO_HIGH');
      const dup = await goodsForm(alice, { specs: [{ name: 'A' }, { name: 'A' }] });
      expect((await post('/api/admin/seller/goods/create', dup, alice)).key).toBe('SPEC_NAME_DUPLICATE');
      const created = await post('/api/admin/seller/goods/create', await goodsForm(alice), alice);
      expect(created.data).toMatchObject({ status: 0, stock: 5, specCount: 2, specStock: 3, ordered: false });
      lamp = created.data;
      const white = lamp.specs.find((s) => s.name === 'White')!;
      const black = lamp.specs.find((s) => s.name === 'Black')!;

      expect(
        (
          await post(
            '/api/admin/seller/goods/stock',
            { sellerGoodsId: lamp.sellerGoodsId, change: -9 },
            alice,
          )
        ).key,
      ).toBe('STOCK_INSUFFICIENT');
      const stocked = await post(
        '/api/admin/seller/goods/stock',
        { sellerGoodsId: lamp.sellerGoodsId, attrId: white.attrId, change: 7 },
        alice,
      );
      expect(stocked.data.specs.find((s: { name: string }) => s.name === 'White').stock).toBe(10);
      expect(
        (
          await post(
            '/api/admin/seller/goods/stock',
            { sellerGoodsId: lamp.sellerGoodsId, attrId: black.attrId, change: 1 },
            alice,
          )
        ).key,
      ).toBe('SPEC_STOCK_SHARED');

      const edited = await post(
        '/api/admin/seller/goods/update',
        {
          sellerGoodsId: lamp.sellerGoodsId,
          ...(await goodsForm(alice, {
            name: 'Desk lamp LED',
            specs: [
              { attrId: black.attrId, name: 'White', price: '23' },
              { attrId: white.attrId, name: 'Black' },
            ],
          })),
        },
        alice,
      );
      expect(edited.data.name).toBe('Desk lamp LED');
      // Swapped names; each keeps its own stock.
      expect(edited.data.specs).toMatchObject([
        { attrId: black.attrId, name: 'White', price: '23', stock: null },
        { attrId: white.attrId, name: 'Black', price: null, stock: 10 },
      ]);
      const onShelf = await post(
        '/api/admin/seller/goods/shelf',
        { sellerGoodsId: lamp.sellerGoodsId, onShelf: 1 },
        alice,
      );
      expect(onShelf.data.status).toBe(1);
      const list = await post(
        '/api/admin/seller/goods/list',
        { keyword: 'LED', status: 1, sort: 'price' },
        alice,
      );
      expect(list.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId)).toEqual([
        lamp.sellerGoodsId,
      ]);
      expect((await post('/api/admin/seller/goods/list', {}, bob)).data.pageInfo.total).toBe(0);
      const shown = await call(t, 'POST', '/api/sellerGoods/info', { sellerGoodsId: lamp.sellerGoodsId });
      expect(shown.data.name).toBe('Desk lamp LED');
    });

    it('refuses every goods call of another store as not found, changing nothing', async () => {
      const id = lamp.sellerGoodsId;
      const calls: [string, Record<string, unknown>][] = [
        ['/api/admin/seller/goods/info', { sellerGoodsId: id }],
        [
          '/api/admin/seller/goods/update',
          { sellerGoodsId: id, ...(await goodsForm(bob, { name: 'Stolen' })) },
        ],
        ['/api/admin/seller/goods/stock', { sellerGoodsId: id, change: -1 }],
        ['/api/admin/seller/goods/shelf', { sellerGoodsId: id, onShelf: 0 }],
        ['/api/admin/seller/goods/delete', { sellerGoodsId: id }],
      ];
      for (const [url, payload] of calls)
        expect((await post(url, payload, bob)).key, url).toBe('PRODUCT_NOT_FOUND');
      expect((await post('/api/admin/seller/goods/info', { sellerGoodsId: id }, alice)).data).toMatchObject({
        name: 'Desk lamp LED',
        status: 1,
        stock: 5,
      });
      // A buyer without a store has no seller calls at all.
      expect((await post('/api/admin/seller/goods/list', {}, buyer)).key).toBe('NO_PERMISSION');
    });

    it('moves only its own orders, settles into its own wallet and lists its own reviews', async () => {
      await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, buyer);
      await post('/api/user/address/add', address, buyer);
      await t.services.ledger.transfer(t.db.kysely, {
        id: `test-credit:${newId()}`,
        debit: ledgerAccounts.external('test'),
        credit: ledgerAccounts.wallet(buyer.userId),
        amount: units(500),
        kind: 'recharge',
      });
      const addressId = (await post('/api/user/address/list', {}, buyer)).data[0].id;
      const white = (await post('/api/admin/seller/goods/info', { sellerGoodsId: lamp.sellerGoodsId }, alice))
        .data.specs[0];
      const ordered = await post(
        '/api/order/submit',
        {
          addressId,
          items: [{ sellerGoodsId: lamp.sellerGoodsId, count: 2, attr: white.name }],
          submitKey: newId(),
        },
        buyer,
      );
      expect(ordered.code).toBe(0);
      orderId = ordered.data.orders[0].id;
      expect(
        (
          await post(
            '/api/pay/order',
            { orderIds: [orderId], payMethod: 'balance', fundPassword: '246810' },
            buyer,
          )
        ).code,
      ).toBe(0);

      expect((await post('/api/admin/orders/list', {}, bob)).data.pageInfo.total).toBe(0);
      expect((await post('/api/admin/orders/list', {}, alice)).data.pageInfo.total).toBe(1);
      for (const [url, payload] of [
        ['/api/admin/orders/info', { orderId }],
        ['/api/admin/orders/confirm', { orderId }],
        ['/api/admin/orders/ship', { orderId, carrier: 'SF', trackingNo: 'X1' }],
        ['/api/admin/orders/refund/approve', { orderId }],
        ['/api/admin/orders/refund/refuse', { orderId, note: 'no' }],
      ] as const) {
        expect((await post(url, payload, bob)).key, url).toBe('ORDER_NOT_FOUND');
      }
      expect(
        (await post('/api/admin/seller/goods/delete', { sellerGoodsId: lamp.sellerGoodsId }, alice)).key,
      ).toBe('GOODS_HAS_ORDERS');
      expect((await post('/api/admin/orders/confirm', { orderId }, alice)).data.status).toBe(S.stocking);
      const shipped = await post(
        '/api/admin/orders/ship',
        { orderId, carrier: 'SF Express', trackingNo: 'SF9' },
        alice,
      );
      expect(shipped.data.status).toBe(S.shipped);
      expect((await post('/api/order/info', { orderId }, buyer)).data.status).toBe(S.shipped);
      await post('/api/order/receipt', { orderId }, buyer);
      await post('/api/order/evaluation', { orderId, rating: 'good', content: 'Lovely lamp' }, buyer);

      t.clock.advance(8 * DAY);
      await t.services.jobs.runDue();
      t.clock.advance(-8 * DAY);
      const settled = await post('/api/admin/seller/settlements', {}, alice);
      expect(settled.data.pageList).toHaveLength(1);
      const row = settled.data.pageList[0];
      expect(row.orderId).toBe(orderId);
      const money = (text: string) => {
        const parsed = parseMoney(text);
        if (!parsed.ok) throw new Error(text);
        return parsed.units;
      };
      // 2 x 23 plus freight, 5% commission.
      expect(money(row.gross)).toBe(money(row.commission) + money(row.net));
      expect(money(row.commission)).toBe((money(row.gross) * 500n) / 10_000n);
      expect(money(row.gross)).toBeGreaterThanOrEqual(units(46));
      expect(settled.data.totals).toMatchObject({ count: 1, gross: row.gross, net: row.net });
      const wallet = (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.wallet(alice.userId)))
        .balance;
      expect(wallet).toBe(money(row.net));
      expect((await post('/api/admin/seller/settlements', {}, bob)).data).toMatchObject({
        pageList: [],
        totals: { count: 0, net: '0' },
      });

      const reviews = await post('/api/admin/seller/reviews', { evaluationType: 1 }, alice);
      expect(reviews.data.pageList).toMatchObject([
        {
          sellerGoodsId: lamp.sellerGoodsId,
          goodsName: 'Desk lamp LED',
          content: 'Lovely lamp',
          evaluationType: 1,
        },
      ]);
      expect((await post('/api/admin/seller/reviews', {}, bob)).data.pageInfo.total).toBe(0);
      expect((await post('/api/admin/seller/settlements', {}, buyer)).key).toBe('NO_PERMISSION');
    });

    it('deletes goods nobody ordered; gone from lists and the storefront', async () => {
      const spare = (await post('/api/admin/seller/goods/create', await goodsForm(bob, { specs: [] }), bob))
        .data;
      expect(
        (await post('/api/admin/seller/goods/delete', { sellerGoodsId: spare.sellerGoodsId }, bob)).data,
      ).toEqual({
        deleted: true,
      });
      expect(
        (await post('/api/admin/seller/goods/info', { sellerGoodsId: spare.sellerGoodsId }, bob)).key,
      ).toBe('PRODUCT_NOT_FOUND');
      expect((await post('/api/admin/seller/goods/list', {}, bob)).data.pageInfo.total).toBe(0);
    });

    it('writes every store, goods and order action to the audit log: who, what, when, before and after', async () => {
      // A second order: a refund asked, refused, asked again and approved; a logistics event on the first.
      const addressId = (await post('/api/user/address/list', {}, buyer)).data[0].id;
      const attr = (await post('/api/admin/seller/goods/info', { sellerGoodsId: lamp.sellerGoodsId }, alice))
        .data.specs[0].name;
      const item = { sellerGoodsId: lamp.sellerGoodsId, count: 1, attr };
      const submitted = await post(
        '/api/order/submit',
        { addressId, items: [item], submitKey: newId() },
        buyer,
      );
      expect(submitted.code, JSON.stringify(submitted)).toBe(0);
      const second = submitted.data.orders[0].id as string;
      const paid = { orderIds: [second], payMethod: 'balance', fundPassword: '246810' };
      expect((await post('/api/pay/order', paid, buyer)).code).toBe(0);
      const ask = () => post('/api/order/returns', { orderId: second, reason: 0 }, buyer);
      expect((await ask()).code).toBe(0);
      const refused = { orderId: second, note: 'Packed already' };
      expect((await post('/api/admin/orders/refund/refuse', refused, alice)).code).toBe(0);
      expect((await ask()).code).toBe(0);
      expect((await post('/api/admin/orders/refund/approve', { orderId: second }, alice)).code).toBe(0);
      const event = { orderId, carrier: 'SF Express', trackingNo: 'SF9', content: 'Arrived in Shenzhen' };
      expect((await post('/api/admin/orders/logistics/add', event, alice)).code).toBe(0);

      const trail = async (actor: Registered) =>
        (
          await t.services.audit.list(
            { brand: 'novamart', actorId: actor.userId },
            { pageNum: 1, pageSize: 50 },
          )
        ).rows.reverse();
      const alices = await trail(alice);
      expect(alices.map((e) => e.action)).toEqual([
        'store.update',
        'goods.create',
        'goods.stock',
        'goods.update',
        'goods.shelf',
        'order.confirm',
        'order.ship',
        'order.refund-refuse',
        'order.refund-approve',
        'order.logistics',
      ]);
      for (const e of alices) expect(e.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const byAction = new Map(alices.map((e) => [e.action, e]));
      expect(byAction.get('goods.update')).toMatchObject({
        targetType: 'goods',
        targetId: lamp.sellerGoodsId,
        before: expect.objectContaining({ name: 'Desk lamp' }),
        after: expect.objectContaining({ name: 'Desk lamp LED' }),
      });
      expect(byAction.get('order.confirm')).toMatchObject({
        targetType: 'order',
        targetId: orderId,
        before: { status: S.paid },
        after: { status: S.stocking },
      });
      expect(byAction.get('order.ship')).toMatchObject({
        targetId: orderId,
        before: { status: S.stocking },
        after: { status: S.shipped, carrier: 'SF Express', trackingNo: 'SF9' },
      });
      expect(byAction.get('order.refund-refuse')).toMatchObject({
        targetId: second,
        after: { note: 'Packed already' },
      });
      expect(byAction.get('order.refund-approve')).toMatchObject({
        targetId: second,
        after: { status: S.refunded, refunded: expect.stringMatching(/^[1-9]/) },
      });
      expect(byAction.get('order.logistics')).toMatchObject({
        targetId: orderId,
        after: { content: 'Arrived in Shenzhen' },
      });
      // Bob's refused attempts on Alice's store wrote nothing; his own deletion did.
      expect((await trail(bob)).map((e) => e.action)).toEqual(['goods.create', 'goods.delete']);

      // The store's orders sort by total or by time, either way.
      const orders = async (body: Record<string, unknown>) =>
        (await post('/api/admin/orders/list', body, alice)).data.pageList as {
          id: string;
          total: string;
          createTime: string;
        }[];
      const unitsOf = (text: string) => {
        const parsed = parseMoney(text);
        if (!parsed.ok) throw new Error(text);
        return parsed.units;
      };
      const [big, small] = await orders({ sort: 'amount' });
      expect(unitsOf(big!.total)).toBeGreaterThan(unitsOf(small!.total));
      expect((await orders({ sort: 'amount', order: 'asc' })).map((o) => o.id)).toEqual([small!.id, big!.id]);
      const times = (await orders({})).map((o) => o.createTime);
      expect(times).toEqual([...times].sort().reverse());
      expect((await orders({ order: 'asc' })).map((o) => o.createTime)).toEqual([...times].sort());
      expect((await post('/api/admin/orders/list', { sort: 'buyer' }, alice)).key).toBe('PARAMETER_ERROR');
    });

    it('sorts settlements by settlement time, order time or gross, and reviews by time or rating', async () => {
      // Two more orders: the larger placed first and settled last, each reviewed when received.
      const addressId = (await post('/api/user/address/list', {}, buyer)).data[0].id;
      const buy = async (count: number) => {
        t.clock.advance(60_000);
        const item = { sellerGoodsId: lamp.sellerGoodsId, count, attr: 'Black' };
        const submitted = await post(
          '/api/order/submit',
          { addressId, items: [item], submitKey: newId() },
          buyer,
        );
        expect(submitted.code, JSON.stringify(submitted)).toBe(0);
        const id = submitted.data.orders[0].id as string;
        const paid = { orderIds: [id], payMethod: 'balance', fundPassword: '246810' };
        expect((await post('/api/pay/order', paid, buyer)).code).toBe(0);
        expect((await post('/api/admin/orders/confirm', { orderId: id }, alice)).code).toBe(0);
        const shipped = { orderId: id, carrier: 'SF Express', trackingNo: `SF${count}` };
        expect((await post('/api/admin/orders/ship', shipped, alice)).code).toBe(0);
        return id;
      };
      const receiveAndSettle = async (id: string, rating: string, content: string) => {
        expect((await post('/api/order/receipt', { orderId: id }, buyer)).code).toBe(0);
        expect((await post('/api/order/evaluation', { orderId: id, rating, content }, buyer)).code).toBe(0);
        // Past the return window the settlement job pays; back again, or the sessions would expire.
        t.clock.advance(8 * DAY);
        await t.services.jobs.runDue();
        t.clock.advance(-8 * DAY + 60_000);
      };
      const large = await buy(3);
      const small = await buy(1);
      await receiveAndSettle(small, 'bad', 'Too dim');
      await receiveAndSettle(large, 'medium', 'Fine');

      const settlements = async (payload: Record<string, unknown>) => {
        const res = await post('/api/admin/seller/settlements', payload, alice);
        expect(res.code, JSON.stringify(res)).toBe(0);
        return res.data.pageList as { orderId: string; gross: string }[];
      };
      const ids = async (payload: Record<string, unknown>) =>
        (await settlements(payload)).map((r) => r.orderId);
      // The first order was placed first and settled first, for 2 x 23: between the two in gross.
      expect(await ids({})).toEqual([large, small, orderId]);
      expect(await ids({ sort: 'settleTime', order: 'asc' })).toEqual([orderId, small, large]);
      expect(await ids({ sort: 'orderTime', order: 'desc' })).toEqual([small, large, orderId]);
      expect(await ids({ sort: 'orderTime', order: 'asc' })).toEqual([orderId, large, small]);
      const byGross = await settlements({ sort: 'gross', order: 'desc' });
      expect(byGross.map((r) => r.orderId)).toEqual([large, orderId, small]);
      const gross = byGross.map((r) => {
        const parsed = parseMoney(r.gross);
        if (!parsed.ok) throw new Error(r.gross);
        return parsed.units;
      });
      expect(gross[0]! > gross[1]! && gross[1]! > gross[2]!).toBe(true);
      expect(await ids({ sort: 'gross', order: 'asc' })).toEqual([small, orderId, large]);
      for (const order of ['asc', 'desc']) {
        const paged: string[] = [];
        for (let pageNum = 1; pageNum <= 3; pageNum++)
          paged.push(...(await ids({ sort: 'gross', order, pageNum, pageSize: 1 })));
        expect(paged).toEqual(await ids({ sort: 'gross', order }));
      }

      const reviews = async (payload: Record<string, unknown>) => {
        const res = await post('/api/admin/seller/reviews', payload, alice);
        expect(res.code, JSON.stringify(res)).toBe(0);
        return (res.data.pageList as { content: string }[]).map((r) => r.content);
      };
      expect(await reviews({})).toEqual(['Fine', 'Too dim', 'Lovely lamp']);
      expect(await reviews({ sort: 'time', order: 'asc' })).toEqual(['Lovely lamp', 'Too dim', 'Fine']);
      // Descending is the best first: good (1), medium (2), bad (3).
      expect(await reviews({ sort: 'rating', order: 'desc' })).toEqual(['Lovely lamp', 'Fine', 'Too dim']);
      expect(await reviews({ sort: 'rating', order: 'asc' })).toEqual(['Too dim', 'Fine', 'Lovely lamp']);
      expect(await reviews({ sort: 'rating', order: 'asc', pageNum: 2, pageSize: 2 })).toEqual([
        'Lovely lamp',
      ]);

      for (const [url, bad] of [
        ['/api/admin/seller/settlements', { sort: 'net' }],
        ['/api/admin/seller/settlements', { order: 'newest' }],
        ['/api/admin/seller/reviews', { sort: 'goods' }],
        ['/api/admin/seller/reviews', { sort: 'rating', order: 'best' }],
      ] as const) {
        expect((await post(url, bad, alice)).key, JSON.stringify(bad)).toBe('PARAMETER_ERROR');
      }
    });
  });
});
