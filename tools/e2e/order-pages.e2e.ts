/**
 * The buyer's side of issue 6 in a real browser: the demo buyer gets money through a recharge claim
 * that finance approves and an address; fills the cart from two stores (local storage under
 * `cart:<usercode>`, the shape of lib/cart.ts), checks out, pays from the wallet; the sellers' side
 * ships through the API (an admin, who may act on every order of the brand); the buyer tracks,
 * confirms receipt and reviews with pictures; another order is cancelled with a reason and a third
 * refunded (the admin approves). The balance is then exact and the ledger audit passes. Every page
 * is photographed in English and Arabic at 1440 px and 360 px.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  waitForToast,
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
} from './journeys.ts';
import { goodsPhotoPng } from './test-images.ts';

const en = locale('orders', 'en');
const ar = locale('orders', 'ar');
const errorsEn = locale('errors', 'en');
const catalogueEn = locale('catalogue', 'en');
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

// --- money, exactly (bigint units at 10^10), as the server counts it -------------------------------
const SCALE = 10n ** 10n;
function units(text: string): bigint {
  const [w = '0', f = ''] = text.split('.');
  return BigInt(w) * SCALE + BigInt(f.padEnd(10, '0').slice(0, 10) || '0');
}
function text(u: bigint): string {
  const f = (u % SCALE).toString().padStart(10, '0').replace(/0+$/, '');
  return f ? `${u / SCALE}.${f}` : `${u / SCALE}`;
}

const photo = (n: number) => ({ name: `photo-${n}.png`, mimeType: 'image/png', buffer: goodsPhotoPng(n) });

interface Goods {
  sellerGoodsId: string;
  sellerId: string;
  sellerName: string;
  name: string;
  price: string;
  discountPrice: string | null;
  buyMin: number;
  imgUrl1: string;
}
interface CartLine {
  Identifier: string;
  sellerGoodsId: string;
  name: string;
  seller: { id: string; name: string };
  price: string;
  count: number;
  buyMin: number;
  checkAttrName: string;
  imgUrl1: string;
  checked: boolean;
}

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let asFinance: Api;
let asAdmin: Api;
let addressId: string;
/** Goods without specifications from three stores (two for the journey's cart, one more). */
let goods: Goods[] = [];
const state: {
  journey: string[];
  cancelled?: string;
  refunded?: string;
  paidForShots?: string;
  reviewable?: string;
} = { journey: [] };

const lineOf = (g: Goods, count = 1): CartLine => ({
  Identifier: g.sellerGoodsId,
  sellerGoodsId: g.sellerGoodsId,
  name: g.name,
  seller: { id: g.sellerId, name: g.sellerName },
  price: g.discountPrice ?? g.price,
  count: Math.max(count, g.buyMin),
  buyMin: g.buyMin,
  checkAttrName: '',
  imgUrl1: g.imgUrl1,
  checked: true,
});
const balance = async () => units((ok(await asBuyer('/api/wallet/usdt')) as { available: string }).available);

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  asFinance = apiAs(server, await loginAs(server, 'demofinance'));
  asAdmin = apiAs(server, await loginAs(server, 'demoadmin'));
  // Money through the real flow: a deposit claim with a proof, approved by finance.
  await deposit(server, buyer, '5000', { finance: asFinance });
  addressId = await addAddress(asBuyer);

  // Goods without specifications, priced under 200, from three different stores.
  const page = ok(await asBuyer('/api/sellerGoods/list', { pageNum: 1, pageSize: 60, sort: 'price_asc' }));
  const stores = new Set<string>();
  for (const g of page.pageList as Goods[]) {
    if (stores.has(g.sellerId) || units(g.price) > units('200') || units(g.price) === 0n) continue;
    const info = ok(await asBuyer('/api/sellerGoods/info', { sellerGoodsId: g.sellerGoodsId }));
    if (info.specs.length > 0 || info.stock < 20 || g.buyMin > 2) continue;
    stores.add(g.sellerId);
    goods.push(g);
    if (goods.length === 4) break;
  }
  expect(goods.length).toBe(4);
  goods = goods.slice(0, 4);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page (token and userInfo in local storage), with a cart when given. */
