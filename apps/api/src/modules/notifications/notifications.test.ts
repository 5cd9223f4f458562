/**
 * The message centre through the HTTP API on both databases: a buyer's journey (deposit approved,
 * order paid, shipped, received, withdrawal refused, real name approved, loan refused) leaves the
 * right notifications and unread count; an unpaid order warns before it is cancelled; marking read
 * one and all; nobody reaches another user's notifications; a notification is pushed over the
 * chat socket the moment it is stored.
 */
import type { AddressInfo } from 'node:net';
import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { CatalogueImport } from '../catalogue/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';

const FUND = '246810';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
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

interface Note {
  id: string;
  kind: string;
  params: Record<string, string>;
  source: { type: string; id: string };
  readTime: string | null;
}

describeEachDialect('notifications', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let seller: Registered;
  let staff: Registered;
  const lamp = newId();

  const post = (url: string, payload: Record<string, unknown>, user: Registered = buyer) =>
    call(t, 'POST', url, payload, { token: user.token });
  const list = async (user: Registered = buyer, extra: Record<string, unknown> = {}) =>
    (await post('/api/notifications/list', { pageSize: 50, ...extra }, user)).data as {
      pageList: Note[];
      pageInfo: { total: number };
    };
  const unread = async (user: Registered = buyer) =>
    (await post('/api/notifications/unreadCount', {}, user)).data.count as number;
  const ok = async (reply: Promise<{ code: number }>) => {
    const r = await reply;
    expect(r.code, JSON.stringify(r)).toBe(0);
    return r as { code: number; data: { id: string; orders: { id: string; serialNo: string }[] } };
  };
  const submit = async (user: Registered = buyer) => {
    const addressId = (await post('/api/user/address/list', {}, user)).data[0].id;
    return (
      await ok(
        post(
          '/api/order/submit',
          { addressId, items: [{ sellerGoodsId: lamp, count: 1 }], submitKey: newId() },
          user,
        ),
      )
    ).data.orders[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // These journeys are about the messages, not the verification levels: a real name is enough for
    // a loan here (the default asks for advanced verification, modules/verification).
    for (const [code, value] of [
      ['verify_level_loan', '1'],
      ['loan_min_account_age_days', '0'],
      ['loan_limit_base', '30000000'],
    ] as const) {
      await t.services.params.set(BRANDS.find((b) => b.key === 'novamart')!, code, value);
    }
    seller = await register(t);
    await grantRoles(t, seller.userId, ['buyer', 'seller']);
    staff = await register(t);
    await grantRoles(t, staff.userId, ['finance', 'risk']);
    buyer = await register(t);
    await ok(post('/api/user/SetSafeWord', { safeword: FUND, reSafeword: FUND }));
    await ok(post('/api/user/address/add', address));
    const importer = new CatalogueImport();
    const now = t.clock.now();
    const category = newId();
    const store = newId();
    await importer.categories(
      t.db.kysely,
      [
        {
          id: category,
          parentId: null,
          name: 'Home',
          names: {},
          iconUrl: '/m.svg',
          sort: 0,
          recommend: false,
        },
      ],
      now,
    );
    await importer.sellers(t.db.kysely, [
      {
        id: store,
        ownerUserId: seller.userId,
        name: 'Store',
        logoUrl: '/m.svg',
        bannerUrl: '/m.svg',
        description: 'A test store',
        country: 'China',
        recommend: false,
        createdAt: now,
      },
    ]);
    await importer.goods(t.db.kysely, [
      {
        id: lamp,
        sellerId: store,
        categoryId: category,
        name: 'Lamp',
        description: 'A lamp',
        coverUrl: '/m.svg',
        images: [{ imgUrl: '/m.svg', zoomImg: '/m.svg' }],
        sellingPrice: units(35),
        discountPrice: null,
        retailPrice: units(35),
        originalPrice: units(35),
        stock: 100,
        buyMin: 1,
        sold: 0,
        dispatchFee: 0n,
        distanceFee: 0n,
        deliveryFee: 0n,
        isNew: false,
        isHot: false,
        isRecommend: false,
        createdAt: now,
        specs: [],
      },
    ]);
  });
  afterAll(() => t.close());

  it('turns a journey into notifications, newest first, with an unread count', async () => {
    expect(await unread()).toBe(0);
    // Deposit claimed and approved by finance.
    const proof = (await uploadImage(t, buyer.token, 'proof', PNG)).data.data as string;
    const claim = await ok(
      post('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-TRC20',
        amount: '200',
        txHash: Buffer.from(newId().padEnd(32, '0')).toString('hex'),
        proof,
      }),
    );
    await ok(
      post(
        '/api/admin/wallet/recharge/approve',
        { id: claim.data.id, amountReceived: '200', remark: 'ok' },
        staff,
      ),
    );
    // An order paid, shipped by the store, received by the buyer.
    const order = await submit();
    await ok(post('/api/pay/order', { orderIds: [order.id], payMethod: 'balance', fundPassword: FUND }));
    await ok(post('/api/admin/orders/ship', { orderId: order.id, carrier: 'SF', trackingNo: 'SF1' }, seller));
    await ok(post('/api/order/receipt', { orderId: order.id }));
    // A withdrawal refused.
    await ok(
      post('/api/user!bindWithdrawAddress.action', {
        network: 'TRC20',
        address: TRC20_ADDRESS,
        fundPassword: FUND,
      }),
    );
    const token = (await post('/api/withdraw!get.action', {})).data.token;
    const withdrawal = await ok(
      post('/api/withdraw/apply', { token, channel: 'USDT-TRC20', amount: '20', fundPassword: FUND }),
    );
    await ok(post('/api/admin/wallet/withdraw/reject', { id: withdrawal.data.id, remark: 'flagged' }, staff));
    // Real name approved, then a loan refused.
    const idPhoto = (await uploadImage(t, buyer.token, 'verification', PNG)).data.data as string;
    await ok(
      post('/api/identity/realname/submit', {
        realName: 'Li Wei',
        idNumber: 'E12345678',
        nationality: 'China',
        frontImg: idPhoto,
        backImg: idPhoto,
      }),
    );
    const pending = await post('/api/admin/identity/list', { status: 'pending', pageSize: 100 }, staff);
    const verification = pending.data.pageList.find((a: { userId: string }) => a.userId === buyer.userId);
    await ok(post('/api/admin/identity/review', { id: verification.id, approve: true }, staff));
    const loan = await ok(
      post('/api/loan/apply', {
        realName: 'Li Wei',
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E12345678',
        idPhoto,
        amount: '120000',
        termDays: 90,
        method: 'instalments',
        agree: true,
      }),
    );
    await ok(post('/api/admin/loans/refuse', { id: loan.data.id, reason: 'Income not shown' }, staff));

    const page = await list();
    expect(page.pageList.map((n) => n.kind)).toEqual([
      'loan.refused',
      'verification.realnameApproved',
      'withdrawal.refused',
      'order.received',
      'order.shipped',
      'order.paid',
      'deposit.credited',
    ]);
    expect(page.pageInfo.total).toBe(7);
    expect(await unread()).toBe(7);
    const byKind = new Map(page.pageList.map((n) => [n.kind, n]));
    expect(byKind.get('deposit.credited')).toMatchObject({
      params: { amount: '200' },
      source: { type: 'deposit', id: claim.data.id },
      readTime: null,
    });
    expect(byKind.get('order.paid')).toMatchObject({
      params: { serialNo: order.serialNo, amount: '35' },
      source: { type: 'order', id: order.id },
    });
    expect(byKind.get('withdrawal.refused')).toMatchObject({
      params: { amount: '20' },
      source: { type: 'withdrawal', id: withdrawal.data.id },
    });
    expect(byKind.get('loan.refused')).toMatchObject({
      params: { reason: 'Income not shown', amount: '120000' },
      source: { type: 'loan', id: loan.data.id },
    });
    expect(byKind.get('verification.realnameApproved')?.source.type).toBe('verification');
    // Only the buyer's: the staff who decided and the seller who shipped were told nothing.
    expect(await unread(staff)).toBe(0);
    expect(await unread(seller)).toBe(0);
  });

  it('marks one read, puts unread first when asked, then marks all read', async () => {
    const before = await list();
    const oldest = before.pageList.at(-1)!;
    const marked = await ok(post('/api/notifications/read', { id: oldest.id }));
    expect(marked.data).toEqual({ count: before.pageList.length - 1 });
    const unreadFirst = await list(buyer, { unreadFirst: '1' });
    expect(unreadFirst.pageList.at(-1)?.id).toBe(oldest.id);
    expect(unreadFirst.pageList.at(-1)?.readTime).not.toBeNull();
    const newestFirst = await list(buyer, { pageSize: 2, pageNum: 1 });
    expect(newestFirst.pageList.map((n) => n.id)).toEqual(before.pageList.slice(0, 2).map((n) => n.id));
    // Marking it again changes nothing.
    expect((await ok(post('/api/notifications/read', { id: oldest.id }))).data).toEqual(marked.data);
    expect((await ok(post('/api/notifications/readAll', {}))).data).toEqual({ count: 0 });
    expect(await unread()).toBe(0);
    expect((await list()).pageList.every((n) => n.readTime !== null)).toBe(true);
  });

  it('keeps every user to their own notifications', async () => {
    const mine = (await list()).pageList[0]!;
    const other = await register(t);
    expect((await post('/api/notifications/read', { id: mine.id }, other)).key).toBe(
      'NOTIFICATION_NOT_FOUND',
    );
    expect((await list(other)).pageList).toEqual([]);
    expect(await unread(other)).toBe(0);
    expect((await post('/api/notifications/read', { id: newId() })).key).toBe('NOTIFICATION_NOT_FOUND');
    expect((await call(t, 'POST', '/api/notifications/unreadCount', {})).code).toBe(403);
    expect((await post('/api/notifications/read', {})).key).toBe('MISSING_PARAMETER');
  });

  it('warns of an unpaid order before cancelling it, and not when it was paid', async () => {
    const unpaid = await submit();
    const paid = await submit();
    await ok(post('/api/pay/order', { orderIds: [paid.id], payMethod: 'balance', fundPassword: FUND }));
    expect(await unread()).toBe(1);
    // 15 minutes before the 30-minute cancel: the unpaid one is warned, the paid one is not.
    t.clock.advance(16 * 60_000);
    await t.services.jobs.runDue();
    const warned = (await list(buyer, { pageSize: 2 })).pageList;
    expect(warned.map((n) => [n.kind, n.source.id])).toEqual([
      ['order.unpaidWarning', unpaid.id],
      ['order.paid', paid.id],
    ]);
    expect(warned[0]?.params).toMatchObject({ serialNo: unpaid.serialNo, amount: '35' });
    expect(await unread()).toBe(2);
    // Running the jobs again warns nobody twice; at 30 minutes the order is cancelled and told.
    await t.services.jobs.runDue();
    expect(await unread()).toBe(2);
    t.clock.advance(15 * 60_000);
    await t.services.jobs.runDue();
    const after = (await list(buyer, { pageSize: 1 })).pageList[0]!;
    expect(after).toMatchObject({ kind: 'order.cancelledUnpaid', source: { id: unpaid.id } });
    expect(await unread()).toBe(3);
  });

  it('tells an approved borrower, and reminds them 3 days before an instalment falls due', async () => {
    const idPhoto = (await uploadImage(t, buyer.token, 'verification', PNG)).data.data as string;
    const applied = await ok(
      post('/api/loan/apply', {
        realName: 'Li Wei',
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E12345678',
        idPhoto,
        amount: '120000',
        termDays: 90,
        method: 'instalments',
        agree: true,
      }),
    );
    await ok(post('/api/admin/loans/approve', { id: applied.data.id }, staff));
    const kinds = async () =>
      (
        await t.db.kysely
          .selectFrom('notifications')
          .select(['kind', 'params'])
          .where('user_id', '=', buyer.userId)
          .where('source_id', '=', applied.data.id)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((r) => [r.kind, JSON.parse(r.params)]);
    expect(await kinds()).toEqual([['loan.approved', expect.objectContaining({ amount: '120000' })]]);
    // The first 30-day instalment: nothing at day 26, the reminder from day 27.
    t.clock.advance(26 * 86_400_000);
    await t.services.jobs.runDue();
    expect(await kinds()).toHaveLength(1);
    t.clock.advance(1 * 86_400_000 + 60_000);
    await t.services.jobs.runDue();
    expect(await kinds()).toEqual([
      ['loan.approved', expect.anything()],
      ['loan.instalmentDue', expect.objectContaining({ seq: '1' })],
    ]);
    t.clock.advance(-(27 * 86_400_000 + 60_000));
  });

  it('tells a user an agent answered, once until they read it', async () => {
    const agent = await register(t);
    await grantRoles(t, agent.userId, ['agent']);
    const asker = await register(t);
    await call(t, 'POST', '/api/admin/chat/heartbeat', {}, { token: agent.token });
    await ok(post('/api/newOnlinechat!send.action', { type: 'text', content: 'Where is my parcel?' }, asker));
    const conversation = await t.db.kysely
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', asker.userId)
      .executeTakeFirstOrThrow();
    const reply = (content: string) =>
      ok(post('/api/admin/chat/reply', { conversationId: conversation.id, content }, agent));
    await reply('On its way');
    await reply('It arrives tomorrow');
    const first = await list(asker);
    expect(first.pageList.map((n) => [n.kind, n.source])).toEqual([
      ['chat.answered', { type: 'chat', id: conversation.id }],
    ]);
    await ok(post('/api/notifications/read', { id: first.pageList[0]!.id }, asker));
    await reply('Anything else?');
    expect(await unread(asker)).toBe(1);
    expect((await list(asker)).pageInfo.total).toBe(2);
  });

  it('has a text in every language for every kind', async () => {
    const { NOTIFICATION_KINDS } = await import('@mall/contract');
    const { LANGUAGE_CODES } = await import('@mall/i18n');
    const { readFileSync } = await import('node:fs');
    for (const code of LANGUAGE_CODES) {
      const texts = JSON.parse(
        readFileSync(
          new URL(`../../../../../packages/i18n/locales/notifications/${code}.json`, import.meta.url),
          'utf8',
        ),
      );
      for (const kind of NOTIFICATION_KINDS) {
        const [group, name] = kind.split('.') as [string, string];
        expect(texts.kind[group]?.[name], `${code}: ${kind}`).toEqual(expect.any(String));
      }
    }
  });

  describe('over the socket', () => {
    let url: string;
    const open: WebSocket[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    });
    afterAll(() => {
      for (const ws of open) ws.terminate();
    });

    it("pushes a new notification with the unread count to the user's open socket", async () => {
      const ws = new WebSocket(url, { headers: { host: 'novamart.localhost' } });
      open.push(ws);
      const frames: { type: string; [k: string]: unknown }[] = [];
      const arrived = (type: string) =>
        new Promise<{ type: string; [k: string]: unknown }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${type} frame`)), 5000);
          const check = () => {
            const f = frames.find((x) => x.type === type);
            if (f) {
              clearTimeout(timer);
              resolve(f);
            } else setTimeout(check, 10);
          };
          check();
        });
      ws.on('message', (data) => frames.push(JSON.parse(String(data))));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ type: 'auth', token: buyer.token }));
      await arrived('hello');
      const before = await unread();
      const order = await submit();
      await ok(post('/api/pay/order', { orderIds: [order.id], payMethod: 'balance', fundPassword: FUND }));
      const frame = await arrived('notification');
      expect(frame).toMatchObject({
        notification: { kind: 'order.paid', source: { type: 'order', id: order.id }, readTime: null },
        unread: before + 1,
      });
    });
  });
});
