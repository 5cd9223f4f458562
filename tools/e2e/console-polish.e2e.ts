/**
 * Issue 28's console items in a real browser: the seller's goods form has the long-distance fee
 * (freight = dispatch + distance + delivery, SPEC §9), saved, shown again when edited, checked like
 * the other fees; and the tab names the section shown. Screenshots of the form in English and
 * Arabic at 1440 and 360 px under .artifacts/screenshots/polish/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
  waitForToast,
} from './harness.ts';
import { consolePage, locale, ok, signIn } from './journeys.ts';
import { gradientPng } from './test-images.ts';

const en = locale('console-seller', 'en');
const ar = locale('console-seller', 'ar');
const enConsole = locale('console', 'en');
const errors = locale('errors', 'en');
const run = Date.now().toString(36);

let server: RunningServer;
let browser: Browser;
let seller: { token: string; user: unknown };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const signedIn = await signIn(server, 'demoseller');
  seller = { token: signedIn.token, user: signedIn.me };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('console goods form', () => {
  it('saves the long-distance fee, shows it when editing, and refuses a bad one like the other fees', async () => {
    const asSeller = apiAs(server, seller.token);
    const { context, page } = await consolePage(browser, seller);
    await page.goto(server.url('/console/seller/goods'));
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${enConsole.nav.goods} - `));
    await page.getByTestId('goods-create').click();
    const drawer = page.getByRole('dialog');
    const name = `Desk fan ${run}`;
    await drawer.getByLabel(en.goods.name).first().fill(name);
    await drawer.getByLabel(en.goods.category).first().click();
    await page.getByRole('option').first().click();
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'fan.png', mimeType: 'image/png', buffer: gradientPng() });
    await expect.poll(() => drawer.locator('img').count()).toBe(1);
    await drawer.getByLabel(en.goods.sellingPrice).fill('30');
    await drawer.getByLabel(en.goods.stock).first().fill('4');
    await drawer.getByLabel(en.goods.dispatchFee).fill('1.5');
    await drawer.getByLabel(en.goods.deliveryFee).fill('2');
    const distance = drawer.getByLabel(en.goods.distanceFee);
    // Refused like the other fees: nothing is created.
    await distance.fill('-3');
    const refused = page.waitForResponse((r) => r.url().includes('/api/admin/seller/goods/create'));
    await drawer.getByRole('button', { name: enConsole.common.save }).click();
    const reply = await (await refused).json();
    expect(reply.code).not.toBe(0);
    // The reason is shown from the one error catalogue, and the form stays open.
    await page.getByText(errors[reply.key], { exact: false }).first().waitFor();
    expect(await drawer.isVisible()).toBe(true);
    expect(ok(await asSeller('/api/admin/seller/goods/list', { keyword: name })).pageList).toEqual([]);
    await distance.fill('3.25');
    await screenshot(page, 'polish/console-goods-form-en-1440', false);
    await drawer.getByRole('button', { name: enConsole.common.save }).click();
    await waitForToast(page, en.goods.created);
    const [row] = ok(await asSeller('/api/admin/seller/goods/list', { keyword: name })).pageList;
    const detail = ok(await asSeller('/api/admin/seller/goods/info', { sellerGoodsId: row.sellerGoodsId }));
    expect(detail).toMatchObject({ dispatchFee: '1.5', distanceFee: '3.25', deliveryFee: '2' });
    // Shown again in the editor.
    await page.locator('tr', { hasText: name }).getByRole('button', { name: enConsole.common.edit }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByLabel(en.goods.distanceFee).inputValue())
      .toBe('3.25');
    await context.close();
  }, 90_000);

  for (const [lang, texts] of [
    ['en', en],
    ['ar', ar],
  ] as const)
    it(`shows the field at 360 px (${lang})`, async () => {
      const { context, page } = await consolePage(browser, seller, lang, 'phone');
      await page.goto(server.url('/console/seller/goods'));
      await page.getByTestId('goods-create').click();
      const field = page.getByRole('dialog').getByLabel(texts.goods.distanceFee);
      await field.scrollIntoViewIfNeeded();
      const box = await field.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await screenshot(page, `polish/console-goods-form-${lang}-360`, false);
      await context.close();
    }, 60_000);
});
