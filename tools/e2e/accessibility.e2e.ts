/**
 * Issue 28, WCAG 2.2 AA: axe-core (the npm package) on the pages people use most, in English and
 * Arabic, for three brands whose colours differ most (NovaMart's orange, Marigold's yellow with dark
 * text on its buttons, Lumen's blue). Any serious or critical violation fails, named with its rule
 * and the first elements it was found on.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, launchBrowser, newPage, type RunningServer, startServer } from './harness.ts';
import { addAddress, consolePage, ok, signIn, storefrontPage } from './journeys.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, so the page's CSP does not stop it.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script above defined
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as Violation[];
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/** Waits until the page has painted its data: no busy placeholders left. */
async function settledForAxe(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => {});
  await page.waitForTimeout(300);
}

const BRANDS_CHECKED = [
  { host: 'localhost', name: 'novamart', full: true },
  { host: 'marigold.localhost', name: 'marigold', full: false },
  { host: 'lumen.localhost', name: 'lumen', full: false },
] as const;
const LANGS = ['en', 'ar'] as const;

describe('accessibility: no serious or critical axe violation', () => {
  let server: RunningServer;
  let browser: Browser;
  let buyer: Awaited<ReturnType<typeof signIn>>;
  /** The demo buyer signed in on each brand's host (a session belongs to the brand that issued it). */
  const buyerOn = new Map<
    string,
    { token: string; user: { usercode: string; username: string; avatar: number } }
  >();
  let goodsId = '';
  let storeId = '';
  const cart: unknown[] = [];
  const staff = new Map<string, { token: string; user: unknown }>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    buyer = await signIn(server);
    await addAddress(buyer.api);
    const list = ok(
      await buyer.api('/api/sellerGoods/list', { pageNum: 1, pageSize: 30, sort: 'price_asc' }),
    );
    for (const g of list.pageList) {
      const info = ok(await buyer.api('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
      if (info.specs.length > 0 || info.stock < 5) continue;
      goodsId = g.sellerGoodsId;
      storeId = g.sellerId;
      cart.push({
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
      });
      break;
    }
    for (const { host } of BRANDS_CHECKED) {
      const reply = ok(
        await apiAs(server, undefined, host)('/api/login', { username: 'demobuyer', password: 'Demo#2026' }),
      );
      const { usercode, username, avatar } = reply.user;
      buyerOn.set(host, { token: reply.token, user: { usercode, username, avatar } });
      if (host !== 'localhost') await addAddress(apiAs(server, reply.token, host));
    }
    for (const account of ['demofinance', 'demoseller', 'demoadmin']) {
      const reply = ok(
        await apiAs(server, undefined)('/api/login', { username: account, password: 'Demo#2026' }),
      );
      staff.set(account, { token: reply.token, user: reply.user });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor's page, or the demo buyer's (with a cart) when `signedIn`. */
  async function storefront(host: string, path: string, signedIn: boolean) {
    const who = buyerOn.get(host);
    if (signedIn && !who) throw new Error(`no buyer signed in on ${host}`);
    const { context, page } = who && signedIn ? await storefrontPage(browser, who) : await newPage(browser);
    if (who && signedIn) {
      await context.addInitScript(
        ({ code, lines }) => localStorage.setItem(`cart:${code}`, JSON.stringify(lines)),
        { code: who.user.usercode, lines: cart },
      );
    }
    await page.goto(server.url(path, host));
    await page.locator('.site-footer').waitFor();
    await settledForAxe(page);
    return { context, page };
  }

  for (const brand of BRANDS_CHECKED) {
    for (const lang of LANGS) {
      const pages: [string, () => string, boolean][] = [
        ['home', () => `/index?lang=${lang}`, false],
        ['product', () => `/productDetails?sellerGoodsId=${goodsId}&lang=${lang}`, false],
        ['checkout', () => `/settlement?lang=${lang}`, true],
        ['login', () => `/login?lang=${lang}`, false],
      ];
      if (brand.full) {
        pages.push(
          ['search results', () => `/search?keyword=${encodeURIComponent('bag')}&lang=${lang}`, false],
          ['store', () => `/store?id=${storeId}&lang=${lang}`, false],
          ['register', () => `/register?lang=${lang}`, false],
          ['wallet', () => `/userInfo/money-package?lang=${lang}`, true],
          ['orders', () => `/userInfo/my-order?lang=${lang}`, true],
        );
      }
      for (const [name, path, signedIn] of pages) {
        it(`${brand.name} ${lang}: ${name}`, async () => {
          const { context, page } = await storefront(brand.host, path(), signedIn);
          try {
            expect(await violations(page)).toEqual([]);
          } finally {
            await context.close();
          }
        }, 60_000);
      }
    }
  }

  for (const lang of LANGS) {
    it(`novamart ${lang}: the cart drawer`, async () => {
      const { context, page } = await storefront('localhost', `/index?lang=${lang}`, true);
      try {
        await page.locator('.cart-fab').click({ timeout: 45_000 });
        await page.locator('.cart-drawer').waitFor();
        await settledForAxe(page);
        expect(await violations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);

    for (const [account, path] of [
      ['demofinance', 'finance/recharges'],
      ['demoseller', 'seller/goods'],
      ['demoadmin', 'admin/users'],
    ] as const) {
      it(`console ${lang}: ${path}`, async () => {
        const login = staff.get(account);
        if (!login) throw new Error(`${account} did not sign in`);
        const { context, page } = await consolePage(browser, login, lang);
        try {
          await page.goto(server.url(`/console/${path}?run=${randomBytes(3).toString('hex')}`));
          await page.locator('main').waitFor();
          await settledForAxe(page);
          expect(await violations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      }, 60_000);
    }
  }
});
