/**
 * Issue 9, a seller's day and a merchant application in a real browser against a real server:
 * demoseller edits the store, creates a goods with a specification and stock, puts it on sale, adds
 * stock and changes its price in the editor;
 * a buyer (through the API) orders and pays; the seller confirms and ships with logistics, and the
 * buyer sees it shipped. A buyer applies on the storefront's /merchantSettled page with a company
 * proof; an admin looks at the proof and approves, and the buyer becomes a seller with a store.
 * Screenshots in English and Arabic at 1440 and 360 px under .artifacts/screenshots/console-seller/.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  type Reply,
  type RunningServer,
  screenshot,
  settled,
  startServer,
  waitForToast,
} from './harness.ts';
import { deposit, orderAndPay, storefrontPage as shopPage, consolePage as staffPage } from './journeys.ts';
import { gradientPng } from './test-images.ts';

const locale = (ns: string, lang = 'en') =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${ns}/${lang}.json`, import.meta.url), 'utf8'),
  );
const en = locale('console-seller');
const ar = locale('console-seller', 'ar');
const enMerchants = locale('console-merchants');
const enShop = locale('merchant');
const enConsole = locale('console');
const PNG = gradientPng();
const run = Date.now().toString(36);

interface Login {
  token: string;
  user: { id: string; username: string; roles: string[]; avatar?: number };
}

describe('console: seller and merchant applications', () => {
  let server: RunningServer;
  let browser: Browser;
  let seller: Login;
  let buyer: Login;
  let admin: Login;
  const login = async (username: string): Promise<Login> => {
    const reply = await apiAs(server, undefined)('/api/login', { username, password: 'Demo#2026' });
    if (reply.code !== 0) throw new Error(JSON.stringify(reply));
    return { token: reply.data.token, user: reply.data.user };
  };
  const as = (who: Login) => apiAs(server, who.token);

  /** A console page signed in as `who`, in `lang`, at a width. */
  async function consolePage(who: Login, lang = 'en', viewport: 'desktop' | 'phone' = 'desktop') {
    const { context, page } = await staffPage(browser, who, lang, viewport);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    return { context, page };
  }
  async function storefrontPage(who: Login, viewport: 'desktop' | 'phone' = 'desktop') {
    const { context, page } = await shopPage(browser, who, viewport);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    return { context, page };
  }
  const confirmDialog = (page: Page, name = enConsole.common.confirm) =>
    page.getByRole('dialog').last().getByRole('button', { name, exact: true }).click();

  /** The same page in English and Arabic at 1440 and 360 px; nothing sticks out sideways. */
  async function shots(name: string, open: (page: Page) => Promise<void>, who: Login, storefront = false) {
    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        let context: BrowserContext;
        let page: Page;
        if (storefront) {
          ({ context, page } = await storefrontPage(who, viewport));
          await page.goto(server.url(`/merchantSettled?lang=${lang}`));
        } else {
          ({ context, page } = await consolePage(who, lang, viewport));
        }
        await open(page);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
          `${name} ${lang} ${viewport} overflows`,
        ).toBe(true);
        await screenshot(
          page,
          `console-seller/${name}-${lang}-${viewport === 'desktop' ? 1440 : 360}`,
          viewport === 'desktop',
        );
        await context.close();
      }
    }
  }

  /** A phone has the sort menu (the cards have no headers to click); a desk has the headers. */
  async function sortMenuWhereNeeded(page: Page) {
    const phone = (page.viewportSize()?.width ?? 1440) < 768;
    const menu = page.locator(`input[aria-label="${en.sort.label}"], input[aria-label="${ar.sort.label}"]`);
    await expect.poll(() => menu.count()).toBe(phone ? 1 : 0);
    if (!phone) await page.locator('th[aria-sort]').first().waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    seller = await login('demoseller');
    buyer = await login('demobuyer');
    admin = await login('demoadmin');
    // The merchant journey is the subject, not the verification levels (modules/verification):
    // the demo buyer applies without a real name here.
    const set = await as(admin)('/api/admin/params/set', { code: 'verify_level_merchant_apply', value: '0' });
    if (set.code !== 0) throw new Error(JSON.stringify(set));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let goodsName: string;
  let orderId: string;
  let serialNo: string;

  it('edits the store, creates goods with a specification and stock, puts it on sale, adds stock and edits it', async () => {
    const store = (await as(seller)('/api/admin/seller/store')).data;
    expect(store.sellerId).toBeTruthy();
    const { context, page } = await consolePage(seller);
    await page.goto(server.url('/console/seller/store'));
    const name = page.getByLabel(en.store.name);
    await expect.poll(() => name.inputValue()).toBe(store.name);
    await name.fill(`Demo Lights ${run}`);
    await page.getByLabel(en.store.phone).fill('+44 20 7946 0000');
    await page.getByRole('button', { name: enConsole.common.save }).click();
    await waitForToast(page, en.store.saved);
    expect((await as(seller)('/api/admin/seller/store')).data).toMatchObject({
      name: `Demo Lights ${run}`,
      contactPhone: '+44 20 7946 0000',
    });

    goodsName = `Reading lamp ${run}`;
    await page.goto(server.url('/console/seller/goods'));
    await page.getByTestId('goods-create').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(en.goods.name).first().fill(goodsName);
    await drawer.getByLabel(en.goods.category).first().click();
    await page.getByRole('option').first().click();
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => drawer.locator('img').count()).toBe(1);
    await drawer.getByLabel(en.goods.sellingPrice).fill('25');
    await drawer.getByLabel(en.goods.stock).first().fill('8');
    await drawer.getByRole('button', { name: en.goods.addSpec }).click();
    await drawer.getByTestId('spec-name-0').fill('Red');
    await drawer.getByTestId('spec-stock-0').fill('5');
    await drawer.getByRole('button', { name: enConsole.common.save }).click();
    await waitForToast(page, en.goods.created);
    const row = page.locator('tr', { hasText: goodsName });
    await expect.poll(() => row.textContent()).toContain(en.goods.state['0']);
    await row.getByRole('button', { name: en.goods.putOnShelf }).click();
    await confirmDialog(page);
    await waitForToast(page, en.goods.putOn);
    await expect.poll(() => row.textContent()).toContain(en.goods.state['1']);

    // Two more units of the goods' own stock, then a new price through the editor.
    await row.getByRole('button', { name: en.goods.more }).click();
    await page.getByRole('menuitem', { name: en.goods.changeStock }).click();
    await page.getByTestId('stock-change').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: en.stock.apply }).first().click();
    await waitForToast(page, en.stock.saved);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: enConsole.common.edit }).click();
    const editor = page.getByRole('dialog');
    await expect.poll(() => editor.getByTestId('spec-name-0').inputValue()).toBe('Red');
    await editor.getByLabel(en.goods.sellingPrice).fill('26');
    await editor.getByRole('button', { name: enConsole.common.save }).click();
    await waitForToast(page, en.goods.updated);

    const list = (await as(seller)('/api/admin/seller/goods/list', { keyword: goodsName })).data.pageList;
    expect(list).toMatchObject([
      { name: goodsName, status: 1, price: '26', stock: 10, specCount: 1, specStock: 5 },
    ]);
    await context.close();
  });

  it('confirms and ships a paid order with logistics; the buyer sees it shipped', async () => {
    const goods = (await as(seller)('/api/admin/seller/goods/list', { keyword: goodsName })).data.pageList[0];
    // Money for the buyer: a deposit claim that finance approves.
    await deposit(server, buyer.token, '100', { remark: 'arrived' });
    let addresses: Reply = await as(buyer)('/api/user/address/list');
    if (addresses.data.length === 0) {
      await as(buyer)('/api/user/address/add', {
        name: 'Li Lei',
        email: 'lilei01@shop.com',
        areaCode: '86',
        phone: '13800001111',
        nation: 'China',
        state: 'Guangdong',
        city: 'Shenzhen',
        postCode: '518000',
        address: 'No. 1 Science Park Road',
      });
      addresses = await as(buyer)('/api/user/address/list');
    }
    ({ id: orderId, serialNo } = await orderAndPay(as(buyer), addresses.data[0].id, [
      { sellerGoodsId: goods.sellerGoodsId, count: 2, attr: 'Red' },
    ]));

    const { context, page } = await consolePage(seller);
    await page.goto(server.url('/console/seller/orders'));
    const row = page.locator('tr', { hasText: serialNo });
    await row.getByRole('button', { name: en.orders.action.confirm }).click();
    await confirmDialog(page);
    await waitForToast(page, en.orders.confirmed);
    await page.getByRole('tab', { name: en.orders.tab.confirmed }).click();
    await row.getByRole('button', { name: en.orders.action.ship }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.orders.carrier).fill('SF Express');
    await dialog.getByLabel(en.orders.trackingNo).fill(`SF${run}`);
    await dialog.getByLabel(en.orders.logisticsNote).fill('Handed to the courier');
    await confirmDialog(page);
    await waitForToast(page, en.orders.shipped);

    const seen = (await as(buyer)('/api/order/info', { orderId })).data;
    expect(seen.status).toBe(3);
    expect(seen.logistics).toMatchObject([{ carrier: 'SF Express', trackingNo: `SF${run}` }]);
    // Another seller's view: the admin sees it too, but a buyer has no seller calls.
    expect((await as(buyer)('/api/admin/orders/info', { orderId })).key).toBe('NO_PERMISSION');

    await page.getByRole('tab', { name: en.orders.tab.receive }).click();
    await row.getByRole('button', { name: en.orders.view }).click();
    await page.getByRole('dialog').getByText('SF Express').first().waitFor();
    await settled(page);
    await screenshot(page, 'console-seller/order-detail-en-1440');
    await context.close();
  });

  it('takes screenshots of every seller page in English and Arabic at 1440 and 360 px', async () => {
    await shots(
      'store',
      (p) => p.goto(server.url('/console/seller/store')).then(() => p.locator('form img').first().waitFor()),
      seller,
    );
    await shots(
      'goods',
      async (p) => {
        await p.goto(server.url('/console/seller/goods'));
        await p.getByText(goodsName).first().waitFor();
      },
      seller,
    );
    await shots(
      'goods-form',
      async (p) => {
        await p.goto(server.url('/console/seller/goods'));
        await p.getByText(goodsName).first().waitFor();
        await p.getByTestId('goods-create').click();
        await p.getByRole('dialog').waitFor();
      },
      seller,
    );
    await shots(
      'orders',
      async (p) => {
        await p.goto(server.url('/console/seller/orders'));
        await p.getByRole('tab').nth(2).click();
        await p.getByText(serialNo).first().waitFor();
        await sortMenuWhereNeeded(p);
      },
      seller,
    );
    await shots(
      'settlements',
      async (p) => {
        await p.goto(server.url('/console/seller/settlements'));
        await p.waitForTimeout(500);
        await sortMenuWhereNeeded(p);
      },
      seller,
    );
    await shots(
      'reviews',
      async (p) => {
        await p.goto(server.url('/console/seller/reviews'));
        await p.waitForTimeout(500);
        await sortMenuWhereNeeded(p);
      },
      seller,
    );
  }, 180_000);

  it('a buyer applies on /merchantSettled, an admin looks at the proof and approves', async () => {
    await shots(
      'merchant-form',
      async (p) => {
        await p.getByTestId('merchant-submit').waitFor();
      },
      buyer,
      true,
    );

    const storeName = `Buyer Bazaar ${run}`;
    const { context, page } = await storefrontPage(buyer);
    await page.goto(server.url('/merchantSettled?lang=en'));
    await page.getByLabel(enShop.form.storeName).fill(storeName);
    await page.getByLabel(enShop.form.businessPhone).fill('+44 20 7946 0001');
    await page.getByLabel(enShop.form.businessEmail).fill('sales@bazaar.example');
    await page.getByLabel(enShop.form.country).selectOption('GB');
    await page.getByLabel(enShop.form.description).fill('Handmade goods');
    await page.getByRole('button', { name: enShop.form.submit }).click();
    // Without the proof the form says so and sends nothing.
    await page.getByText(enShop.form.proofRequired).waitFor();
    await page
      .getByTestId('merchant-proof-input')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: enShop.form.replaceProof }).waitFor();
    await page.getByRole('button', { name: enShop.form.submit }).click();
    await page.locator('[data-testid=merchant-status][data-status=pending]').waitFor();
    await settled(page);
    await screenshot(page, 'console-seller/merchant-pending-en-1440');
    const mine = (await as(buyer)('/api/merchant/application')).data;
    expect(mine).toMatchObject({ status: 'pending', storeName, country: 'United Kingdom' });
    await context.close();

    const admin1 = await consolePage(admin);
    const adminPage = admin1.page;
    await adminPage.goto(server.url('/console/admin/merchants'));
    const row = adminPage.locator('tr', { hasText: storeName });
    await row.getByRole('button', { name: enMerchants.view }).click();
    const proof = adminPage.getByTestId('merchant-proof');
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await settled(adminPage);
    await screenshot(adminPage, 'console-seller/merchant-detail-en-1440');
    await adminPage.getByRole('dialog').getByRole('button', { name: enMerchants.approve }).click();
    await confirmDialog(adminPage, enMerchants.approve);
    await waitForToast(adminPage, enMerchants.approved);
    await admin1.context.close();

    const after = (await as(buyer)('/api/merchant/application')).data;
    expect(after.status).toBe('approved');
    const relogged = await login('demobuyer');
    expect(relogged.user.roles).toContain('seller');
    expect((await as(relogged)('/api/admin/seller/store')).data.name).toBe(storeName);

    await shots(
      'merchants',
      async (p) => {
        await p.goto(server.url('/console/admin/merchants'));
        await p.locator('label[for$="-all"]').click();
        await p.getByText(storeName).first().waitFor();
      },
      admin,
    );
    await shots(
      'merchant-approved',
      async (p) => {
        await p.locator('[data-testid=merchant-status][data-status=approved]').waitFor();
      },
      buyer,
      true,
    );
  }, 180_000);
});
