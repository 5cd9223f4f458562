/**
 * /api/openapi.json lists every call the routes define (request and response schemas, auth, staff
 * roles) and every SPEC §7 call the mall serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { definedRoutes } from '../http/route.ts';
import { NATIVE_CALLS, type OpenApiDocument } from './openapi.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, read field by field
type Json = any;

/** SPEC §7's calls with a path shown, by the method the old clients use. */
const SPEC_CALLS: readonly [method: 'get' | 'post', path: string][] = [
  ...[
    'sellerGoods/search',
    'sellerGoods/list',
    'sellerGoods/recommendNew',
    'sellerGoods/info',
    'sellerGoods/recommend/like',
    'index!home.action',
    'index!download-url.action',
    'banner/list',
    'category!list.action',
    'category/recommend',
    'seller/list',
    'seller/info',
    'evaluation/list',
    'evaluation/type/count',
    'login',
    'user!logoff.action',
    'user!heartbeat.action',
    'subscribe!add.action',
    'get/params',
    'refresh/avatar',
    'user/updateOldAndNewPsw',
    'user/SetSafeWord',
    'user/updateOldAndNewSafeWord',
    'user!bindWithdrawAddress.action',
    'user/address/list',
    'user/address/add',
    'user/address/edit',
    'user/address/del',
    'country/list',
    'states/list',
    'cities/list',
    'keepGoods/list',
    'keepGoods/add',
    'keepGoods/del',
    'keep/goods/count',
    'focus/seller/list',
    'focus/seller/add',
    'focus/seller/del',
    'focus/seller/count',
    'order/submit',
    'pay/order',
    'order/cancel',
    'order/list',
    'order/info',
    'order/goods',
    'order/receipt',
    'order/returns',
    'order/evaluation',
    'order/log',
    'wallet/usdt',
    'rechargeBlockchain/recharge/open',
    'rechargeBlockchain/recharge',
    'rechargeBlockchain/list',
    'rechargeBlockchain!get.action',
    'rechargeBlockchain/fee',
    'channel/list',
    'thirdPartyRecharge!getCoinList.action',
    'thirdPartyRecharge!recharge.action',
    'thirdPartyRecharge!PHP_recharge.action',
    'thirdPartyRecharge!recharge2.action',
    'thirdPartyRecharge!recharge3.action',
    'thirdPartyRecharge!recharge4.action',
    'thirdPartyRecharge!recharge5.action',
    'withdraw/list',
    'withdraw/apply',
    'withdraw/fee',
    'withdraw!get.action',
    'withdraw/open',
    'upload/img',
    'newOnlinechat!list.action',
    'newOnlinechat!send.action',
  ].map((p) => ['post', `/api/${p}`] as ['post', string]),
  ...[
    'category/tree',
    'seller/tree',
    'current/activity',
    'registerNoVerifyCode',
    'localuser!registerWithVerifcode.action',
    'get/local/user',
    'jscode!execute.action',
    'user!logout.action',
    'get/params',
    'newOnlinechat!unread.action',
  ].map((p) => ['get', `/api/${p}`] as ['get', string]),
  ['get', '/public/userOnlineChatController!unread.action'],
  // The search call's path is not shown in SPEC §7; the mall's is /api/search.
  ['post', '/api/search'],
];

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: 'novamart.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  }, 60_000);
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with bearer auth and the lang parameter', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(doc.components.parameters).toHaveProperty('lang');
  });

  it('lists every defined route with its request and response schemas, auth and staff roles', () => {
    const routes = definedRoutes(t.app);
    expect(routes.length).toBeGreaterThan(150);
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect(route.output, `${label} declares no output schema`).toBeDefined();
      const op = doc.paths[route.url]?.[route.method.toLowerCase()] as Json;
      expect(op, label).toBeDefined();
      const data = op?.responses['200'].content['application/json'].schema.properties.data;
      expect(data, label).toBeDefined();
      expect(Object.keys(data).length, `${label}: empty data schema`).toBeGreaterThan(0);
      if (route.method === 'POST') {
        expect(op?.requestBody.content['application/json'].schema.type, label).toBe('object');
      } else {
        expect(Array.isArray(op?.parameters), label).toBe(true);
      }
      if (route.auth === 'none') expect(op?.security, label).toEqual([]);
      else expect(op?.security, label).toContainEqual({ bearer: [] });
      if (typeof route.auth === 'object') expect(op?.['x-staff-roles'], label).toEqual([...route.auth.roles]);
    }
    for (const native of NATIVE_CALLS)
      expect(doc.paths[native.url]?.[native.method.toLowerCase()]).toBeDefined();
  });

  it("documents a GET's parameters, a list's page and the contract's named schemas", () => {
    const list = doc.paths['/api/withdraw/list']?.get as Json;
    const names = list.parameters.map((p: { name?: string }) => p.name).filter(Boolean);
    expect(names).toEqual(expect.arrayContaining(['pageNum', 'pageSize']));
    const data = list.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties.pageList.items).toEqual({ $ref: '#/components/schemas/WalletRecord' });
    expect(doc.components.schemas.WalletRecord).toMatchObject({
      type: 'object',
      properties: { amount: { type: 'string' }, time: { type: 'string' } },
    });
  });

  it('has every call of SPEC §7 that the mall serves, by the method its clients use', () => {
    const missing = SPEC_CALLS.filter(([method, path]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });
});
