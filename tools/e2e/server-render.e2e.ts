/**
 * The catalogue pages rendered on the server (issue 27): real HTML with the data embedded, the
 * language and direction from the first byte, honest statuses and caching, and a browser that
 * hydrates it without asking again, without errors and without anything moving.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getWithHost,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

let server: RunningServer;
let browser: Browser;
let goodsId: string;
let storeId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const list = (await (await fetch(server.url('/api/sellerGoods/list?pageSize=1&lang=en'))).json()) as {
    data: { pageList: { sellerGoodsId: string; sellerId: string }[] };
  };
  goodsId = list.data.pageList[0]?.sellerGoodsId ?? '';
  storeId = list.data.pageList[0]?.sellerId ?? '';
  expect(goodsId).not.toBe('');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, host = 'localhost') =>
  getWithHost(server, path, host, headers);

/** The HTML inside <div id="root">…</div>, as sent. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="ssr-state"');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('server-rendered catalogue pages', () => {
  it('sends every catalogue page as HTML with its content and data, and no inline script', async () => {
    const pages: [string, string][] = [
      ['/index', 'Recommended products'],
      ['/classification', 'Electronics'],
      ['/commodity', 'sold'],
      ['/discounted', 'sold'],
      [`/productDetails?sellerGoodsId=${goodsId}`, 'Description'],
      [`/store?id=${storeId}`, 'Followers'],
      ['/searchResult?k=bag', 'bag'],
      ['/searchGoods?k=bag', 'bag'],
      ['/searchStore?k=a', 'Store'],
    ];
    for (const [path, text] of pages) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const root = rootOf(res.body);
      expect(root.length, path).toBeGreaterThan(2000);
      expect(root, path).toContain(text);
      expect(res.body, path).toContain('<script id="ssr-state" type="application/json">');
      // The page's own style sheets are linked files beside the entry's (cached), not inlined.
      expect(res.body, path).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/kit-[\w-]+\.css">/);
      expect(res.body, path).not.toContain('<style data-href');
      // React's streaming swaps must not be in the page: the CSP allows no inline script but the
      // loader, by its hash. The loader replaced the entry's tag and names the page's own chunks.
      expect(res.body, path).not.toMatch(/<script>|\$RC\(/);
      expect(res.body, path).not.toContain('<script type="module"');
      const loaders = [
        ...res.body.matchAll(/<script data-entry="([^"]+)" data-chunks="([^"]*)">([\s\S]*?)<\/script>/g),
      ];
      expect(loaders.length, path).toBe(1);
      const [, entry, chunks, code] = loaders[0] as RegExpMatchArray;
      expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect((chunks as string).split(' '), path).toContainEqual(
        expect.stringMatching(/^\/assets\/kit-[\w-]+\.js$/),
      );
      const hash = createHash('sha256')
        .update(code as string)
        .digest('base64');
      expect(String(res.headers['content-security-policy']), path).toContain(
        `script-src 'self' 'sha256-${hash}'`,
      );
    }
    // The first screen of a list loads its pictures at once (a lazy one waits for layout), the rest lazily.
    const results = rootOf((await get('/searchResult?k=bag')).body);
    const loading = [...results.matchAll(/<img [^>]*>/g)]
      .map((m) => /loading="(\w+)"/.exec(m[0])?.[1])
      .filter(Boolean);
    expect(loading.slice(0, 6)).toEqual(Array(6).fill('eager'));
    expect(loading.slice(6).every((l) => l === 'lazy')).toBe(true);
  });

  it('paints in the asked language and direction from the first byte', async () => {
    const arabic = await get(`/productDetails?sellerGoodsId=${goodsId}&lang=ar`);
    expect(arabic.body).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl"/);
    expect(arabic.headers['cache-control']).toContain('public');
    // From the cookie the storefront keeps: only for this browser.
    const byCookie = await get('/index', { cookie: 'theme=x; lang=th' });
    expect(byCookie.body).toMatch(/<html lang="th" dir="ltr"/);
    expect(byCookie.headers.vary).toContain('cookie');
    expect(byCookie.headers['cache-control']).toContain('private');
    // A brand that hides Chinese answers in English rather than in a language it does not offer.
    const hidden = await get('/index?lang=zh-CN', {}, 'orchardway.localhost');
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatch(/<html lang="en" dir="ltr"/);
    const shown = await get('/index?lang=zh-CN');
    expect(shown.body).toMatch(/<html lang="zh-CN" dir="ltr"/);
  });

  it('answers 404 with the storefront around it for what does not exist, and never fails on a bad query', async () => {
    for (const path of [
      '/productDetails?sellerGoodsId=01NOSUCHGOODS0000000000000',
      '/productDetails',
      '/store?id=01NOSUCHSTORE0000000000000',
      '/productDetails?sellerGoodsId=%E0%A4%A&lang=%ZZ',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toContain('class="site-header');
      expect(res.body, path).toContain('class="site-footer');
    }
    const odd = await get('/searchResult?k=%25%00%FF&pageNum=-3&sort=nonsense');
    expect(odd.status).toBe(200);
    expect(odd.body).toContain('class="site-footer');
  });

  it('is compressed and revalidated by its ETag', async () => {
    const first = await get('/index', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/index', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const arabic = await get('/index?lang=ar');
    expect(arabic.headers.etag).not.toBe(etag);
  });
});

/** Layout shifts the page has had so far (the CLS a user feels), read from the browser. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/**
 * Counts the server-rendered elements the app throws away once the HTML is parsed: a hydration keeps
 * them all. (React replaces a part's HTML with a fresh render when it cannot hydrate it in time.)
 */
