/**
 * Steps many browser tests take before the part they test, through the real API as a user would:
 * reading translations, signing demo users in, money through a deposit that finance approves, an
 * address, an order placed and paid, a storefront page with a session already in it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LocalUserDto, LoginResultDto } from '@mall/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  apiAs,
  loginAs,
  newPage,
  type Reply,
  type RunningServer,
  uploadPng,
  type VIEWPORTS,
} from './harness.ts';

export type Api = (path: string, body?: Record<string, unknown>) => Promise<Reply>;

/** One namespace's strings in one language, as packages/i18n ships them. */
// biome-ignore lint/suspicious/noExplicitAny: locale trees are read field by field
export const locale = (namespace: string, code: string): any =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${namespace}/${code}.json`, import.meta.url), 'utf8'),
  );

/** A reply's data; anything but success fails the test with the whole reply in the message. */
export const ok = (reply: Reply) => {
  expect(reply.code, JSON.stringify(reply)).toBe(0);
  return reply.data;
};

/** What the storefront's sign-in leaves in local storage as `userInfo`. */
export interface StorefrontUser {
  usercode: string;
  username: string;
  avatar: number;
}

/**
 * A demo user signed in through the API: the token, their storefront `userInfo`, the login reply's
 * whole user (`me`: id and roles, what the console keeps) and their API.
 */
export async function signIn(
  server: RunningServer,
  username = 'demobuyer',
): Promise<{ token: string; user: StorefrontUser; me: LocalUserDto; api: Api }> {
  const data: LoginResultDto = ok(
    await apiAs(server, undefined)('/api/login', { username, password: 'Demo#2026' }),
  );
  const { usercode, avatar } = data.user;
  return {
    token: data.token,
    user: { usercode, username: data.user.username, avatar },
    me: data.user,
    api: apiAs(server, data.token),
  };
}

/**
 * Money of the user's own: a USDT-TRC20 chain deposit claim with a proof picture, approved by
 * finance (demofinance unless another finance API is given) for the whole amount. The claim.
 */
export async function deposit(
  server: RunningServer,
  token: string,
  amount: string,
  { finance, remark = 'e2e' }: { finance?: Api; remark?: string } = {},
): Promise<{ id: string; serialNo: string }> {
  const claim = ok(
    await apiAs(server, token)('/api/rechargeBlockchain/recharge', {
      channel: 'USDT-TRC20',
      amount,
      txHash: randomBytes(32).toString('hex'),
      proof: await uploadPng(server, token, 'proof'),
    }),
  );
  const approver = finance ?? apiAs(server, await loginAs(server, 'demofinance'));
  ok(await approver('/api/admin/wallet/recharge/approve', { id: claim.id, amountReceived: amount, remark }));
  return claim;
}

/** A default delivery address in Dubai; its id. */
export async function addAddress(api: Api): Promise<string> {
  const address = ok(
    await api('/api/user/address/add', {
      name: 'Amina Haddad',
      email: 'amina.haddad@example.com',
      areaCode: '971',
      phone: '501234567',
      nation: 'United Arab Emirates',
      state: 'Dubai',
      city: 'Dubai',
      postCode: '00000',
      address: 'Building 4, Al Wasl Road, Apartment 1203',
      use: 1,
    }),
  );
  return address.id;
}

/** One order submitted and paid from the wallet with the demo buyers' fund password; the order. */
export async function orderAndPay(
  api: Api,
  addressId: string,
  items: { sellerGoodsId: string; count: number; attr?: string }[],
): Promise<{ id: string; serialNo: string }> {
  const submitted = ok(
    await api('/api/order/submit', { addressId, items, submitKey: randomBytes(12).toString('hex') }),
  );
  const order = submitted.orders[0];
  ok(await api('/api/pay/order', { orderIds: [order.id], payMethod: 'balance', fundPassword: '246810' }));
  return order;
}

/** A storefront page with a session in local storage (token and `userInfo`, as sign-in leaves them). */
export async function storefrontPage(
  browser: Browser,
  who: { token: string; user: StorefrontUser | object },
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('userInfo', JSON.stringify(user));
    },
    { token: who.token, user: who.user },
  );
  return { context, page };
}

/** A console page with a staff session in local storage (as the console's sign-in leaves it), in `lang`. */
export async function consolePage(
  browser: Browser,
  login: { token: string; user: unknown },
  lang = 'en',
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript(
    ({ session, language }) => {
      localStorage.setItem('console.session', JSON.stringify(session));
      localStorage.setItem('console.language', language);
    },
    { session: { token: login.token, user: login.user }, language: lang },
  );
  return { context, page };
}
