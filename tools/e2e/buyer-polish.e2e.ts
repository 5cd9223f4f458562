/**
 * Issue 28's smaller buyer items in a real browser: the follower count changes at once after
 * Follow (store page and the product page's shop card); every route names its tab; at 360 px
 * nothing floating (lucky draw, cart, back to top) covers goods names, order amounts or wallet
 * records; the chat window stops saying the service is "not open yet" once an agent answers.
 * Screenshots in English and Arabic at 1440 and 360 px under .artifacts/screenshots/polish/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  type RunningServer,
  screenshot,
  settled,
  startServer,
} from './harness.ts';
import {
  type Api,
  addAddress,
  deposit,
  locale,
  ok,
  orderAndPay,
  type StorefrontUser,
  signIn,
  storefrontPage,
} from './journeys.ts';

const ui = { en: locale('ui', 'en'), ar: locale('ui', 'ar') };
const catalogue = { en: locale('catalogue', 'en') };

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let goods: { sellerGoodsId: string; sellerId: string; name: string };
// biome-ignore lint/suspicious/noExplicitAny: a goods row of /api/sellerGoods/list as the cart keeps it
let goodsRow: any;
let orderId: string;

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  await deposit(server, buyer, '2000');
  const addressId = await addAddress(asBuyer);
  const list = ok(await asBuyer('/api/sellerGoods/list', { pageNum: 1, pageSize: 40, sort: 'price_asc' }));
  for (const g of list.pageList) {
    const info = ok(await asBuyer('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
    if (info.specs.length > 0 || Number(info.price) === 0) continue;
    goods = { sellerGoodsId: g.sellerGoodsId, sellerId: g.sellerId, name: info.name };
    goodsRow = g;
    orderId = (
      await orderAndPay(asBuyer, addressId, [{ sellerGoodsId: g.sellerGoodsId, count: info.buyMin }])
    ).id;
    break;
  }
  expect(orderId).toBeTruthy();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The followers figure shown in `scope` (the store page's figures or the shop card). */
async function followers(page: Page, scope: string): Promise<number> {
  const label = catalogue.en.store.followers;
  const value = page.locator(`${scope} div`, { has: page.locator('dt', { hasText: label }) }).locator('dd');
  return Number((await value.innerText()).replace(/\D/g, ''));
}

describe('follow', () => {
  it('changes the follower count and the button at once, on the store page and the shop card', async () => {
    const following = ok(await asBuyer('/api/focus/seller/list', { pageNum: 1, pageSize: 100 }));
    const ids = following.pageList.map((s: { sellerId: string }) => s.sellerId);
    if (ids.length > 0) ok(await asBuyer('/api/focus/seller/del', { sellerIds: ids }));
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
    await page.goto(server.url(`/store?id=${goods.sellerId}&lang=en`));
    await page.locator('.store-figures').waitFor();
    const before = await followers(page, '.store-figures');
    const button = page.locator('.store-head .follow-button');
    await button.click();
    await expect.poll(() => followers(page, '.store-figures'), { timeout: 2000 }).toBe(before + 1);
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    // Still so once the server's answer is in and the page read afresh.
    await page.waitForTimeout(800);
    expect(await followers(page, '.store-figures')).toBe(before + 1);

    await page.goto(server.url(`/productDetails?sellerGoodsId=${goods.sellerGoodsId}&lang=en`));
    await page.locator('.shop-card-figures').waitFor();
    expect(await followers(page, '.shop-card-figures')).toBe(before + 1);
    await page.locator('.shop-card .follow-button[aria-pressed="true"]').click();
    await expect.poll(() => followers(page, '.shop-card-figures'), { timeout: 2000 }).toBe(before);
    await page.locator('.shop-card .follow-button[aria-pressed="false"]').waitFor();
    await page.reload();
    await page.locator('.shop-card-figures').waitFor();
    expect(await followers(page, '.shop-card-figures')).toBe(before);
    await context.close();
  }, 60_000);

  it('puts the count back when the follow is refused', async () => {
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
    await page.goto(server.url(`/store?id=${goods.sellerId}&lang=en`));
    await page.locator('.store-figures').waitFor();
    const before = await followers(page, '.store-figures');
    await page.route(/\/api\/focus\/seller\/add/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 1, msg: 'Add failed', key: 'ADD_FAILED', data: null }),
      }),
    );
    await page.locator('.store-head .follow-button').click();
    await page.locator('.store-head .follow-button[aria-pressed="false"]').waitFor();
    await expect.poll(() => followers(page, '.store-figures')).toBe(before);
    await context.close();
  });
});

