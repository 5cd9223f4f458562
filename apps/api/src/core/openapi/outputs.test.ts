/**
 * Answers match their declared output schemas: a sample of calls of every module, made through
 * app.inject, each answer's `data` parsed by the route's `output` (no field missing, none extra).
 * The API does not check answers at run time: this test and the compiler (route.ts) do.
 */
import { ROLES } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { type Fixture, seedFixture } from '../../modules/catalogue/catalogue.test-helpers.ts';
import { PNG, uploadImage } from '../../modules/upload/upload.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { type DefinedRoute, definedRoutes } from '../http/route.ts';
import { NATIVE_CALLS } from './openapi.ts';

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

describeEachDialect('answers fit their output schemas', (dialect) => {
  let t: TestApp;
  let fx: Fixture;
  let staff: Registered;
  const checked = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await seedFixture(t);
    staff = await register(t);
    await grantRoles(t, staff.userId, [...ROLES]);
  }, 60_000);
  afterAll(() => t.close());

  function routeOf(method: 'GET' | 'POST', url: string): DefinedRoute {
    const route = definedRoutes(t.app).find((r) => r.method === method && r.url === url);
    if (!route?.output) throw new Error(`${method} ${url}: no route with an output schema`);
    return route;
  }

  /** Calls, expects success, and checks `data` against the declared output: nothing missing or extra. */
  async function check(
    method: 'GET' | 'POST',
    url: string,
    payload: Record<string, unknown> = {},
    token?: string,
  ) {
    const route = routeOf(method, url);
    const reply = await call(t, method, url, payload, { token: token ?? staff.token });
    expect(reply.code, `${method} ${url}: ${JSON.stringify(reply)}`).toBe(0);
    const parsed = route.output?.safeParse(reply.data);
    expect(parsed?.success, `${method} ${url}: ${parsed?.error?.message}`).toBe(true);
    expect(parsed?.data, `${method} ${url}: fields the schema does not declare`).toEqual(reply.data);
    checked.add(url);
    return reply.data;
  }

  it('catalogue, reviews, brand, params, geo', async () => {
    await check('GET', '/api/brand');
    await check('POST', '/api/index!download-url.action');
    await check('GET', '/api/get/params');
    await check('POST', '/api/index!home.action');
    await check('POST', '/api/sellerGoods/list', { categoryId: fx.cat.electronics });
    await check('POST', '/api/sellerGoods/info', { sellerGoodsId: fx.goods.tshirt });
    await check('GET', '/api/category/tree');
    await check('POST', '/api/category!list.action');
    await check('POST', '/api/seller/list');
    await check('POST', '/api/seller/info', { sellerId: fx.seller.shenzhen });
    await check('GET', '/api/seller/tree', { sellerId: fx.seller.shenzhen });
    await check('POST', '/api/search', { keyword: 'earbuds' });
    await check('POST', '/api/search/suggest', { keyword: 'ear' });
    await check('GET', '/api/current/activity');
    await check('POST', '/api/banner/list');
    await check('POST', '/api/evaluation/list', { sellerGoodsId: fx.goods.tshirt });
    await check('POST', '/api/evaluation/type/count', { sellerGoodsId: fx.goods.tshirt });
    await check('POST', '/api/country/list');
    await check('POST', '/api/states/list', { countryCode: 'CN' });
    await check('POST', '/api/cities/list', { countryCode: 'CN', stateCode: 'GD' });
  });

  it('accounts, addresses, favourites, orders, chat, merchants, subscription, upload', async () => {
    const buyer = await register(t);
    await check('GET', '/api/get/local/user', {}, buyer.token);
    await check('POST', '/api/user!heartbeat.action', {}, buyer.token);
    await check('GET', '/api/slide/challenge');
    await check('POST', '/api/identity/realname/status', {}, buyer.token);
    const added = await check('POST', '/api/user/address/add', address, buyer.token);
    await check('POST', '/api/user/address/list', {}, buyer.token);
    await check('POST', '/api/keepGoods/add', { sellerGoodsId: fx.goods.phone }, buyer.token);
    await check('POST', '/api/keepGoods/list', {}, buyer.token);
    await check('POST', '/api/keep/goods/count', {}, buyer.token);
    await check('POST', '/api/focus/seller/add', { sellerId: fx.seller.shenzhen }, buyer.token);
    await check('POST', '/api/focus/seller/list', {}, buyer.token);
    const submitted = await check(
      'POST',
      '/api/order/submit',
      {
        addressId: added.id,
        items: [{ sellerGoodsId: fx.goods.phone, count: 2 }],
        submitKey: 'outputs-test-1',
      },
      buyer.token,
    );
    await check('POST', '/api/order/info', { orderId: submitted.orders[0].id }, buyer.token);
    await check('POST', '/api/order/list', {}, buyer.token);
    await check('POST', '/api/order/count', {}, buyer.token);
    await check('POST', '/api/order/cancel', { orderId: submitted.orders[0].id, reason: 0 }, buyer.token);
    await check('POST', '/api/newOnlinechat!send.action', { type: 'text', content: 'hello' }, buyer.token);
    await check('POST', '/api/newOnlinechat!list.action', {}, buyer.token);
    await check('GET', '/api/newOnlinechat!unread.action', {}, buyer.token);
    await check('POST', '/api/merchant/application', {}, buyer.token);
    await check('POST', '/api/subscribe!add.action', { email: 'outputs01@shop.com' });
    const body = await uploadImage(t, buyer.token, 'avatar', PNG);
    const native = NATIVE_CALLS.find((c) => c.url === '/api/upload/img');
    expect(body.code).toBe(0);
    expect(native?.output.parse(body.data)).toEqual(body.data);
  });

  it('wallet and loans', async () => {
    const buyer = await register(t);
    await check('POST', '/api/wallet/usdt', {}, buyer.token);
    await check('POST', '/api/channel/list', {}, buyer.token);
    await check('POST', '/api/rechargeBlockchain/recharge/open', {}, buyer.token);
    await check('POST', '/api/rechargeBlockchain!get.action', { channel: 'USDT-TRC20' }, buyer.token);
    await check('POST', '/api/rechargeBlockchain/list', {}, buyer.token);
    await check('POST', '/api/thirdPartyRecharge!getCoinList.action', {}, buyer.token);
    await check('POST', '/api/withdraw/open', {}, buyer.token);
    await check('POST', '/api/withdraw!get.action', {}, buyer.token);
    await check('POST', '/api/withdraw/list', {}, buyer.token);
    await check('POST', '/api/loan/config', {}, buyer.token);
    await check('POST', '/api/loan/my', {}, buyer.token);
    await check('POST', '/api/loan/history', {}, buyer.token);
  });

  it('staff calls', async () => {
    await check('POST', '/api/admin/user/list');
    await check('POST', '/api/admin/user/detail', { id: staff.userId });
    await check('POST', '/api/admin/audit/list');
    await check('POST', '/api/admin/role/list');
    await check('POST', '/api/admin/brand/list');
    await check('POST', '/api/admin/brand/info');
    await check('POST', '/api/admin/params/list');
    await check('POST', '/api/admin/identity/list');
    await check('POST', '/api/admin/wallet/recharge/list');
    await check('POST', '/api/admin/wallet/withdraw/list');
    await check('POST', '/api/admin/wallet/channels');
    await check('POST', '/api/admin/wallet/hours');
    await check('POST', '/api/admin/ledger/audit');
    await check('POST', '/api/admin/ledger/balances');
    await check('POST', '/api/admin/loans/list');
    await check('POST', '/api/admin/orders/list');
    await check('POST', '/api/admin/chat/inbox');
    await check('POST', '/api/admin/merchants/list');
  });

  it('sampled at least one call of every module', () => {
    const prefixes = [
      'brand',
      'get/params',
      'index',
      'sellerGoods',
      'category',
      'seller/',
      'search',
      'evaluation',
      'country',
      'get/local',
      'user/address',
      'keepGoods',
      'focus',
      'order',
      'newOnlinechat',
      'merchant',
      'subscribe',
      'wallet',
      'rechargeBlockchain',
      'withdraw',
      'loan',
      'admin/',
    ];
    for (const prefix of prefixes) {
      expect(
        [...checked].some((url) => url.startsWith(`/api/${prefix}`)),
        prefix,
      ).toBe(true);
    }
  });
});
