/**
 * The wallet statement (issue 26) in a real browser: after a deposit and an order paid from the
 * wallet, /userInfo/money-package lists both with their balance after, shows opening + in − out =
 * closing equal to the balance, filters by type, and exports the CSV; in English and Arabic (right
 * to left) at 1440 px and 360 px without sideways scrolling, photographed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  launchBrowser,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  settled,
  startServer,
} from './harness.ts';
import {
  type Api,
  addAddress,
  deposit,
  locale,
  ok,
  orderAndPay,
  type StorefrontUser,
  signIn,
  storefrontPage,
} from './journeys.ts';

const en = locale('statement', 'en');
const ar = locale('statement', 'ar');

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let orderSerial = '';

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  await deposit(server, buyer, '500.25');
  const addressId = await addAddress(asBuyer);
  const list = ok(await asBuyer('/api/sellerGoods/list', { pageNum: 1, pageSize: 60, sort: 'price_asc' }));
  for (const g of list.pageList as { sellerGoodsId: string; price: string; buyMin: number }[]) {
    const info = ok(await asBuyer('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
    if (info.specs.length > 0 || info.stock < 5 || g.buyMin > 1 || Number(g.price) > 200) continue;
    orderSerial = (await orderAndPay(asBuyer, addressId, [{ sellerGoodsId: g.sellerGoodsId, count: 1 }]))
      .serialNo;
    break;
  }
  expect(orderSerial).not.toBe('');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('lists the deposit and the order payment and reconciles to the balance', async () => {
  const statement = ok(await asBuyer('/api/wallet/statement', {}));
  const balance = ok(await asBuyer('/api/wallet/usdt', {}));
  expect(statement.closing.balance).toBe(balance.balance);
  const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser });
  await page.goto(server.url('/userInfo/money-package?lang=en'));
  await page.getByRole('heading', { name: en.title }).waitFor();
  const rows = page.getByTestId('statement-row');
  await expect.poll(() => rows.count()).toBe(2);
  await expect.poll(() => rows.nth(0).textContent()).toContain(en.type.order_payment);
  expect(await rows.nth(0).textContent()).toContain(orderSerial);
  expect(await rows.nth(1).textContent()).toContain(en.type.deposit);
  expect(await rows.nth(1).textContent()).toContain('500.25');
  // The chain deposit's transaction hash, linked to the configured explorer (Tronscan by default).
  const hash = statement.pageList.find((r: { type: string }) => r.type === 'deposit').txHash as string;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const tx = rows.nth(1).getByTestId('statement-tx').getByRole('link');
  expect(await tx.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${hash}`);
  expect(await tx.textContent()).toBe(`${hash.slice(0, 8)}…${hash.slice(-6)}`);
  expect(await page.getByTestId('statement-summary').textContent()).toContain(
    en.rule.length > 0 ? en.opening : '',
  );
  const closing = (await page.getByTestId('statement-closing').textContent()) ?? '';
  expect(closing.replace(/[^0-9.]/g, '')).toBe(Number(balance.balance).toFixed(2));

  // The type filter narrows the rows; the balances stay the wallet's.
  await page.getByTestId('statement-type').selectOption('deposit');
  await expect.poll(() => rows.count()).toBe(1);
  await page.getByTestId('statement-type').selectOption('');

  // The CSV: the opening line, both movements oldest first, the closing line.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en.export }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(5);
  expect(lines[2]).toContain(en.type.deposit);
  expect(lines[3]).toContain(en.type.order_payment);
  expect(lines[4]).toContain(`,${balance.balance},`);
  await settled(page);
  await screenshot(page, 'wallet-statement-en-1440');
  expect(await noHorizontalOverflow(page)).toBe(true);
  await context.close();
}, 60_000);

it('refuses to cancel the account while the paid order is in progress, naming it', async () => {
  const refused = await asBuyer('/api/user!logoff.action', { password: 'Demo#2026' });
  expect(refused.key).toBe('CANCEL_WITH_ORDERS');
  expect(refused.msg).toMatch(/order/i);
});

it('reads right to left in Arabic and fits 360 px', async () => {
  for (const [lang, texts] of [
    ['ar', ar],
    ['en', en],
  ] as const) {
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, 'phone');
    await page.goto(server.url(`/userInfo/money-package?lang=${lang}`));
    await page.getByRole('heading', { name: texts.title }).waitFor();
    await expect.poll(() => page.getByTestId('statement-row').count()).toBe(2);
    if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settled(page);
    await screenshot(page, `wallet-statement-${lang}-360`);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await context.close();
  }
}, 60_000);
