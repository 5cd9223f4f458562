/**
 * The catalogue's storefront pages (issue 3) in a real browser: the acceptance journey (home → a
 * category → search by a Chinese substring → a product → favourite it → follow its store → both in
 * the user centre) in English and Arabic at 1440 px and in English at 360 px; a visitor who
 * favourites is sent to sign in with the way back; the header search rules (empty keyword, goods or
 * stores, the stored answer for the same keyword, suggestions, search this store, leaving clears);
 * the cart from the product page (added, already in the cart, buy now); and every page photographed
 * in English and Arabic at 1440 px and 360 px under .artifacts/screenshots/catalogue/.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  VIEWPORTS,
  waitForToast,
} from './harness.ts';
import { type Api, type StorefrontUser, signIn, storefrontPage } from './journeys.ts';

type Messages = Record<string, unknown>;
const locale = (namespace: string, code: string): Messages =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${namespace}/${code}.json`, import.meta.url), 'utf8'),
  );
/** A message by its dotted key. */
const text = (messages: Messages, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;

const LANGS = {
  en: { catalogue: locale('catalogue', 'en'), shop: locale('shop', 'en'), errors: locale('errors', 'en') },
  ar: { catalogue: locale('catalogue', 'ar'), shop: locale('shop', 'ar'), errors: locale('errors', 'ar') },
} as const;
type Lang = keyof typeof LANGS;

/** A substring of Chinese goods names in the demo catalogue ("…无线蓝牙耳机…"). */
const CHINESE_SUBSTRING = '蓝牙耳';

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let asVisitor: Api;

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  asVisitor = apiAs(server, undefined);
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page signed in as the demo buyer (token and userInfo in local storage, as sign-in leaves them). */
async function signedIn(
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, viewport);
  return { context, page, errors: watchErrors(page) };
}

async function visitor(
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await newPage(browser, viewport);
  return { context, page, errors: watchErrors(page) };
}

