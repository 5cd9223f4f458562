/**
 * The demo catalogue in the buyer's language (issue 28, item 5) in a real browser: the English home
 * and product pages show English goods names, descriptions and reviews, the Arabic ones Arabic
 * (no more Thai, Chinese or Arabic names on English pages); a seller enters an Arabic translation
 * in the console's goods form and Arabic buyers see it, while a German buyer sees the seller's
 * English words marked "Originaltext (English)". Pictures under .artifacts/screenshots/catalogue-language/.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../seed/generate.ts';
import { STARTER_CATALOGUE } from '../seed/seed.ts';
import {
  apiAs,
  launchBrowser,
  newPage,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  startServer,
  waitForToast,
} from './harness.ts';
import { consolePage } from './journeys.ts';
import { gradientPng } from './test-images.ts';

const locale = (ns: string, lang = 'en') =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${ns}/${lang}.json`, import.meta.url), 'utf8'),
  );
const seller = locale('console-seller');
const consoleTexts = locale('console');
const shopDe = locale('shop', 'de');

const ASCII = /^[\x20-\x7e]+$/;
const ARABIC = /\p{Script=Arabic}/u;
/** Scripts no English page should show in goods names. */
const FOREIGN = /[\p{Script=Han}\p{Script=Thai}\p{Script=Arabic}]/u;

/** The demo catalogue the server seeded at start (ids do not depend on the day). */
const demo = generateCatalogue({ ...STARTER_CATALOGUE, now: Date.now() });
const thaiGoods = demo.goods.find((g) => g.lang === 'th' && (g.status ?? 1) === 1);

