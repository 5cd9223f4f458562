/**
 * Issue 28: typing in a console list's search box once turned the whole console into a blank page
 * ("TypeError: l is not a function": the shared SearchBox handed its handler's `false` to React as an
 * effect cleanup). Every console page with a search box is typed into, in each role that has it; the
 * page must keep its search box and raise no error.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, launchBrowser, type RunningServer, startServer } from './harness.ts';
import { consolePage } from './journeys.ts';

/** Each page with a search box, and a demo account whose role opens it. */
const PAGES: { path: string; account: string }[] = [
  { path: 'finance/recharges', account: 'demofinance' },
  { path: 'finance/withdrawals', account: 'demofinance' },
  { path: 'seller/goods', account: 'demoseller' },
  { path: 'seller/orders', account: 'demoseller' },
  { path: 'admin/merchants', account: 'demoadmin' },
  { path: 'admin/users', account: 'demoadmin' },
  { path: 'admin/orders', account: 'demoadmin' },
  { path: 'risk/identity', account: 'demorisk' },
  { path: 'risk/loans', account: 'demorisk' },
];

describe('console: every search box keeps the console alive', () => {
  let server: RunningServer;
  let browser: Browser;
  const logins = new Map<string, { token: string; user: unknown }>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    for (const account of new Set(PAGES.map((p) => p.account))) {
      const reply = await apiAs(server, undefined)('/api/login', {
        username: account,
        password: 'Demo#2026',
      });
      if (reply.code !== 0) throw new Error(JSON.stringify(reply));
      logins.set(account, { token: reply.data.token, user: reply.data.user });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { path, account } of PAGES) {
    it(`${path}: typing, pausing, Enter and clearing`, async () => {
      const login = logins.get(account);
      if (!login) throw new Error(`no login for ${account}`);
      const { context, page } = await consolePage(browser, login);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(server.url(`/console/${path}`));
        const box = page.getByRole('searchbox').first();
        await box.waitFor({ timeout: 20_000 });
        await box.fill('zz');
        await page.waitForTimeout(700); // past the 400 ms pause that fires the search
        await box.press('Enter', { timeout: 5_000 });
        await box.fill('');
        await page.waitForTimeout(700);
        expect(errors).toEqual([]);
        await expect(box.isVisible()).resolves.toBe(true);
        expect(await page.locator('main').count()).toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