async function signedIn(
  viewport: 'desktop' | 'phone' = 'desktop',
  cart?: CartLine[],
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript(
    ({ token, user, cart: lines }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('userInfo', JSON.stringify(user));
      // Only on the first load: later reloads keep what the page did to the cart.
      if (lines && !window.sessionStorage.getItem('cart-seeded')) {
        window.localStorage.setItem(`cart:${user.usercode}`, JSON.stringify(lines));
        window.sessionStorage.setItem('cart-seeded', '1');
      }
    },
    { token: buyer, user: buyerUser, cart: cart ?? null },
  );
  // Fail at the step that waits, not at the test's time-out.
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * What sticks out past the viewport (empty when nothing does). A phone context (isMobile) widens its
 * layout viewport to fit wide content, so the check is against the configured width, not innerWidth.
 */
const overflowing = (page: Page) =>
  page.evaluate((width) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}`);
    // Inside a scroller (the user centre's menu, the order tabs) sticking out is how it scrolls.
    const scrolls = (el: Element | null): boolean =>
      !!el &&
      el !== document.body &&
      (/auto|scroll|hidden|clip/.test(getComputedStyle(el).overflowX) || scrolls(el.parentElement));
    for (const el of document.querySelectorAll('body *')) {
      if (scrolls(el.parentElement)) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 1 || box.left < -1) && out.length < 6)
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
    }
    return out;
  }, page.viewportSize()?.width ?? 0);

/** Ready for a full-page screenshot: at the top, fonts and images loaded, transitions done. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Lazy pictures below the fold never load until scrolled to: wait a little, not for ever.
    const loaded = Promise.all(
      [...document.images].map((img) =>
        img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 3000))]);
  });
  await page.waitForTimeout(350);
}

const cartOf = (page: Page) =>
  page.evaluate(
    (code) => JSON.parse(localStorage.getItem(`cart:${code}`) ?? '[]'),
    buyerUser.usercode,
  ) as Promise<CartLine[]>;

async function ship(orderId: string, n: number): Promise<void> {
  ok(
    await asAdmin('/api/admin/orders/ship', {
      orderId,
      carrier: 'DHL Express',
      trackingNo: `JD01459${n}7732`,
      content: 'Picked up by the carrier',
      location: 'Shenzhen, CN',
    }),
  );
  ok(
    await asAdmin('/api/admin/orders/logistics/add', {
      orderId,
      carrier: 'DHL Express',
      trackingNo: `JD01459${n}7732`,
      content: 'Departed the international hub',
      location: 'Hong Kong',
    }),
  );
  ok(
    await asAdmin('/api/admin/orders/logistics/add', {
      orderId,
      carrier: 'DHL Express',
      trackingNo: `JD01459${n}7732`,
      content: 'Out for delivery',
      location: 'Dubai, AE',
    }),
  );
}

describe('order pages', () => {
  it('cart drawer: floating button on the SPEC routes, steppers within limits, removal, checkout', async () => {
    const [a, b] = goods as [Goods, Goods];
    const extra = goods[2]!;
    const { context, page } = await signedIn('desktop', [lineOf(a, 2), lineOf(b, 1), lineOf(extra, 1)]);
    await page.goto(server.url('/index?lang=en'));
    const fab = page.getByRole('button', { name: fill(en.cart.openWithCount, { count: 3 }) });
    await fab.waitFor();
    // Not on pages outside the SPEC list.
    await page.goto(server.url('/userInfo/my-order?lang=en'));
    await page.getByRole('heading', { level: 1, name: en.list.title }).waitFor();
    expect(await page.locator('.cart-fab').count()).toBe(0);
    await page.goto(server.url('/index?lang=en'));
    await fab.click();
    await page.getByRole('dialog', { name: fill(en.cart.titleWithCount, { count: 3 }) }).waitFor();
    const drawer = page.locator('.cart-drawer');
    // Page scrolling is locked while the drawer is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // All lines start checked; stores group them.
    expect(await drawer.locator('.cart-store').count()).toBe(3);
    expect(await drawer.locator('.cart-line input[type=checkbox]:checked').count()).toBe(3);
    await settled(page);
    await screenshot(page, 'orders/cart-drawer-en-1440', false);

    // Quantity: + and typed values, clamped to buyMin..500.
    const qty = drawer.getByRole('group', { name: fill(en.cart.quantityOf, { name: a.name }) });
    await qty.getByRole('button', { name: en.cart.increase }).click();
    await expect
      .poll(async () => (await cartOf(page)).find((l) => l.Identifier === a.sellerGoodsId)?.count)
      .toBe(3);
    const input = qty.getByRole('textbox', { name: en.cart.quantity });
    await input.fill('9999');
    await input.press('Enter');
    await drawer.getByText(fill(en.cart.maxNote, { max: 500 })).waitFor();
    await expect
      .poll(async () => (await cartOf(page)).find((l) => l.Identifier === a.sellerGoodsId)?.count)
      .toBe(500);
    await input.fill('0');
    await input.press('Enter');
    await expect
      .poll(async () => (await cartOf(page)).find((l) => l.Identifier === a.sellerGoodsId)?.count)
      .toBe(Math.max(1, a.buyMin));
    await input.fill('2');
    await input.press('Tab');
    await expect
      .poll(async () => (await cartOf(page)).find((l) => l.Identifier === a.sellerGoodsId)?.count)
      .toBe(2);

    // Remove the third store's line, after a confirmation (a "no" first).
    const removeExtra = drawer.getByRole('button', { name: fill(en.cart.removeLine, { name: extra.name }) });
    await removeExtra.click();
    await page
      .getByRole('dialog', { name: en.cart.removeTitle })
      .getByRole('button', { name: 'Cancel' })
      .click();
    expect((await cartOf(page)).length).toBe(3);
    await removeExtra.click();
    await page
      .getByRole('dialog', { name: en.cart.removeTitle })
      .getByRole('button', { name: en.cart.remove })
      .click();
    await expect.poll(async () => (await cartOf(page)).length).toBe(2);

    // Nothing checked: "no product selected".
    const all = drawer.getByRole('checkbox', { name: en.cart.checkAll });
    await all.uncheck();
    await drawer.getByRole('button', { name: en.cart.checkout }).click();
    await waitForToast(page, errorsEn.NO_PRODUCT_SELECTED);
    expect(new URL(page.url()).pathname).toBe('/index');
    await all.check();
    expect(await drawer.locator('.cart-line input[type=checkbox]:checked').count()).toBe(2);

    // Escape closes it; the button opens it again; checkout goes to /settlement.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // The button counts the lines left.
    await page.getByRole('button', { name: fill(en.cart.openWithCount, { count: 2 }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.cart.checkout }).click();
    await page.waitForURL(/\/settlement\?.*lang=en/);
    await context.close();
  }, 120_000);

  it('fills the cart from two stores on their product pages, checks out, pays from the wallet', async () => {
    const [a, b] = goods as [Goods, Goods];
    const before = await balance();
    const { context, page } = await signedIn('desktop', []);
    // The product page's own "add to cart" (the catalogue's page), for two stores' goods.
    for (const g of [a, b]) {
      await page.goto(server.url(`/productDetails?sellerGoodsId=${g.sellerGoodsId}&lang=en`));
      await page.getByRole('button', { name: catalogueEn.buy.addToCart }).click();
      await waitForToast(page, catalogueEn.buy.added);
    }
    expect((await cartOf(page)).map((l) => l.sellerGoodsId)).toEqual([a.sellerGoodsId, b.sellerGoodsId]);
    // One more of the first, in the drawer; then checkout.
    await page.getByRole('button', { name: fill(en.cart.openWithCount, { count: 2 }) }).click();
    const drawer = page.locator('.cart-drawer');
    await drawer
      .getByRole('group', { name: fill(en.cart.quantityOf, { name: a.name }) })
      .getByRole('button', { name: en.cart.increase })
      .click();
    const countA = Math.max(1, a.buyMin) + 1;
    await expect.poll(async () => (await cartOf(page))[0]?.count).toBe(countA);
    await drawer.getByRole('button', { name: en.cart.checkout }).click();
    await page.waitForURL(/\/settlement\?.*lang=en/);
    await page.getByRole('heading', { level: 1, name: en.checkout.title }).waitFor();
    // The default address is preselected; the lines are grouped by store with their piece counts.
    // (The list arrives after the heading; the default is chosen as it lands.)
    await expect.poll(() => page.getByRole('radio', { name: /Amina Haddad/ }).isChecked()).toBe(true);
    await page.getByText(a.sellerName).first().waitFor();
    await page.getByText(fill(en.checkout.checkTotal, { count: countA })).waitFor();
    await page.getByRole('textbox', { name: en.checkout.remark }).fill('Please pack the two items together.');
    // Issue 28: the server's quote shows freight, fees and the amount to pay before anything exists.
    const quotedTotal = page.locator('.settlement-summary .orders-grand-total .orders-money');
    await quotedTotal.waitFor();
    await page.locator('.settlement-summary').getByText(en.amounts.freightParts).first().waitFor();
    expect(await page.locator('.settlement-summary .orders-placed-order').count()).toBe(2);
    await expect
      .poll(async () => (await asBuyer('/api/order/list', { status: 'pay', pageNum: 1 })).data.pageInfo.total)
      .toBe(0);
    const quoted = (await quotedTotal.textContent()) ?? '';
    await settled(page);
    await screenshot(page, 'orders/settlement-en-1440');

    // A double click places the orders once (the submission key is reused).
    const place = page.getByRole('button', { name: en.checkout.placeOrder });
    await place.dblclick();
    await page.getByRole('heading', { name: en.checkout.placedTitle }).waitFor();
    const pending = ok(await asBuyer('/api/order/list', { status: 'pay', pageNum: 1 }));
    expect(pending.pageInfo.total).toBe(2);
    state.journey = pending.pageList.map((o: { id: string }) => o.id);
    const orders = pending.pageList as { total: string; freight: string; serialNo: string }[];
    const payable = orders.reduce((s, o) => s + units(o.total), 0n);
    // The summary shows the server's amounts.
    for (const o of orders) await page.getByText(o.serialNo).waitFor();
    const shownTotal = await page.locator('.orders-grand-total .orders-money').textContent();
    expect(shownTotal?.replace(/,/g, '')).toContain(
      text(payable).includes('.') ? text(payable) : `${text(payable)}.00`,
    );
    // The order charges what the quote showed.
    expect(shownTotal).toBe(quoted);
    // The ordered lines left the cart.
    expect(await cartOf(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'orders/settlement-placed-en-1440');

    // Card: not open in this region, said so.
    await page.getByRole('radio', { name: new RegExp(en.pay.methods.card) }).check();
    await page.getByRole('button', { name: en.checkout.payNow }).click();
    await page.getByText(errorsEn.PAYMENT_NOT_OPEN_IN_REGION).waitFor();
    // Balance with the fund password.
    await page.getByRole('radio', { name: new RegExp(en.pay.methods.balance) }).check();
    await page.getByRole('button', { name: en.checkout.payNow }).click();
    const dialog = page.getByRole('dialog', { name: en.pay.title });
    await dialog.waitFor();
    await dialog.getByText(en.pay.deadline.split('{{')[0]!.trim()).waitFor();
    await dialog.getByRole('button', { name: en.pay.submit, exact: true }).click();
    await dialog.getByText(en.pay.passwordShape).waitFor();
    await dialog.getByLabel(en.pay.fundPassword).fill('135790');
    await dialog.getByRole('button', { name: en.pay.submit, exact: true }).click();
    await dialog.getByText(errorsEn.WRONG_FUND_PASSWORD).waitFor();
    await dialog.getByLabel(en.pay.fundPassword).fill('246810');
    await settled(page);
    await screenshot(page, 'orders/pay-dialog-en-1440', false);
    await dialog.getByRole('button', { name: en.pay.submit, exact: true }).click();
    await page.waitForURL(/\/paySuccess\?.*orders=/);
    await page.getByRole('heading', { name: en.paid.title }).waitFor();
    for (const o of orders) await page.getByText(o.serialNo).waitFor();
    await settled(page);
    await screenshot(page, 'orders/pay-success-en-1440');
    expect(await balance()).toBe(before - payable);
    await context.close();
  }, 120_000);

  it('tracks the shipped orders, confirms receipt, reviews with pictures (no submit while uploading)', async () => {
    const [first, second] = state.journey as [string, string];
    for (const [i, id] of state.journey.entries()) await ship(id, i);
    const { context, page } = await signedIn();
    // The footer's "order tracking" link: index=2 is "to ship"; nothing waits there any more.
    await page.goto(server.url('/userInfo/my-order?index=2&lang=en'));
    expect(
      await page.getByRole('tab', { name: new RegExp(en.tabs.ship) }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByText(en.list.empty).waitFor();
    await page.getByRole('tab', { name: new RegExp(en.tabs.receive) }).click();
    await page.waitForURL(/index=4/);
    const cards = page.locator('.orders-card');
    await expect.poll(() => cards.count()).toBe(2);
    await expect
      .poll(() =>
        page
          .getByRole('tab', { name: new RegExp(en.tabs.receive) })
          .locator('.orders-tab-count')
          .textContent(),
      )
      .toBe('2');
    await settled(page);
    await screenshot(page, 'orders/my-order-receive-en-1440');

    // Logistics, oldest first.
    const info = ok(await asBuyer('/api/order/info', { orderId: first }));
    const card = cards.filter({ hasText: info.serialNo });
    await card.getByRole('button', { name: en.actions.logistics }).click();
    const log = page.getByRole('dialog', { name: en.logistics.title });
    await log.getByText('Out for delivery').waitFor();
    const steps = await log.locator('.orders-timeline-text').allTextContents();
    expect(steps[0]).toContain('Picked up by the carrier');
    expect(steps.at(-1)).toContain('Out for delivery');
    await screenshot(page, 'orders/logistics-en-1440', false);
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });

    // Confirm receipt, after a confirmation.
    await card.getByRole('button', { name: en.actions.receipt }).click();
    await page
      .getByRole('dialog', { name: en.actions.receiptTitle })
      .getByRole('button', { name: en.actions.receipt })
      .click();
    await waitForToast(page, en.actions.received);
    await expect.poll(async () => ok(await asBuyer('/api/order/info', { orderId: first })).status).toBe(4);
    ok(await asBuyer('/api/order/receipt', { orderId: second }));
    state.reviewable = second;

    // The order page: history, address, amounts, logistics.
    await page.goto(server.url(`/userInfo/order-detail?orderId=${first}&lang=en`));
    await page.getByRole('heading', { level: 1, name: en.detail.title }).waitFor();
    await page.getByText(en.events.placed).waitFor();
    await page.getByText(en.events.received, { exact: true }).waitFor();
    await page.getByText('Building 4, Al Wasl Road, Apartment 1203').waitFor();
    await page.getByText('Please pack the two items together.').waitFor();
    await settled(page);
    await screenshot(page, 'orders/order-detail-en-1440');

    // Review the whole order with two pictures; the uploads are slowed so a submit meets them.
    await page.getByRole('button', { name: en.actions.review }).click();
    await page.waitForURL(/order-evaluation\?.*orderId=/);
    await page.getByRole('heading', { level: 1, name: en.review.title }).waitFor();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/upload/img*', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('radio', { name: en.review.ratings.good }).check();
    await page
      .getByLabel(en.review.content)
      .fill('Solid build, arrived quickly and well packed. Would buy again.');
    await page.locator('input[type=file]').setInputFiles([photo(1), photo(2)]);
    await page
      .getByText(fill(en.images.uploading, { percent: 0 }))
      .first()
      .waitFor();
    await page.getByRole('button', { name: en.images.waiting }).click();
    await page.getByText(errorsEn.PHOTOS_UPLOADING, { exact: true }).first().waitFor();
    await settled(page);
    await screenshot(page, 'orders/order-evaluation-uploading-en-1440');
    release();
    await expect.poll(() => page.locator('.orders-thumb[data-phase=done]').count()).toBe(2);
    await page.getByRole('button', { name: en.review.submit }).click();
    await waitForToast(page, en.review.done);
    await page.getByText(en.review.allDone).waitFor();
    const reviewed = ok(await asBuyer('/api/order/info', { orderId: first }));
    expect(reviewed.status).toBe(5);
    expect(reviewed.items.every((i: { reviewed: boolean }) => i.reviewed)).toBe(true);
    const reviews = ok(
      await asBuyer('/api/evaluation/list', { sellerGoodsId: reviewed.items[0].sellerGoodsId, pageNum: 1 }),
    );
    const mine = reviews.pageList.find((r: { content: string }) => r.content.startsWith('Solid build'));
    expect(mine?.imgUrls).toHaveLength(2);

    // A return within the window, from the order page: a reason, half the amount, a picture.
    await page.goto(server.url(`/userInfo/order-detail?orderId=${first}&lang=en`));
    await page.getByRole('button', { name: en.actions.return }).click();
    await page.waitForURL(/order-return\?.*orderId=/);
    await page.getByRole('heading', { level: 1, name: en.return.return.title }).waitFor();
    const half = text(units(reviewed.paidAmount) / 2n);
    await page.getByLabel(en.return.reason).selectOption({ label: en.reasons.qualityProblem });
    await page.getByLabel(en.return.amount).fill(half);
    await page.getByLabel(en.return.remark).fill('The hinge is loose on arrival, see the photo.');
    await page.locator('input[type=file]').setInputFiles([photo(2)]);
    await expect.poll(() => page.locator('.orders-thumb[data-phase=done]').count()).toBe(1);
    await page.getByRole('button', { name: en.return.return.submit }).click();
    await waitForToast(page, en.return.return.done);
    await page.waitForURL(/order-detail\?.*orderId=/);
    await page.getByText(en.refundStatus.refunding).first().waitFor();
    const returning = ok(await asBuyer('/api/order/info', { orderId: first }));
    expect(returning.refundStatus).toBe(1);
    expect(units(returning.returnAmount)).toBe(units(half));
    await context.close();
  }, 120_000);

  it('cancels an order with a reason, pays and reminds another, then gets it refunded; balance and ledger exact', async () => {
    const [, , c, d] = goods as [Goods, Goods, Goods, Goods];
    const before = await balance();
    const place = async (g: Goods) =>
      ok(
        await asBuyer('/api/order/submit', {
          addressId,
          items: [{ sellerGoodsId: g.sellerGoodsId, count: Math.max(1, g.buyMin) }],
          submitKey: randomBytes(12).toString('hex'),
        }),
      ).orders[0] as { id: string; serialNo: string; total: string };
    const toCancel = await place(c);
    const toRefund = await place(d);
    state.cancelled = toCancel.id;
    state.refunded = toRefund.id;

    const { context, page } = await signedIn();
    await page.goto(server.url('/userInfo/my-order?index=1&lang=en'));
    const cancelCard = page.locator('.orders-card', { hasText: toCancel.serialNo });
    await cancelCard.waitFor();
    await cancelCard.getByText(en.card.payWithin).waitFor();
    await cancelCard.getByRole('button', { name: en.actions.cancel }).click();
    const dialog = page.getByRole('dialog', { name: en.cancel.title });
    await dialog.getByRole('button', { name: en.cancel.submit }).click();
    await dialog.getByText(en.cancel.reasonRequired).waitFor();
    await dialog.getByRole('radio', { name: en.cancelReasons.duplicateOrder }).check();
    await settled(page);
    await screenshot(page, 'orders/cancel-dialog-en-1440', false);
    await dialog.getByRole('button', { name: en.cancel.submit }).click();
    await waitForToast(page, en.cancel.done);
    await expect
      .poll(async () => ok(await asBuyer('/api/order/info', { orderId: toCancel.id })).status)
      .toBe(-1);
    expect(ok(await asBuyer('/api/order/info', { orderId: toCancel.id })).cancelReason).toBe(2);

    // Pay the other from its card (fund password dialog with the deadline).
    const payCard = page.locator('.orders-card', { hasText: toRefund.serialNo });
    await payCard.getByRole('button', { name: en.actions.pay }).click();
    const pay = page.getByRole('dialog', { name: en.pay.title });
    await pay.getByLabel(en.pay.fundPassword).fill('246810');
    await pay.getByRole('button', { name: en.pay.submit, exact: true }).click();
    await page.waitForURL(/\/paySuccess\?.*orders=/);
    await page.getByText(toRefund.serialNo).waitFor();

    // Remind once; the button is gone afterwards.
    await page.goto(server.url('/userInfo/my-order?index=2&lang=en'));
    const shipCard = page.locator('.orders-card', { hasText: toRefund.serialNo });
    await shipCard.getByRole('button', { name: en.actions.remind }).click();
    await waitForToast(page, en.actions.reminded);
    await expect.poll(() => shipCard.getByRole('button', { name: en.actions.remind }).count()).toBe(0);
    expect((await asBuyer('/api/order/remind', { orderId: toRefund.id })).key).toBe('ORDER_ALREADY_REMINDED');

    // Refund before shipping: reason, amount (everything by default, never more), remark, a picture.
    await shipCard.getByRole('button', { name: en.actions.refund }).click();
    await page.waitForURL(/order-return\?.*orderId=/);
    await page.getByRole('heading', { level: 1, name: en.return.refund.title }).waitFor();
    const amount = page.getByLabel(en.return.amount);
    expect(await amount.inputValue()).toBe(toRefund.total);
    await page.getByRole('button', { name: en.return.refund.submit }).click();
    await page.getByText(en.return.reasonRequired).waitFor();
    await page.getByLabel(en.return.reason).selectOption({ label: en.reasons.negotiatedRefund });
    await amount.fill(text(units(toRefund.total) + units('1')));
    await page.getByRole('button', { name: en.return.refund.submit }).click();
    await page.getByText(errorsEn.RETURN_AMOUNT_TOO_HIGH).waitFor();
    await amount.fill(toRefund.total);
    await page.getByLabel(en.return.remark).fill('Agreed with the seller by chat: out of stock in my size.');
    await page.locator('input[type=file]').setInputFiles([photo(3)]);
    await expect.poll(() => page.locator('.orders-thumb[data-phase=done]').count()).toBe(1);
    await settled(page);
    await screenshot(page, 'orders/order-return-en-1440');
    await page.getByRole('button', { name: en.return.refund.submit }).click();
    await waitForToast(page, en.return.refund.done);
    await page.waitForURL(/order-detail\?.*orderId=/);
    await page.getByText(en.refundStatus.refunding).first().waitFor();
    ok(await asAdmin('/api/admin/orders/refund/approve', { orderId: toRefund.id, note: 'Approved' }));
    await page.reload();
    await page.getByText(en.events.refundSucceeded).waitFor();
    await settled(page);
    await screenshot(page, 'orders/order-detail-refunded-en-1440');

    // Buy again puts the cancelled order's line back in the cart and opens the drawer.
    await page.goto(server.url('/userInfo/my-order?index=8&lang=en'));
    await page
      .locator('.orders-card', { hasText: toCancel.serialNo })
      .getByRole('button', { name: en.actions.buyAgain })
      .click();
    await page.getByRole('dialog', { name: fill(en.cart.titleWithCount, { count: 1 }) }).waitFor();
    expect((await cartOf(page)).map((l) => l.sellerGoodsId)).toEqual([c.sellerGoodsId]);

    // Money: only the refunded order went out and came back; the cancelled one never moved.
    expect(await balance()).toBe(before);
    const audit = ok(await asFinance('/api/admin/ledger/audit'));
    expect(audit.ok, JSON.stringify(audit)).toBe(true);
    await context.close();
  }, 120_000);

  it('every page in English and Arabic at 1440 px and 360 px, mirrored and without overflow', async () => {
    // One more paid order to show the refund form; the reviewable order for the review page.
    const g = goods[3]!;
    const placed = await orderAndPay(asBuyer, addressId, [{ sellerGoodsId: g.sellerGoodsId, count: 1 }]);
    state.paidForShots = placed.id;
    const cart = [lineOf(goods[0]!, 2), lineOf(goods[1]!, 1)];
    const pages: [name: string, path: string, ready: (t: typeof en) => string][] = [
      ['settlement', '/settlement', (t) => t.checkout.placeOrder],
      ['pay-success', `/paySuccess?orders=${state.journey.join(',')}`, (t) => t.paid.title],
      ['my-order', '/userInfo/my-order', (t) => t.list.title],
      ['order-detail', `/userInfo/order-detail?orderId=${state.journey[0]}`, (t) => t.detail.title],
      ['order-return', `/userInfo/order-return?orderId=${placed.id}`, (t) => t.return.refund.title],
      ['order-evaluation', `/userInfo/order-evaluation?orderId=${state.reviewable}`, (t) => t.review.title],
    ];
    for (const [lang, t] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const suffix = `${lang}-${viewport === 'desktop' ? '1440' : '360'}`;
        const { context, page } = await signedIn(viewport, cart);
        for (const [name, path, ready] of pages) {
          await page.goto(server.url(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`));
          await page.getByText(ready(t), { exact: true }).first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          await settled(page);
          expect(await overflowing(page), `${name} ${suffix}`).toEqual([]);
          await screenshot(page, `orders/${name}-${suffix}`);
        }
        // The cart drawer from the home page's floating button, from the inline end.
        await page.goto(server.url(`/index?lang=${lang}`));
        await page.locator('.cart-fab').click();
        const drawer = page.locator('.cart-drawer');
        await drawer.waitFor();
        const width = viewport === 'desktop' ? 1440 : 360;
        // Opened at the inline end: flush right in English, flush left in Arabic.
        await expect
          .poll(async () => {
            const box = await drawer.boundingBox();
            return box ? [Math.round(box.x), Math.round(box.width)] : null;
          })
          .toEqual(viewport === 'desktop' ? [lang === 'ar' ? 0 : width - 400, 400] : [0, width]);
        await screenshot(page, `orders/cart-drawer-${suffix}`, false);
        await context.close();
      }
    }
  }, 240_000);
});
