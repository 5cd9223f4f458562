/**
 * The storefront shell in a real browser: brand by Host, the 21 languages (Arabic mirrored),
 * SPEC §2 navigation rules, the header and footer behaviours, the static pages, phone width.
 */
import { readFileSync } from 'node:fs';
import { BRANDS } from '@mall/contract';
import { LANGUAGES } from '@mall/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getWithHost,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  waitForToast,
} from './harness.ts';

const locale = (namespace: string, code: string) =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${namespace}/${code}.json`, import.meta.url), 'utf8'),
  );

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport: 'desktop' | 'phone' = 'desktop', host = 'localhost') {
  const { context, page } = await newPage(browser, viewport);
  await page.goto(server.url(path, host));
  await page.waitForSelector('.site-footer');
  return { context, page };
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('storefront shell', () => {
  it('wears the brand chosen by Host from the first byte of HTML', async () => {
    for (const brand of BRANDS) {
      const html = (await getWithHost(server, '/index', brand.hosts[0]!)).body;
      expect(html, brand.key).toContain(`<title>${brand.title.replace(/&/g, '&amp;')}</title>`);
      expect(html, brand.key).toContain(brand.theme.primary);
    }
    const { context, page } = await open('/index', 'desktop', 'lumen.localhost');
    expect(await page.title()).toBe(BRANDS.find((b) => b.key === 'lumen')?.title);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
    );
    expect(primary).toBe('#2563eb');
    await expect(page.locator('.brand-name').textContent()).resolves.toBe('Lumen Bazaar');
    await screenshot(page, 'shell/lumen-home-en');
    await context.close();
  });

  it('renders header and footer in each of the 21 languages, Arabic right to left', async () => {
    const { context, page } = await newPage(browser);
    for (const { code, query } of LANGUAGES) {
      await page.goto(server.url(`/about?lang=${query}`));
      await page.waitForSelector('.site-footer h2');
      const ui = locale('ui', code);
      const pages = locale('pages', code);
      expect(await page.evaluate(() => document.documentElement.lang), code).toBe(code);
      expect(await page.evaluate(() => document.documentElement.dir), code).toBe(
        code === 'ar' ? 'rtl' : 'ltr',
      );
      await expect(page.locator('.site-footer h2').textContent(), code).resolves.toBe(
        ui.footer.subscribeTitle,
      );
      await expect(page.locator('.header-search input').getAttribute('placeholder'), code).resolves.toBe(
        ui.header.searchPlaceholder,
      );
      // The static page body, with the brand's name and mail filled in.
      await page.waitForSelector('.static-page h2');
      const body = await page.locator('.static-page').textContent();
      expect(body, code).toContain(pages.about[0].h);
      expect(body, code).toContain('NovaMart');
      expect(body, code).toContain('support@novamart.example');
      if (code === 'ar') await screenshot(page, 'shell/about-ar');
    }
    await context.close();
  });

  it('mirrors the layout in Arabic: the logo sits at the inline start, on the right', async () => {
    const { context, page } = await open('/index?lang=ar');
    const logo = await page.locator('.brand-logo').boundingBox();
    expect(logo?.x).toBeGreaterThan(700);
    await screenshot(page, 'shell/home-ar');
    await context.close();
  });

  it('carries lang on every navigation and restores the home scroll position', async () => {
    const { context, page } = await open('/index?lang=de');
    // Followed from the keyboard: a click aims at coordinates, and home's content still arriving
    // above the footer can move the link away between aiming and clicking (it did once in a full run).
    // Focused without scrolling it into view: that scroll is a visitor's own, and when a frame ran
    // between focus and Enter, home remembered it (831) instead of the 200 this test set.
    const follow = async (link: string) => {
      await page
        .locator(`.footer-columns a[href*="${link}"]`)
        .first()
        .evaluate((a: HTMLElement) => a.focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
    };
    await follow('/about');
    await page.waitForURL(/\/about\?lang=de/);
    // The URL changes first; the page (a lazy chunk) then shows, scrolled to the top.
    await page.locator('.static-page h2').first().waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Back on /index the stored scroll position returns.
    await page.goto(server.url('/index?lang=de'));
    await page.waitForSelector('.site-footer');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => localStorage.getItem('scroll') === '200');
    await follow('/news');
    await page.waitForURL(/\/news\?lang=de/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/index/);
    await page.waitForFunction(() => Math.abs(window.scrollY - 200) < 2);
    await context.close();
  });

  it('stores a language change, drops lang from the URL and reloads in the new language', async () => {
    const { context, page } = await open('/index?lang=en');
    await page.locator('.header-actions .language-button').click();
    await page.locator('.language-dropdown [lang="fr"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await page.reload();
    await page.waitForSelector('.site-footer h2');
    await expect(page.locator('.site-footer h2').textContent()).resolves.toBe(
      locale('ui', 'fr').footer.subscribeTitle,
    );
    await context.close();
  });

  it('keeps the code query as the agent code and opens customer service from the query', async () => {
    const { context, page } = await open('/index?code=AGENT42&customerService=1');
    expect(await page.evaluate(() => localStorage.getItem('agentCode'))).toBe('AGENT42');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // No agent is online on this server: once the server has said so, the window says it is not open.
    const notice = dialog.locator('.chat-notice', { hasText: locale('errors', 'en').SERVICE_NOT_OPEN });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('support@novamart.example');
    await expect(dialog.locator('.chat-status').textContent()).resolves.toBe(locale('chat', 'en').away);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const other = await open('/about?customer-service');
    await other.page.getByRole('dialog').waitFor();
    await other.context.close();
    await context.close();
  });

  it('shrinks the header after 78 px and shows back-to-top after 100 px', async () => {
    const { context, page } = await open('/about');
    expect(await page.locator('.site-header.is-shrunk').count()).toBe(0);
    expect(await page.locator('.back-to-top').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForSelector('.site-header.is-shrunk');
    expect(await page.locator('.back-to-top').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.locator('.back-to-top').click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('keeps the whole header row on screen at every scroll position at 1440 px (issue 28)', async () => {
    const { context, page } = await open('/index');
    for (const y of [0, 20, 44, 60, 78, 79, 100, 160, 400, 1200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(250); // the shrink's 0.2 s transition
      const box = await page.evaluate(() => {
        const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1;
        const header = document.querySelector('.site-header')?.getBoundingClientRect();
        return {
          header: header?.top ?? -1,
          logo: top('.brand-logo'),
          search: top('.header-search input'),
          // The empty band: the header's height beyond its main row.
          band:
            (header?.height ?? 0) -
            (document.querySelector('.header-main')?.getBoundingClientRect().height ?? 0),
        };
      });
      expect({ y, ...box }).toMatchObject({ y, header: 0 });
      expect(box.logo, `logo at scroll ${y}`).toBeGreaterThanOrEqual(0);
      expect(box.search, `search box at scroll ${y}`).toBeGreaterThanOrEqual(0);
      expect(box.band, `empty band at scroll ${y}`).toBeLessThanOrEqual(2);
    }
    await context.close();
  });

  it("writes every amount in the brand's one style, on lists and product pages (issue 28)", async () => {
    for (const [host, style] of [
      ['localhost', /^[\d,]+\.\d{2,} USDT$/],
      ['lumen.localhost', /^\$[\d,]+\.\d{2,}$/],
    ] as const) {
      const { context, page } = await open('/commodity?lang=en', 'desktop', host);
      const card = page.locator('.goods-card').first();
      await card.locator('.price').first().waitFor();
      for (const text of await page.locator('.goods-card-price .price').allInnerTexts()) {
        expect(text.trim(), `${host} list`).toMatch(style);
      }
      await card.locator('a').first().click();
      await page.waitForURL(/productDetails/);
      await page.locator('.price').first().waitFor();
      for (const text of await page.locator('.price').allInnerTexts()) {
        expect(text.trim(), `${host} product page`).toMatch(style);
      }
      await context.close();
    }
  });

  it('subscribes to coupons: warns on a bad address, confirms, then says already subscribed', async () => {
    const { context, page } = await open('/index');
    const input = page.locator('#subscribe-email');
    await input.fill('ab@x');
    await page.locator('.subscribe-form button').click();
    await expect(page.locator('.subscribe-status').textContent()).resolves.toBe(
      locale('ui', 'en').footer.emailInvalid,
    );
    await input.fill('buyer.one@shop.com');
    await page.locator('.subscribe-form button').click();
    await page.waitForSelector('.subscribe-status:has-text("buyer.one@shop.com")');
    await input.fill('buyer.one@shop.com');
    await page.locator('.subscribe-form button').click();
    await waitForToast(page, locale('errors', 'en').EMAIL_ALREADY_SUBSCRIBED);
    await context.close();
  });

  it('warns on an empty search and keeps 10 distinct searches, newest first, until cleared', async () => {
    const { context, page } = await open('/index');
    const box = page.locator('.header-search input');
    await page.locator('.header-search .search-button').click();
    await waitForToast(page, locale('errors', 'en').ENTER_KEYWORD);
    // SPEC §4: goods found open the goods results (`k` JSON-encoded), else the store results. Goods
    // words and store names of the demo catalogue (no goods is named after a store; no store or goods
    // is called "Meridian" at all, in any language, which still opens the store results, empty).
    const goods = (word: string) => ({ path: '/searchGoods', k: JSON.stringify(word) });
    const stores = (word: string) => ({ path: '/searchStore', k: word });
    const words = [
      'laptop',
      'sofa',
      'Harbour',
      'sandals',
      'earbuds',
      'Evergreen',
      'blouse',
      'loafers',
      'Jade',
      'Cedar',
      'Meridian',
      'Harbour',
    ];
    const expected: Record<string, { path: string; k: string }> = {
      laptop: goods('laptop'),
      sofa: goods('sofa'),
      sandals: goods('sandals'),
      earbuds: goods('earbuds'),
      blouse: goods('blouse'),
      loafers: goods('loafers'),
      Harbour: stores('Harbour'),
      Evergreen: stores('Evergreen'),
      Jade: stores('Jade'),
      Cedar: stores('Cedar'),
      Meridian: stores('Meridian'),
    };
    for (const word of words) {
      const want = expected[word]!;
      await box.fill(word);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === want.path && url.searchParams.get('k') === want.k);
      // The URL changes first; then the results page of this keyword shows.
      await page.locator('.search-keyword', { hasText: word }).waitFor();
      // The results shown are those of this keyword (names match case-insensitively).
      if (want.path === '/searchGoods')
        await page.locator('.goods-card-name', { hasText: word }).first().waitFor();
      else if (word !== 'Meridian') await page.locator('.store-card', { hasText: word }).first().waitFor();
      else await page.getByText(locale('catalogue', 'en').list.noStores).waitFor();
    }
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('searchHistory') ?? '[]'));
    expect(stored).toEqual([
      'Harbour',
      'Meridian',
      'Cedar',
      'Jade',
      'loafers',
      'blouse',
      'Evergreen',
      'earbuds',
      'sandals',
      'sofa',
    ]);
    await box.click();
    await page.locator('.search-panel').waitFor();
    await page.locator('.search-panel .history-head button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction(() => localStorage.getItem('searchHistory') === null);
    await context.close();
  });

  it('forgets a session the server no longer knows, says so and keeps the page (issue 30)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/about'));
    await page.evaluate(() => {
      localStorage.setItem('token', 'stale-token');
      localStorage.setItem('userInfo', JSON.stringify({ usercode: 'u1', username: 'ghost', avatar: 1 }));
    });
    await page.goto(server.url('/about'));
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    // An ended session is told, and a page that needs none stays where it is.
    await page.getByText(locale('errors', 'en').SESSION_EXPIRED).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await context.close();
  });

  it('opens the lottery and the merchant promotion site of the brand', async () => {
    const { context, page } = await open('/index?lang=ja');
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    await expect(page.locator('.lottery-box a').getAttribute('href')).resolves.toBe(brand.lotteryUrl);
    // On a phone the box is a bare icon; the link keeps its name (its title) and stays narrow.
    const phone = await open('/index?lang=en', 'phone');
    const lottery = phone.page.getByRole('link', { name: 'Lucky draw' });
    await lottery.waitFor();
    expect((await lottery.boundingBox())?.width).toBeLessThanOrEqual(48);
    await phone.context.close();
    // The promotion site is outside this machine's network: answer it locally.
    await context.route(`${new URL(brand.promotionUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>promotion</title>' }),
    );
    const popup = context.waitForEvent('page');
    await page.locator('.header-nav a[href*="merchantSettled"]').click();
    const promotion = await popup;
    await promotion.waitForLoadState();
    const url = new URL(promotion.url());
    // This tab goes on to the page where a signed-in buyer applies to open a store.
    await page.waitForURL((u) => u.pathname === '/merchantSettled');
    expect(`${url.origin}${url.pathname}`).toBe(
      new URL(brand.promotionUrl).origin + new URL(brand.promotionUrl).pathname,
    );
    expect(url.searchParams.get('lang')).toBe('ja');
    expect(url.searchParams.get('avatar')).toBe('1');
    await context.close();
  });

  it('sends phones to the wap site of brands that have one', async () => {
    const wapBrand = BRANDS.find((b) => b.wapUrl);
    expect(wapBrand).toBeDefined();
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const res = await getWithHost(server, '/index', wapBrand!.hosts[0]!, { 'user-agent': iphone });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(wapBrand!.wapUrl);
    // A brand without a wap site serves the same responsive storefront to phones.
    const plain = await getWithHost(server, '/index', 'novamart.localhost', { 'user-agent': iphone });
    expect(plain.status).toBe(200);
  });

  it('fits a 360 px phone in English and Arabic, with the menu in a drawer', async () => {
    for (const lang of ['en', 'ar']) {
      const { context, page } = await open(`/index?lang=${lang}`, 'phone');
      expect(await noHorizontalOverflow(page), lang).toBe(true);
      await screenshot(page, `shell/home-${lang}-phone`);
      await page.locator('.header-burger').click();
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await expect(drawer.locator('a[href*="/classification"]').count()).resolves.toBe(1);
      await screenshot(page, `shell/menu-${lang}-phone`, false);
      await context.close();
    }
    const { context, page } = await open('/about?lang=ar', 'phone');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await context.close();
  });

  it('hides Chinese (both scripts) for the brand that does not offer it', async () => {
    const brand = BRANDS.find((b) => b.hiddenLanguages.includes('zh-CN'))!;
    const { context, page } = await open('/index?lang=cn', 'desktop', brand.hosts[0]);
    // The hidden language is not taken from the URL; English stands in.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('.header-actions .language-button').click();
    await page.locator('.language-dropdown').waitFor();
    expect(await page.locator('.language-dropdown [lang="zh-CN"]').count()).toBe(0);
    expect(await page.locator('.language-dropdown [lang="zh-TW"]').count()).toBe(0);
    expect(await page.locator('.language-dropdown [lang="ja"]').count()).toBe(1);
    await context.close();
  });
});