describe('tab titles', () => {
  it('names every route "<page> - <brand>", goods and stores by their name, in the language shown', async () => {
    const { name: brand, title: home } = ok(await apiAs(server, undefined)('/api/brand'));
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
    const cases: [string, string][] = [
      ['/index?lang=en', home],
      ['/commodity?lang=en', `${ui.en.routes.commodity} - ${brand}`],
      ['/userInfo/money-package?lang=en', `${ui.en.routes.moneyPackage} - ${brand}`],
      ['/userInfo/my-order?lang=en', `${ui.en.routes.myOrder} - ${brand}`],
      ['/about?lang=en', `${ui.en.pages.about} - ${brand}`],
      ['/commodity?lang=ar', `${ui.ar.routes.commodity} - ${brand}`],
      [`/productDetails?sellerGoodsId=${goods.sellerGoodsId}&lang=en`, `${goods.name} - ${brand}`],
    ];
    const titles = new Set<string>();
    for (const [path, title] of cases) {
      await page.goto(server.url(path));
      await expect.poll(() => page.title(), { timeout: 5000 }).toBe(title);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(cases.length);
    const store = ok(await asBuyer('/api/seller/info', { sellerId: goods.sellerId }));
    await page.goto(server.url(`/store?id=${goods.sellerId}&lang=en`));
    await expect.poll(() => page.title()).toBe(`${store.name} - ${brand}`);
    // In-app navigation renames the tab too.
    await page.locator('.site-header a[href^="/index"]').first().click();
    await expect.poll(() => page.title()).toBe(home);
    await context.close();
  }, 60_000);

  it('names the console tab after the section shown', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/console/login'));
    const consoleEn = locale('console', 'en');
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${consoleEn.login.title} - `));
    await context.close();
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Scrolls to every element matching `selector` as a reader would reach it and checks no floating
 * helper covers it; also at the page's very end (the last record). The number of elements checked.
 */
async function nothingCovers(page: Page, selector: string): Promise<number> {
  const targets = page.locator(selector);
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  // Far enough down that back-to-top shows too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const floating = page.locator('.floating');
  expect(await floating.count()).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    await page.waitForTimeout(50);
    const box = await target.boundingBox();
    if (!box) continue;
    for (const f of await floating.all()) {
      const fb = await f.boundingBox();
      if (!fb) continue;
      const cls = await f.getAttribute('class');
      expect(overlaps(box, fb), `${selector} #${i} under ${cls}`).toBe(false);
    }
  }
  return count;
}

describe('at 360 px nothing floats over content', () => {
  for (const lang of ['en', 'ar'] as const)
    it(`keeps goods names, order amounts and wallet records clear (${lang})`, async () => {
      const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, 'phone');
      await page.goto(server.url(`/productDetails?sellerGoodsId=${goods.sellerGoodsId}&lang=${lang}`));
      await page.locator('.product-name').waitFor();
      await page.locator('.lottery-box').waitFor();
      await page.locator('.cart-fab').waitFor();
      await nothingCovers(page, '.breadcrumbs-current, .product-name, .product-price, .goods-card-name');
      await settled(page);
      await screenshot(page, `polish/product-${lang}-360`, false);

      await page.goto(server.url(`/userInfo/order-detail?orderId=${orderId}&lang=${lang}`));
      await page.locator('.orders-item-name').first().waitFor();
      await page.waitForLoadState('networkidle');
      await nothingCovers(page, '.orders-item-name, .orders-money');
      await screenshot(page, `polish/order-${lang}-360`, false);

      await page.goto(server.url(`/userInfo/money-package?lang=${lang}`));
      await page.locator('.wallet-record-amount').first().waitFor();
      await page.waitForLoadState('networkidle');
      await nothingCovers(page, '.wallet-record-amount, .wallet-record-title');
      await screenshot(page, `polish/wallet-${lang}-360`, false);
      await context.close();
    }, 90_000);
});