async function countReplacedElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const replaced: string[] = [];
    (window as unknown as { replacedElements: string[] }).replacedElements = replaced;
    new MutationObserver((records) => {
      if (document.readyState === 'loading') return;
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && record.target instanceof Element && record.target.closest('#root'))
            replaced.push(`${node.tagName}.${node.className}`);
    }).observe(document, { childList: true, subtree: true });
  });
}

const replacedElements = (page: Page) =>
  page.evaluate(() => (window as unknown as { replacedElements: string[] }).replacedElements);

describe('hydration in a browser', () => {
  for (const [lang, viewport] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    it(`${lang} at ${viewport}: the product page hydrates from the embedded data, with no error and no shift`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await countReplacedElements(page);
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(server.url(`/productDetails?sellerGoodsId=${goodsId}&lang=${lang}`), {
        waitUntil: 'networkidle',
      });
      expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      // The data came with the page: the browser did not ask for it again.
      expect(asked).not.toContain('/api/sellerGoods/info');
      // Each style sheet once: linked by the server, not fetched again when the page's chunk loads.
      const sheets = asked.filter((path) => path.endsWith('.css'));
      expect(sheets.length).toBeGreaterThan(1);
      expect(new Set(sheets).size).toBe(sheets.length);
      expect(problems).toEqual([]);
      // The scripts were asked for only after the first paint: the page needs none to be seen.
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => e.startTime),
      }));
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(1);
      for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
      expect(await replacedElements(page)).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
      // Hydrated: the quantity stepper answers.
      const quantity = page.locator('.product-quantity .qty input');
      const before = await quantity.inputValue();
      await page.locator('.product-quantity .qty button').last().click();
      await expect.poll(() => quantity.inputValue()).not.toBe(before);
      await screenshot(page, `ssr-product-${lang}-${viewport}`);
      await context.close();
    });
  }

  it('the home page and search results hydrate with no error and no shift at phone width', async () => {
    for (const path of ['/index?lang=en', '/searchResult?k=bag&lang=en', `/store?id=${storeId}&lang=ar`]) {
      const { context, page } = await newPage(browser, 'phone');
      await countReplacedElements(page);
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(server.url(path), { waitUntil: 'networkidle' });
      expect(problems, path).toEqual([]);
      // Hydrated in place: not one block of the server's HTML was drawn again.
      expect(await replacedElements(page), path).toEqual([]);
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
      await context.close();
    }
  });

  it('keeps navigating inside the app after hydration (links, back)', async () => {
    const { context, page } = await newPage(browser, 'desktop');
    await page.goto(server.url('/index?lang=en'), { waitUntil: 'networkidle' });
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents += 1;
    });
    await page.locator('.goods-card-link').first().click();
    await page.waitForURL(/productDetails/);
    await page.locator('.product-quantity').waitFor();
    await page.goBack();
    await page.waitForURL(/\/index/);
    await page.locator('.home-categories').waitFor();
    expect(documents).toBe(0);
    await context.close();
  });
});