/** Script errors of the page, so a test can say none happened. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** The buyer starts with no favourites and follows no store. */
async function resetKeepsAndFollows(): Promise<void> {
  const keeps = await asBuyer('/api/keepGoods/list', { pageNum: 1, pageSize: 100 });
  const ids = keeps.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId);
  if (ids.length > 0) expect((await asBuyer('/api/keepGoods/del', { sellerGoodsId: ids })).code).toBe(0);
  const follows = await asBuyer('/api/focus/seller/list', { pageNum: 1, pageSize: 100 });
  const sellers = follows.data.pageList.map((s: { sellerId: string }) => s.sellerId);
  if (sellers.length > 0)
    expect((await asBuyer('/api/focus/seller/del', { sellerId: sellers })).code).toBe(0);
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Finite animations and transitions running now have finished (spinners that loop are left). */
const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** Two animation frames: whatever the last change started has been laid out and painted. */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/**
 * Ready for a full-page picture: scrolled through once (blocks that load when they come near, such
 * as "guess you like", arrive), nothing loading, every image loaded and decoded, back at the top.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  // To the real bottom: blocks drawn as they near the screen (content-visibility) grow the page.
  for (let y = 0; y < (await height()); y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await painted(page);
  }
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"], .is-skeleton').first().waitFor({ state: 'detached' });
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
      ),
    );
    // Decoded too (images decode asynchronously), or the picture may show them blank.
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    window.scrollTo(0, 0);
  });
  // Whatever the scroll back started (the header growing back, transitions) has finished.
  await animationsDone(page);
  await painted(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  expect(await noHorizontalOverflow(page), `${name} overflows sideways`).toBe(true);
  await screenshot(page, `catalogue/${name}`);
}

const cards = (page: Page) => page.locator('.goods-card:not(.is-skeleton)');

/** The acceptance journey of issue 3, through the interface only (the API only checks the end). */
async function journey(lang: Lang, viewport: keyof typeof VIEWPORTS): Promise<void> {
  const { catalogue } = LANGS[lang];
  const t = (key: string) => text(catalogue, key);
  await resetKeepsAndFollows();
  const { context, page, errors } = await signedIn(viewport);

  // Home.
  await page.goto(server.url(`/index?lang=${lang}`));
  await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe(
    lang === 'ar' ? 'rtl' : 'ltr',
  );
  const category = page.locator('.home-categories a').first();
  await category.waitFor();
  await cards(page).first().waitFor();
  const categoryName = (await category.innerText()).trim();
  // The mall's own banner speaks the page's language (its picture draws the same words).
  await expect(page.locator('.banner-track img').first().getAttribute('alt')).resolves.toMatch(
    lang === 'ar' ? /^[\u0600-\u06ff ]+$/ : /^[A-Za-z -]+$/,
  );

  // Home → a category.
  await category.click();
  await page.waitForURL(new RegExp(`/classification\\?categoryId=[^&]+&lang=${lang}`));
  await page.getByRole('heading', { level: 1, name: categoryName }).waitFor();
  await cards(page).first().waitFor();
  expect(await noHorizontalOverflow(page)).toBe(true);

  // Search by a Chinese substring from the header: goods found, so the goods results open.
  const box = page.locator('.search-box input');
  await box.fill(CHINESE_SUBSTRING);
  await box.press('Enter');
  await page.waitForURL(/\/searchGoods\?k=/);
  expect(new URL(page.url()).searchParams.get('k')).toBe(JSON.stringify(CHINESE_SUBSTRING));
  expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
  await page.locator('.search-keyword', { hasText: CHINESE_SUBSTRING }).waitFor();
  await cards(page).first().waitFor();
  const names = await page.locator('.goods-card-name').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain(CHINESE_SUBSTRING);
  await expect(box.inputValue()).resolves.toBe(CHINESE_SUBSTRING);

  // Open a product.
  const first = cards(page).first();
  await first.locator('.goods-card-link').click();
  await page.waitForURL(new RegExp(`/productDetails\\?sellerGoodsId=[^&]+&lang=${lang}`));
  const sellerGoodsId = new URL(page.url()).searchParams.get('sellerGoodsId') ?? '';
  // The goods page names it in the page's language (the search card showed the words that matched).
  const heading = page.getByRole('heading', { level: 1 }).and(page.locator('.product-name'));
  await heading.waitFor();
  const goodsName = (await heading.innerText()).trim();
  expect(goodsName).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /^[\x20-\x7e]+$/);
  // Leaving the search pages cleared the box.
  await expect.poll(() => box.inputValue()).toBe('');

  // Favourite it.
  const keep = page.locator('.action-keep');
  await expect(keep.getAttribute('aria-pressed')).resolves.toBe('false');
  await keep.click();
  await waitForToast(page, t('keep.added'));
  await page.locator('.action-keep[aria-pressed="true"]', { hasText: t('keep.saved') }).waitFor();

  // Follow its store from the shop card.
  const shop = page.locator('.shop-card');
  const storeName = (await shop.locator('h2').innerText()).trim();
  await shop.getByRole('button', { name: t('follow.follow') }).click();
  await waitForToast(page, t('follow.added'));
  await shop.locator('.follow-button[aria-pressed="true"]', { hasText: t('follow.following') }).waitFor();

  // Both in the user centre (the footer's favourites link, then the menu).
  await page.goto(server.url(`/userInfo/collect-goods?index=3&lang=${lang}`));
  await page.getByRole('heading', { level: 1, name: t('favourites.goodsTitle') }).waitFor();
  await page.locator('.goods-card', { hasText: goodsName }).waitFor();
  await page.locator('.user-centre-menu a[href*="/userInfo/collect-shop"]').click();
  await page.waitForURL(new RegExp(`/userInfo/collect-shop\\?lang=${lang}`));
  await page.getByRole('heading', { level: 1, name: t('favourites.storesTitle') }).waitFor();
  await page.locator('.store-card', { hasText: storeName }).waitFor();

  // The server agrees.
  const keeps = await asBuyer('/api/keepGoods/list', { pageNum: 1 });
  expect(keeps.data.pageList.map((g: { sellerGoodsId: string }) => g.sellerGoodsId)).toEqual([sellerGoodsId]);
  const follows = await asBuyer('/api/focus/seller/list', { pageNum: 1 });
  expect(follows.data.pageList.map((s: { name: string }) => s.name)).toEqual([storeName]);
  expect(errors).toEqual([]);
  await context.close();
}