describe('chat notice', () => {
  it('stops saying the service is not open once an agent has answered', async () => {
    const agentToken = await loginAs(server, 'demoagent');
    const asAgent = apiAs(server, agentToken);
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
    await page.goto(server.url('/index?customerService=1&lang=en'));
    await page.locator('.chat-notice').waitFor();
    await page.locator('.chat-compose textarea').fill('Is anyone there?');
    await page.locator('.chat-compose textarea').press('Enter');
    await page.locator('.chat-row.is-mine', { hasText: 'Is anyone there?' }).waitFor();
    // The agent opens the inbox (which makes them online and hands them the conversation) and answers.
    const inbox = ok(await asAgent('/api/admin/chat/inbox', { view: 'mine' }));
    const conversation = inbox.pageList.find((c: { ownerType: string }) => c.ownerType === 'user');
    expect(conversation).toBeTruthy();
    ok(
      await asAgent('/api/admin/chat/reply', {
        conversationId: conversation.id,
        content: 'Yes, how can I help?',
      }),
    );
    await page.locator('.chat-row.is-theirs', { hasText: 'how can I help' }).waitFor({ timeout: 6000 });
    await expect.poll(() => page.locator('.chat-notice').count(), { timeout: 2000 }).toBe(0);
    await screenshot(page, 'polish/chat-answered-en-1440', false);
    // Opened again later, the answered conversation carries no "not open" notice either.
    await page.reload();
    await page.locator('.chat-row.is-theirs', { hasText: 'how can I help' }).waitFor({ timeout: 6000 });
    expect(await page.locator('.chat-notice').count()).toBe(0);
    await context.close();
  }, 60_000);
});

const orders = { en: locale('orders', 'en') };
const account = { en: locale('account', 'en') };

/** What has focus: its tag, id and text, so a failure says where focus went. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}#${el.id}:${(el.textContent ?? '').trim().slice(0, 40)}` : 'none';
  });

describe('focus after actions and dialogs', () => {
  it('moves focus to "Your orders are placed" after Place order, and back to the opener after each dialog', async () => {
    const en = orders.en;
    const cart = [
      {
        Identifier: goodsRow.sellerGoodsId,
        sellerGoodsId: goodsRow.sellerGoodsId,
        name: goodsRow.name,
        seller: { id: goodsRow.sellerId, name: goodsRow.sellerName },
        price: goodsRow.discountPrice ?? goodsRow.price,
        count: Math.max(1, goodsRow.buyMin),
        buyMin: goodsRow.buyMin,
        checkAttrName: '',
        imgUrl1: goodsRow.imgUrl1,
        checked: true,
      },
    ];
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
    await context.addInitScript(
      ({ code, lines }) => {
        if (!sessionStorage.getItem('cart-seeded')) {
          localStorage.setItem(`cart:${code}`, JSON.stringify(lines));
          sessionStorage.setItem('cart-seeded', '1');
        }
      },
      { code: buyerUser.usercode, lines: cart },
    );
    await page.goto(server.url('/settlement?lang=en'));
    await page.locator('.settlement-summary .orders-grand-total').waitFor();
    await page.getByRole('button', { name: en.checkout.placeOrder }).click();
    await page.getByRole('heading', { name: en.checkout.placedTitle }).waitFor();
    await expect.poll(() => focused(page)).toBe(`h2#settlement-placed-title:${en.checkout.placedTitle}`);
    await screenshot(page, 'polish/settlement-placed-en-1440', false);

    // The pay dialog, closed with Escape: focus is back on "Pay now".
    const payNow = page.getByRole('button', { name: en.checkout.payNow });
    await payNow.click();
    await page.getByRole('dialog', { name: en.pay.title }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: en.pay.title }).waitFor({ state: 'detached' });
    await expect.poll(() => payNow.evaluate((el) => el === document.activeElement)).toBe(true);

    // The cancel dialog on the order's page.
    const placed = ok(await asBuyer('/api/order/list', { status: 'pay', pageNum: 1 }));
    const unpaid = placed.pageList[0].id as string;
    await page.goto(server.url(`/userInfo/order-detail?orderId=${unpaid}&lang=en`));
    const cancel = page.getByRole('button', { name: en.actions.cancel, exact: true });
    await cancel.click();
    await page.getByRole('dialog', { name: en.cancel.title }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: en.cancel.title }).waitFor({ state: 'detached' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);

    // A confirmation (deleting an address), the first one of the page: the dialog loads then.
    await page.goto(server.url('/userInfo/setup/shipping-address?lang=en'));
    const remove = page.getByRole('button', { name: account.en.address.delete }).first();
    await remove.click();
    await page.getByRole('dialog', { name: account.en.address.deleteTitle }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: account.en.address.deleteTitle }).waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  }, 90_000);
});
