/**
 * Issue 28, "from sign-up to first payment without a dead end": a buyer made a minute ago, with a
 * deposit approved by finance and no fund password, pays a first order from the order list. The pay
 * dialog offers to set the fund password (the login password as proof: a wrong one is refused and
 * nothing is set), then pays with it, without leaving the dialog.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  settled,
  startServer,
} from './harness.ts';
import { addAddress, deposit, locale, ok, storefrontPage } from './journeys.ts';

const en = locale('orders', 'en');
const errorsEn = locale('errors', 'en');
const account = locale('account', 'en');
const ui = locale('ui', 'en');

describe('first payment: the fund password is set inside the pay dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Database.Database;
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-first-pay-'));

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
    db = new Database(join(dataDir, 'mall.sqlite'), { readonly: true, fileMustExist: true });
  }, 120_000);

  afterAll(async () => {
    db?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new buyer through the API; the slide's answer is read where only the server keeps it. */
  async function newBuyer(): Promise<{ token: string; password: string }> {
    const api = apiAs(server, undefined);
    const challenge = ok(await api('/api/slide/challenge'));
    const row = db.prepare('select target_x from slide_challenges where id = ?').get(challenge.id) as {
      target_x: number | bigint;
    };
    const x = Number(row.target_x);
    const trail = [
      [0, 0],
      [x * 0.3, 90],
      [x * 0.7, 170],
      [x * 0.95, 260],
      [x, 330],
    ];
    const pass = ok(await api('/api/slide/verify', { id: challenge.id, x, trail }));
    const password = 'first-pay-1';
    const registered = ok(
      await api('/api/registerNoVerifyCode', {
        type: 'email',
        email: `first-${randomBytes(5).toString('hex')}@example.com`,
        password,
        rePassword: password,
        agree: true,
        slideToken: pass.token,
      }),
    );
    return { token: registered.token, password };
  }

  it('a new buyer recharges, sets the fund password in the pay dialog and pays', async () => {
    const buyer = await newBuyer();
    const api = apiAs(server, buyer.token);
    const me = ok(await api('/api/get/local/user'));
    expect(me.fundPasswordSet).toBe(false);
    await deposit(server, buyer.token, '500');
    const addressId = await addAddress(api);
    const list = ok(await api('/api/sellerGoods/list', { pageNum: 1, pageSize: 40, sort: 'price_asc' }));
    let pick: { sellerGoodsId: string; buyMin: number } | undefined;
    for (const g of list.pageList as { sellerGoodsId: string; buyMin: number; price: string }[]) {
      const info = ok(await api('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
      if (
        info.specs.length === 0 &&
        info.stock >= 5 &&
        Number(g.price) > 0 &&
        Number(g.price) * g.buyMin < 400
      ) {
        pick = g;
        break;
      }
    }
    if (!pick) throw new Error('no cheap goods without specifications in the demo catalogue');
    const submitted = ok(
      await api('/api/order/submit', {
        addressId,
        items: [{ sellerGoodsId: pick.sellerGoodsId, count: Math.max(1, pick.buyMin) }],
        submitKey: randomBytes(12).toString('hex'),
      }),
    );
    const order = submitted.orders[0] as { id: string; serialNo: string };

    const { context, page } = await storefrontPage(browser, {
      token: buyer.token,
      user: { usercode: me.usercode, username: me.username, avatar: me.avatar },
    });
    try {
      await page.goto(server.url('/userInfo/my-order?index=1&lang=en'));
      const card = page.locator('.orders-card', { hasText: order.serialNo });
      await card.getByRole('button', { name: en.actions.pay }).click();
      const dialog = page.getByRole('dialog', { name: en.pay.title });
      await dialog.getByText(en.pay.setup.title).waitFor();
      const submit = dialog.getByRole('button', { name: en.pay.setup.submit, exact: true });
      // Checked in the dialog first: the shape, the repeat.
      await dialog.getByLabel(en.pay.setup.pin, { exact: true }).fill('24681');
      await submit.click();
      await dialog.getByText(en.pay.setup.pinShape).waitFor();
      await dialog.getByLabel(en.pay.setup.pin, { exact: true }).fill('246813');
      await dialog.getByLabel(en.pay.setup.pinAgain).fill('246812');
      await submit.click();
      await dialog.getByText(en.pay.setup.mismatch).waitFor();
      await dialog.getByLabel(en.pay.setup.pinAgain).fill('246813');
      // A wrong login password: refused by the server, nothing set.
      await dialog.getByLabel(en.pay.setup.loginPassword).fill('not-my-password');
      await submit.click();
      await dialog.getByText(errorsEn.WRONG_PASSWORD).waitFor();
      expect(ok(await api('/api/get/local/user')).fundPasswordSet).toBe(false);
      await dialog.getByLabel(en.pay.setup.loginPassword).fill(buyer.password);
      await settled(page);
      await screenshot(page, 'orders/pay-dialog-first-fund-password-en-1440', false);
      await submit.click();
      await page.waitForURL(/\/paySuccess\?.*orders=/);
      await page.getByText(order.serialNo).waitFor();
      expect(ok(await api('/api/order/info', { orderId: order.id })).status).toBe(1);
      expect(ok(await api('/api/get/local/user')).fundPasswordSet).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('checkout: "Add a new address" opens the form and comes back to checkout with it chosen', async () => {
    const buyer = await newBuyer();
    const api = apiAs(server, buyer.token);
    const me = ok(await api('/api/get/local/user'));
    const list = ok(await api('/api/sellerGoods/list', { pageNum: 1, pageSize: 40, sort: 'price_asc' }));
    let g:
      | {
          sellerGoodsId: string;
          name: string;
          sellerId: string;
          sellerName: string;
          price: string;
          discountPrice: string | null;
          buyMin: number;
          imgUrl1: string;
        }
      | undefined;
    for (const x of list.pageList) {
      const info = ok(await api('/api/sellerGoods/info', { sellerGoodsId: x.sellerGoodsId }));
      if (info.specs.length === 0 && info.stock >= 5 && x.buyMin <= 2) {
        g = x;
        break;
      }
    }
    if (!g) throw new Error('no goods without specifications');
    const cart = [
      {
        Identifier: g.sellerGoodsId,
        sellerGoodsId: g.sellerGoodsId,
        name: g.name,
        seller: { id: g.sellerId, name: g.sellerName },
        price: g.discountPrice ?? g.price,
        count: Math.max(1, g.buyMin),
        buyMin: g.buyMin,
        checkAttrName: '',
        imgUrl1: g.imgUrl1,
        checked: true,
      },
    ];
    const user = { usercode: me.usercode, username: me.username, avatar: me.avatar };
    const { context, page } = await storefrontPage(browser, { token: buyer.token, user });
    await context.addInitScript(
      ({ code, lines }) => {
        if (!sessionStorage.getItem('cart-seeded')) {
          localStorage.setItem(`cart:${code}`, JSON.stringify(lines));
          sessionStorage.setItem('cart-seeded', '1');
        }
      },
      { code: me.usercode, lines: cart },
    );
    try {
      await page.goto(server.url('/settlement?lang=en'));
      await page.getByText(en.checkout.noAddress).waitFor();
      await page.getByRole('link', { name: en.checkout.addAddress }).first().click();
      await page.waitForURL(/\/userInfo\/setup\/shipping-address/);
      const form = page.locator('.account-address-form');
      await form.waitFor();
      await form.getByRole('textbox', { name: account.address.name, exact: true }).fill('Amina Haddad');
      await form.getByRole('textbox', { name: account.field.email, exact: true }).fill('amina@example.com');
      for (const [label, typed, option] of [
        [account.address.nation, 'United Arab Emirates', 'United Arab Emirates'],
        [account.address.state, 'Dubai', /Dubai/],
        [account.address.city, 'Dubai', /^Dubai$/],
      ] as const) {
        const input = page.getByRole('combobox', { name: label, exact: true });
        await input.click();
        await input.fill(typed);
        await page.getByRole('option', { name: option }).first().click();
      }
      await form.getByRole('textbox', { name: account.address.address, exact: true }).fill('Al Wasl Road 4');
      await form.getByRole('textbox', { name: account.address.postCode, exact: true }).fill('00000');
      await form.getByRole('textbox', { name: account.field.phone, exact: true }).fill('501234567');
      await form.getByRole('button', { name: account.address.save }).click();
      // Back at checkout, the new address chosen and the quote shown.
      await page.waitForURL(/\/settlement/);
      await expect.poll(() => page.getByRole('radio', { name: /Amina Haddad/ }).isChecked()).toBe(true);
      await page.locator('.settlement-summary .orders-grand-total').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a visitor following a footer link signs in and lands on the page asked for', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(server.url('/index?lang=en'));
      await page.locator('.site-footer').getByRole('link', { name: ui.footer.orderTracking }).click();
      await page.waitForURL(/\/login\?.*redirect=/);
      await page.getByRole('tab', { name: account.login.byAccount, exact: true }).click();
      await page.getByRole('textbox', { name: account.login.account, exact: true }).fill('demobuyer');
      await page.getByRole('textbox', { name: account.field.password, exact: true }).fill('Demo#2026');
      await page.getByRole('button', { name: account.login.submit, exact: true }).click();
      await page.waitForURL(/\/userInfo\/my-order\?.*index=2/);
    } finally {
      await context.close();
    }
  }, 60_000);
});
