/**
 * Issue 28, the message centre: a new buyer's deposit approved, another refused and an order paid
 * light the header's message icon with an unread count; the drawer lists them in the reader's
 * language with their times; a deposit approved while the page is open arrives over the socket
 * without a reload; opening one goes to its order and reads it; "Mark all read" clears the badge.
 * In English and Arabic (right to left), at 1440 and 360 px.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  startServer,
  uploadPng,
} from './harness.ts';
import { type Api, addAddress, deposit, locale, ok, storefrontPage } from './journeys.ts';

const en = locale('notifications', 'en');
const ar = locale('notifications', 'ar');
const uiEn = locale('ui', 'en');

describe('message centre', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Database.Database;
  let finance: Api;
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-notifications-'));

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
    db = new Database(join(dataDir, 'mall.sqlite'), { readonly: true, fileMustExist: true });
    finance = apiAs(server, await loginAs(server, 'demofinance'));
  }, 120_000);

  afterAll(async () => {
    db?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new buyer through the API; the slide's answer is read where only the server keeps it. */
  async function newBuyer(): Promise<{ token: string; user: object; api: Api }> {
    const visitor = apiAs(server, undefined);
    const challenge = ok(await visitor('/api/slide/challenge'));
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
    const pass = ok(await visitor('/api/slide/verify', { id: challenge.id, x, trail }));
    const registered = ok(
      await visitor('/api/registerNoVerifyCode', {
        type: 'email',
        email: `notify-${randomBytes(5).toString('hex')}@example.com`,
        password: 'notify-p1',
        rePassword: 'notify-p1',
        agree: true,
        slideToken: pass.token,
      }),
    );
    const api = apiAs(server, registered.token);
    const me = ok(await api('/api/get/local/user'));
    return {
      token: registered.token,
      user: { usercode: me.usercode, username: me.username, avatar: me.avatar },
      api,
    };
  }

  async function claim(token: string, amount: string): Promise<{ id: string; serialNo: string }> {
    return ok(
      await apiAs(server, token)('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-TRC20',
        amount,
        txHash: randomBytes(32).toString('hex'),
        proof: await uploadPng(server, token, 'proof'),
      }),
    );
  }

  /** Fonts in and the drawer's animation over (the home page's lazy pictures never all load). */
  const quiet = async (page: Page) => {
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
  };

  const badge = (page: Page) => page.locator('[data-testid="header-messages"] .unread-badge');

  it('shows the journey with an unread count, pushes a new one live, reads one and all', async () => {
    const buyer = await newBuyer();
    await deposit(server, buyer.token, '500', { finance });
    const refused = await claim(buyer.token, '80');
    ok(await finance('/api/admin/wallet/recharge/reject', { id: refused.id, remark: 'No transfer found' }));
    ok(await buyer.api('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }));
    const addressId = await addAddress(buyer.api);
    const list = ok(
      await buyer.api('/api/sellerGoods/list', { pageNum: 1, pageSize: 40, sort: 'price_asc' }),
    );
    let pick: { sellerGoodsId: string; buyMin: number } | undefined;
    for (const g of list.pageList as { sellerGoodsId: string; buyMin: number; price: string }[]) {
      const info = ok(await buyer.api('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
      if (info.specs.length === 0 && info.stock >= 5 && Number(g.price) * Math.max(1, g.buyMin) < 400) {
        pick = g;
        break;
      }
    }
    if (!pick) throw new Error('no cheap goods without specifications in the demo catalogue');
    const order = ok(
      await buyer.api('/api/order/submit', {
        addressId,
        items: [{ sellerGoodsId: pick.sellerGoodsId, count: Math.max(1, pick.buyMin) }],
        submitKey: randomBytes(12).toString('hex'),
      }),
    ).orders[0] as { id: string; serialNo: string };
    ok(
      await buyer.api('/api/pay/order', {
        orderIds: [order.id],
        payMethod: 'balance',
        fundPassword: '246810',
      }),
    );

    const { context, page } = await storefrontPage(browser, buyer);
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(server.url('/index?lang=en'));
      await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('3');
      const button = page.getByRole('button', { name: uiEn.header.messagesUnread.replace('{{count}}', '3') });
      await button.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: en.title });
      await drawer.waitFor();
      const items = drawer.locator('.notification');
      await expect.poll(() => items.count()).toBe(3);
      await expect.poll(() => drawer.locator('.notification.is-unread').count(), { timeout: 5000 }).toBe(3);
      const texts = await items.allTextContents();
      expect(texts[0]).toContain(order.serialNo);
      expect(texts[0]).toContain('is paid');
      expect(texts[1]).toContain(refused.serialNo);
      expect(texts[1]).toContain('was refused');
      expect(texts[2]).toContain('was credited');
      expect(texts[2]).toMatch(/500(\.00)? USDT|\$500/);
      await quiet(page);
      await screenshot(page, 'notifications/drawer-en-1440', false);

      // Approved while the drawer is open: pushed over the socket, no reload.
      const late = await claim(buyer.token, '25');
      ok(
        await finance('/api/admin/wallet/recharge/approve', {
          id: late.id,
          amountReceived: '25',
          remark: 'ok',
        }),
      );
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(4);
      expect(await items.first().textContent()).toContain(late.serialNo);
      expect(await badge(page).textContent()).toBe('4');

      // Opening the order's notification goes to the order and reads it.
      await items.filter({ hasText: order.serialNo }).getByRole('button').click();
      await page.waitForURL(/\/userInfo\/order-detail\?.*orderId=/);
      expect(page.url()).toContain(encodeURIComponent(order.id));
      await expect.poll(() => badge(page).textContent()).toBe('3');
      // The order's page is showing (a navigation still under way would close a drawer opened now).
      await page.locator('main').getByText(order.serialNo).first().waitFor();

      await page.locator('[data-testid="header-messages"]').click();
      await drawer.waitFor();
      await expect.poll(() => drawer.locator('.notification.is-unread').count(), { timeout: 5000 }).toBe(3);
      await drawer.getByRole('button', { name: en.markAllRead }).click();
      await expect.poll(() => badge(page).count()).toBe(0);
      await expect.poll(() => drawer.locator('.notification.is-unread').count()).toBe(0);
      expect(ok(await buyer.api('/api/notifications/unreadCount')).count).toBe(0);
    } finally {
      await context.close();
    }

    // Unread again for the pictures: a refused claim.
    const another = await claim(buyer.token, '30');
    ok(await finance('/api/admin/wallet/recharge/reject', { id: another.id, remark: 'Duplicate' }));
    for (const [lang, viewport, strings] of [
      ['en', 'phone', en],
      ['ar', 'desktop', ar],
      ['ar', 'phone', ar],
    ] as const) {
      const { context: c, page: p } = await storefrontPage(browser, buyer, viewport);
      p.setDefaultTimeout(15_000);
      try {
        await p.goto(server.url(`/index?lang=${lang}`));
        const testId = viewport === 'phone' ? 'header-messages-phone' : 'header-messages';
        const phoneBadge = p.locator(`[data-testid="${testId}"] .unread-badge`);
        await expect.poll(() => phoneBadge.textContent(), { timeout: 15_000 }).toBe('1');
        expect(await p.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await screenshot(p, `notifications/header-${lang}-${viewport === 'phone' ? 360 : 1440}`, false);
        await p.locator(`[data-testid="${testId}"]`).click();
        const drawer = p.getByRole('dialog', { name: strings.title });
        await drawer.waitFor();
        await expect.poll(() => drawer.locator('.notification').count(), { timeout: 5000 }).toBe(5);
        if (lang === 'ar')
          expect(await drawer.locator('.notification').first().textContent()).toContain('تم رفض');
        expect(await noHorizontalOverflow(p)).toBe(true);
        await quiet(p);
        await screenshot(p, `notifications/drawer-${lang}-${viewport === 'phone' ? 360 : 1440}`, false);
      } finally {
        await c.close();
      }
    }
  }, 180_000);
});