describe('catalogue journey (issue 3 acceptance)', () => {
  it('home → category → Chinese substring search → product → favourite → follow → user centre, in English', async () => {
    await journey('en', 'desktop');
  }, 120_000);

  it('the same journey in Arabic, right to left', async () => {
    await journey('ar', 'desktop');
  }, 120_000);

  it('the same journey on a 360 px phone', async () => {
    await journey('en', 'phone');
  }, 120_000);
});

describe('catalogue behaviour', () => {
  it('sends a visitor who favourites or follows to sign in, with the way back', async () => {
    const found = await asVisitor('/api/search', { keyword: CHINESE_SUBSTRING });
    const goods = found.data.goodsList[0];
    const { context, page, errors } = await visitor();
    const path = `/productDetails?sellerGoodsId=${goods.sellerGoodsId}`;
    await page.goto(server.url(`${path}&lang=en`));
    await page.locator('.action-keep').click();
    await page.waitForURL(/\/login\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('redirect')).toBe(path);
    expect(back.searchParams.get('lang')).toBe('en');

    await page.goto(server.url(`/store?id=${goods.sellerId}&lang=ar`));
    await page.locator('.store-head .follow-button').click();
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/store?id=${goods.sellerId}`);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ar');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('header search: empty warns, stores when no goods match, the same keyword reuses the answer, suggestions, this store', async () => {
    const en = LANGS.en;
    const { context, page, errors } = await signedIn();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
    });
    await page.goto(server.url('/index?lang=en'));
    const box = page.locator('.search-box input');
    await box.waitFor();

    // Empty keyword: a warning, no search.
    await box.fill('   ');
    await box.press('Enter');
    await waitForToast(page, text(en.errors, 'ENTER_KEYWORD'));
    expect(searches).toHaveLength(0);

    // A store name that no goods carries: the store results open.
    const stores = await asVisitor('/api/seller/list', { pageSize: 1 });
    const storeName: string = stores.data.pageList[0].name;
    const storeWord = storeName.split(' ')[0] ?? storeName;
    const goodsForWord = await asVisitor('/api/search', { keyword: storeWord });
    await box.fill(storeWord);
    await box.press('Enter');
    expect(goodsForWord.data.goodsList, `no goods is named "${storeWord}" in the demo catalogue`).toEqual([]);
    await page.waitForURL(/\/searchStore\?k=/);
    // The URL changes first; the results page shows once its chunk is in (the home page behind
    // it has store cards too, so wait for the results heading).
    await page.locator('.search-keyword', { hasText: storeWord }).waitFor();
    await page.locator('.store-card', { hasText: storeName }).waitFor();
    expect(searches).toHaveLength(1);

    // Suggestions while typing; Enter on one opens the goods.
    await box.fill(CHINESE_SUBSTRING.slice(0, 2));
    const suggestion = page.locator('.suggest-item').first();
    await suggestion.waitFor();
    await expect(page.locator('.suggest-title').innerText()).resolves.toBe(
      text(en.shop, 'search.suggestions'),
    );
    await box.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toContain('suggest-item');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/productDetails\?sellerGoodsId=/);
    // The product page itself, and the box it clears on leaving search, before typing again.
    await page.locator('.purchase').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // The same keyword twice: the second search reuses the stored answer.
    await box.fill(CHINESE_SUBSTRING);
    await box.press('Enter');
    await page.waitForURL(/\/searchGoods\?k=/);
    await page.locator('.search-keyword', { hasText: CHINESE_SUBSTRING }).waitFor();
    const asked = searches.length;
    await page.locator('.header-nav a[href^="/index"]').click();
    await page.waitForURL(/\/index\?/);
    await expect.poll(() => box.inputValue()).toBe('');
    await box.fill(CHINESE_SUBSTRING);
    await box.press('Enter');
    await page.waitForURL(/\/searchGoods\?k=/);
    await page.locator('.search-keyword', { hasText: CHINESE_SUBSTRING }).waitFor();
    await cards(page).first().waitFor();
    expect(searches).toHaveLength(asked);

    // The history lists the keywords, newest first.
    // Pages are checked by what they show, not by every picture's load event (slow under load).
    await page.goto(server.url('/commodity?lang=en'), { waitUntil: 'domcontentloaded' });
    await box.click();
    await page.locator('.history-list').waitFor();
    const history = await page.locator('.history-list button').allInnerTexts();
    expect(history[0]).toBe(CHINESE_SUBSTRING);
    expect(history).toContain(storeWord);
    await page.keyboard.press('Escape');

    // On a store page the panel offers to search the store itself.
    const seller = (await asVisitor('/api/search', { keyword: CHINESE_SUBSTRING })).data.goodsList[0];
    await page.goto(server.url(`/store?id=${seller.sellerId}&lang=en`), { waitUntil: 'domcontentloaded' });
    await page.locator('.store-figures').waitFor();
    await box.fill(CHINESE_SUBSTRING);
    const inStore = page.locator('.suggest-store');
    await expect(inStore.innerText()).resolves.toBe(
      text(en.shop, 'search.inStore').replace('{{keyword}}', CHINESE_SUBSTRING),
    );
    await inStore.click();
    await page.waitForURL(/\/store\?id=[^&]+&.*k=/);
    // The store's unfiltered goods stay while the search loads: wait for the matching ones.
    await expect
      .poll(async () => {
        const names = await cards(page).locator('.goods-card-name').allInnerTexts();
        return names.length > 0 && names.every((name) => name.includes(CHINESE_SUBSTRING));
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('adds to the cart within the limits, says when it is already there, and buys now', async () => {
    const en = LANGS.en;
    const t = (key: string) => text(en.catalogue, key);
    const found = await asVisitor('/api/search', { keyword: CHINESE_SUBSTRING });
    const goods = found.data.goodsList[0];
    const info = (await asVisitor('/api/sellerGoods/info', { sellerGoodsId: goods.sellerGoodsId })).data;
    const { context, page, errors } = await signedIn();
    await page.goto(server.url(`/productDetails?sellerGoodsId=${goods.sellerGoodsId}&lang=en`));
    await page.locator('.purchase').waitFor();
    // maxBuy comes from the params at start.
    await expect(page.evaluate(() => localStorage.getItem('maxBuy'))).resolves.toBe('500');

    const add = page.getByRole('button', { name: t('buy.addToCart') });
    if (info.specs.length > 1) {
      // Without a specification nothing is added.
      await add.click();
      await waitForToast(page, text(en.errors, 'SELECT_SPECIFICATION'));
      await page.locator('.spec-option').first().click();
    }
    const quantity = page.getByLabel(t('buy.quantity'));
    await quantity.fill('100000');
    await quantity.blur();
    const stock = info.specs.length > 0 ? info.specs[0].stock : info.stock;
    await expect(quantity.inputValue()).resolves.toBe(String(Math.min(500, stock)));
    await quantity.fill('0');
    await quantity.blur();
    await expect(quantity.inputValue()).resolves.toBe(String(Math.max(1, info.buyMin)));
    await add.click();
    await waitForToast(page, t('buy.added'));
    await add.click();
    await waitForToast(page, text(en.errors, 'PRODUCT_ALREADY_IN_CART'));
    const lines = await page.evaluate(
      (usercode) => JSON.parse(localStorage.getItem(`cart:${usercode}`) ?? '[]'),
      buyerUser.usercode,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sellerGoodsId: goods.sellerGoodsId, checked: true });

    await page.getByRole('button', { name: t('buy.buyNow') }).click();
    await page.waitForURL(/\/settlement\?.*lang=en/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('filters, sorts and pages a category in the URL, and Back returns to the previous page', async () => {
    const en = LANGS.en;
    const t = (key: string) => text(en.catalogue, key);
    const { context, page, errors } = await signedIn();
    await page.goto(server.url('/commodity?lang=en'));
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: t('sort.price_asc') }).click();
    await page.waitForURL(/sort=price_asc/);
    await page.getByLabel(t('filters.minPrice')).fill('10');
    await page.getByLabel(t('filters.maxPrice')).fill('5');
    await page.getByRole('button', { name: t('filters.apply') }).click();
    await page.getByText(t('filters.priceOrder')).waitFor();
    await page.getByLabel(t('filters.maxPrice')).fill('50');
    await page.getByRole('button', { name: t('filters.apply') }).click();
    await page.waitForURL(/minPrice=10&maxPrice=50/);
    const prices = async () =>
      (await page.locator('.goods-card-price .price').allInnerTexts()).map((p) =>
        Number(p.replace(/[^0-9.]/g, '')),
      );
    // The previous page stays while the filtered one loads; wait for the filtered one.
    await expect.poll(async () => (await prices()).every((p) => p >= 10 && p <= 50)).toBe(true);
    const shown = await prices();
    expect(shown).toHaveLength(12);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
    await page.getByRole('button', { name: text(en.shop, 'pager.next') }).click();
    await page.waitForURL(/page=2/);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('catalogue pages, photographed', () => {
  it('every page in English and Arabic at 1440 px and 360 px', async () => {
    await resetKeepsAndFollows();
    const found = await asVisitor('/api/search', { keyword: CHINESE_SUBSTRING });
    const goods = found.data.goodsList[0];
    expect((await asBuyer('/api/keepGoods/add', { sellerGoodsId: goods.sellerGoodsId })).code).toBe(0);
    expect((await asBuyer('/api/focus/seller/add', { sellerId: goods.sellerId })).code).toBe(0);
    const category = (await asVisitor('/api/category!list.action')).data[0].categoryId;
    const k = encodeURIComponent(JSON.stringify(CHINESE_SUBSTRING));
    const pages: [name: string, path: string, ready: string][] = [
      ['home', '/index', '.goods-card:not(.is-skeleton)'],
      ['classification', `/classification?categoryId=${category}`, '.goods-card:not(.is-skeleton)'],
      ['commodity', '/commodity', '.goods-card:not(.is-skeleton)'],
      ['discounted', '/discounted', '.activity'],
      ['information', '/information', '.news-item'],
      ['product', `/productDetails?sellerGoodsId=${goods.sellerGoodsId}`, '.review'],
      ['store', `/store?id=${goods.sellerId}`, '.goods-card:not(.is-skeleton)'],
      ['search-goods', `/searchGoods?k=${k}`, '.goods-card:not(.is-skeleton)'],
      ['search-store', `/searchStore?k=${encodeURIComponent(goods.sellerName.slice(0, 3))}`, '.store-card'],
      [
        'search-result',
        `/searchResult?k=${encodeURIComponent(CHINESE_SUBSTRING)}`,
        '.goods-card:not(.is-skeleton)',
      ],
      ['collect-goods', '/userInfo/collect-goods?index=3', '.goods-card:not(.is-skeleton)'],
      ['collect-shop', '/userInfo/collect-shop', '.store-card'],
    ];
    for (const lang of ['en', 'ar'] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page, errors } = await signedIn(viewport);
        for (const [name, path, ready] of pages) {
          await page.goto(server.url(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`));
          await page.locator(ready).first().waitFor();
          await shoot(page, `${name}-${lang}-${VIEWPORTS[viewport].width}`);
        }
        // The panel under the header search, open with suggestions.
        await page.goto(server.url(`/store?id=${goods.sellerId}&lang=${lang}`));
        await page.locator('.store-figures').waitFor();
        await page.locator('.search-box input').fill(CHINESE_SUBSTRING.slice(0, 2));
        await page.locator('.suggest-item').first().waitFor();
        await animationsDone(page);
        await painted(page);
        await screenshot(page, `catalogue/search-panel-${lang}-${VIEWPORTS[viewport].width}`, false);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 600_000);
});