describe('catalogue in the buyer language', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({}, { copyWeb: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const cardNames = async (page: Page) => {
    const names = page.locator('.goods-card-name');
    await names.first().waitFor();
    return (await names.allTextContents()).map((n) => n.trim());
  };

  it('shows English goods names on the English home page and Arabic ones on the Arabic', async () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await newPage(browser, viewport);
        await page.goto(server.url(`/index?lang=${lang}`));
        const names = await cardNames(page);
        expect(names.length).toBeGreaterThan(10);
        if (lang === 'en') expect(names.filter((n) => !ASCII.test(n))).toEqual([]);
        else expect(names.filter((n) => !ARABIC.test(n))).toEqual([]);
        // Every demo goods is translated: nothing to mark.
        expect(await page.getByTestId('original-mark').count()).toBe(0);
        expect(await noHorizontalOverflow(page)).toBe(true);
        await screenshot(page, `catalogue-language/home-${lang}-${viewport}`);
        await context.close();
      }
    }
  });

  it('shows a Thai seller’s goods page, its store and its reviews in English and in Arabic', async () => {
    expect(thaiGoods).toBeTruthy();
    const goods = thaiGoods as NonNullable<typeof thaiGoods>;
    for (const lang of ['en', 'ar'] as const) {
      const { context, page } = await newPage(browser, 'desktop');
      await page.goto(server.url(`/productDetails?sellerGoodsId=${goods.id}&lang=${lang}`));
      const title = page.locator('h1.product-name');
      await title.waitFor();
      const name = (await title.textContent())?.trim() ?? '';
      expect(name).toBe(goods.texts?.[lang]?.name);
      const description = (await page.locator('.product-description').textContent()) ?? '';
      if (lang === 'en') {
        expect(description).not.toMatch(FOREIGN);
        expect(description).toContain('Ships within 24 hours');
      } else {
        expect(description).toMatch(ARABIC);
        expect(description).not.toMatch(/\p{Script=Thai}/u);
      }
      const reviews = page.locator('.review-text');
      if ((await reviews.count()) > 0) {
        for (const text of await reviews.allTextContents()) {
          if (text.trim() === '') continue;
          if (lang === 'en') expect(text).toMatch(ASCII);
          else expect(text).toMatch(ARABIC);
        }
      }
      expect(await page.getByTestId('original-mark').count()).toBe(0);
      await screenshot(page, `catalogue-language/product-${lang}`);

      await page.goto(server.url(`/store?id=${goods.sellerId}&lang=${lang}`));
      const intro = page.locator('.store-description');
      await intro.waitFor();
      const text = (await intro.textContent()) ?? '';
      if (lang === 'en') expect(text).toMatch(/^Wholesale and retail supplier of /);
      else expect(text).toMatch(ARABIC);
      const names = await cardNames(page);
      if (lang === 'en') expect(names.filter((n) => !ASCII.test(n))).toEqual([]);
      await screenshot(page, `catalogue-language/store-${lang}`);
      await context.close();
    }
  });

  it('shows a translation the seller entered in the goods form; other languages get the original, marked', async () => {
    const login = await apiAs(server, undefined)('/api/login', {
      username: 'demoseller',
      password: 'Demo#2026',
    });
    const who = { token: login.data.token, user: login.data.user };
    const { context, page } = await consolePage(browser, who, 'en');
    page.on('pageerror', (e) => console.error('page error:', e.message));
    const run = Date.now().toString(36);
    const englishName = `Reading lamp ${run}`;
    await page.goto(server.url('/console/seller/goods'));
    await page.getByTestId('goods-create').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(seller.goods.name).first().fill(englishName);
    await drawer.getByLabel(seller.goods.description).first().fill('A warm lamp for reading at night.');
    await drawer.getByLabel(seller.goods.category).first().click();
    await page.getByRole('option').first().click();
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: gradientPng() });
    await expect.poll(() => drawer.locator('img').count()).toBe(1);
    await drawer.getByLabel(seller.goods.sellingPrice).fill('25');
    await drawer.getByLabel(seller.goods.stock).first().fill('8');
    await drawer.getByRole('button', { name: seller.goods.addTranslation }).click();
    await drawer.getByTestId('translation-lang-0').click();
    await page.getByRole('option', { name: 'العربية', exact: true }).click();
    await drawer.getByTestId('translation-name-0').fill(`مصباح قراءة ${run}`);
    await drawer.getByTestId('translation-description-0').fill('مصباح دافئ للقراءة ليلًا.');
    await screenshot(page, 'catalogue-language/console-goods-form', false);
    await drawer.getByRole('button', { name: consoleTexts.common.save }).click();
    await waitForToast(page, seller.goods.created);
    await context.close();

    const asSeller = apiAs(server, who.token);
    const created = (await asSeller('/api/admin/seller/goods/list', { keyword: englishName })).data
      .pageList[0];
    const detail = (await asSeller('/api/admin/seller/goods/info', { sellerGoodsId: created.sellerGoodsId }))
      .data;
    expect(detail).toMatchObject({
      lang: 'en',
      translations: [{ lang: 'ar', name: `مصباح قراءة ${run}`, description: 'مصباح دافئ للقراءة ليلًا.' }],
    });
    expect(
      (
        await asSeller('/api/admin/seller/goods/shelf', {
          sellerGoodsId: created.sellerGoodsId,
          onShelf: true,
        })
      ).code,
    ).toBe(0);

    const shop = await newPage(browser, 'desktop');
    const path = `/productDetails?sellerGoodsId=${created.sellerGoodsId}`;
    await shop.page.goto(server.url(`${path}&lang=ar`));
    const title = shop.page.locator('h1.product-name');
    await expect.poll(async () => (await title.textContent())?.trim()).toBe(`مصباح قراءة ${run}`);
    expect(await shop.page.locator('.product-description').textContent()).toBe('مصباح دافئ للقراءة ليلًا.');
    expect(await shop.page.getByTestId('original-mark').count()).toBe(0);
    await screenshot(shop.page, 'catalogue-language/seller-translation-ar');

    await shop.page.goto(server.url(`${path}&lang=de`));
    await expect.poll(async () => (await title.textContent())?.trim()).toBe(englishName);
    const marks = shop.page.getByTestId('original-mark');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    expect(await marks.first().textContent()).toBe(
      shopDe.originalText.replace('{{language}}', '\u2068English\u2069'),
    );
    await screenshot(shop.page, 'catalogue-language/seller-original-de');
    await shop.context.close();
  });
});
