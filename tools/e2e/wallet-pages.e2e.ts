/**
 * The wallet's storefront pages (issue 5) in a real browser: a blockchain deposit through the UI
 * with a proof upload, approved by finance through the API, then seen in the balance and the
 * records; binding the withdrawal address and withdrawing through the UI; form errors translated;
 * every page photographed in English and Arabic at 1440 px and 360 px.
 */
import { randomBytes } from 'node:crypto';
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
  waitForToast,
} from './harness.ts';
import { type Api, deposit, locale, type StorefrontUser, signIn, storefrontPage } from './journeys.ts';
import { receiptPng } from './test-images.ts';

const en = locale('wallet', 'en');
const ar = locale('wallet', 'ar');
const errorsEn = locale('errors', 'en');
const errorsAr = locale('errors', 'ar');

const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const txHash = () => randomBytes(32).toString('hex');

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let asFinance: Api;

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  asFinance = apiAs(server, await loginAs(server, 'demofinance'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page (token and userInfo in local storage, as the sign-in page leaves them). */
async function signedIn(viewport: 'desktop' | 'phone' = 'desktop') {
  const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, viewport);
  // A script error in the page is worth seeing beside whatever assertion it makes fail.
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  return { context, page };
}

/**
 * Ready for a full-page screenshot: scrolled to the top (the sticky header stays where it belongs),
 * fonts ready, every image (proof thumbnails) loaded.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Thumbnails load lazily: below the fold they would never load for a full-page picture.
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
              setTimeout(r, 5000);
            }),
      ),
    );
    // Let the header's shrink transition (after scrolling) finish.
    await new Promise((r) => setTimeout(r, 300));
  });
}

describe('wallet pages', () => {
  it('deposits by blockchain with a proof upload; finance approves; balance and record follow', async () => {
    const { context, page } = await signedIn();
    await page.goto(server.url('/userInfo/money-package?index=1&lang=en'));
    await page.locator('[data-testid=wallet-balance]', { hasText: '0.00 USDT' }).waitFor();
    await page.getByText(en.records.empty.recharge).waitFor();

    await page.getByRole('link', { name: en.balance.deposit, exact: true }).click();
    await page.waitForURL(/\/userInfo\/money-package\/recharge\?.*lang=en/);
    const address = (await page.locator('[data-testid=deposit-address]').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.locator('.wallet-qr svg path').waitFor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(server.url('/')).origin,
    });
    await page.getByRole('button', { name: en.copy.copyAddress }).click();
    await waitForToast(page, en.copy.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // Client checks mirror the server, in the user's language: under the channel's minimum.
    const amount = page.getByLabel(en.recharge.amount.replace('{{coin}}', 'USDT'));
    await amount.fill('0.5');
    await page.getByRole('button', { name: en.recharge.submit }).click();
    await page.getByText(errorsEn.DEPOSIT_UNDER_MIN).waitFor();
    await page.getByText(en.recharge.txHashRequired).waitFor();
    await page.getByText(en.proof.required).waitFor();
    await amount.fill('100.123');
    await page.getByRole('button', { name: en.recharge.submit }).click();
    await page.getByText(errorsEn.AMOUNT_FORMAT).waitFor();

    await amount.fill('100');
    const hash = txHash();
    await page.getByLabel(en.recharge.txHash).fill(hash);
    await page.locator('input[type=file]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: receiptPng(),
    });
    await page.getByText(en.proof.uploaded).waitFor();
    await expect(page.locator('.image-upload-name').textContent()).resolves.toContain('receipt.png');
    await settled(page);
    await screenshot(page, 'wallet/recharge-filled-en-1440');

    await page.getByRole('button', { name: en.recharge.submit }).click();
    await waitForToast(page, en.recharge.submitted);
    await page.getByRole('heading', { name: en.recharge.submittedTitle }).waitFor();
    await settled(page);
    await screenshot(page, 'wallet/recharge-submitted-en-1440');
    // SPEC §4: back to the wallet 2.5 s after the request, keeping the language.
    await page.waitForURL(/\/userInfo\/money-package\?.*lang=en/, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: en.title.wallet }).waitFor();
    const processing = page.locator('.wallet-record', { hasText: hash.slice(0, 8) });
    await expect(processing.locator('.wallet-status').textContent()).resolves.toBe(en.status.processing);

    // Finance credits what really arrived: 90 of the 100 claimed (an under-payment, shown as such).
    const list = await asBuyer('/api/rechargeBlockchain/list', { pageNum: 1 });
    const claim = list.data.pageList.find((r: { txHash: string }) => r.txHash === hash);
    expect(claim.proofUrl).toBeTruthy();
    const approved = await asFinance('/api/admin/wallet/recharge/approve', {
      id: claim.id,
      amountReceived: '90',
      remark: 'Received 90 USDT on chain',
    });
    expect(approved.code, JSON.stringify(approved)).toBe(0);

    await page.reload();
    await page.locator('[data-testid=wallet-balance]', { hasText: '90.00 USDT' }).waitFor();
    const done = page.locator('.wallet-record', { hasText: hash.slice(0, 8) });
    await expect(done.locator('.wallet-status').textContent()).resolves.toBe(en.status.success);
    await done.getByText(en.record.under).waitFor();
    await done.getByText('Received 90 USDT on chain').waitFor();

    // The proof thumbnail opens the picture large.
    await done
      .getByRole('button', { name: en.record.viewProof.replace('{{serialNo}}', claim.serialNo) })
      .click();
    await page.getByRole('dialog').locator('img').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('shows failed deposits with the reason; a bank-card deposit through the UI lands in its tab', async () => {
    // A rejected claim, through the API.
    const rejected = await asBuyer('/api/rechargeBlockchain/recharge', {
      channel: 'USDT-ERC20',
      amount: '50',
      txHash: `0x${txHash()}`,
      proof: await uploadPng(server, buyer, 'proof'),
    });
    expect(rejected.code, JSON.stringify(rejected)).toBe(0);
    await asFinance('/api/admin/wallet/recharge/reject', {
      id: rejected.data.id,
      remark: 'No such transaction',
    });

    const { context, page } = await signedIn();
    await page.goto(server.url('/userInfo/money-package?lang=en'));
    const failed = page.locator('.wallet-record', { hasText: rejected.data.serialNo });
    await expect(failed.locator('.wallet-status').textContent()).resolves.toBe(en.status.fail);
    // The operator's reason, isolated in its own direction inside the sentence.
    await expect(failed.locator('.wallet-record-reason').textContent()).resolves.toBe(
      en.record.reason.replace('{{reason}}', '\u2068No such transaction\u2069'),
    );

    // A bank-card deposit through the form: card number checked (Luhn) before anything is sent.
    await page.goto(server.url('/userInfo/money-package/recharge?method=bank&lang=en'));
    await page.locator('input[name=bankName]').fill('First Demo Bank');
    await page.locator('input[name=cardNumber]').fill('4111 1111 1111 1112');
    await page.locator('input[name=amount]').fill('25.50');
    await page.getByRole('button', { name: en.recharge.submit }).click();
    await page.getByText(errorsEn.CARD_NUMBER_FORMAT).waitFor();
    await page.locator('input[name=cardNumber]').fill('4111 1111 1111 1111');
    await page.locator('input[type=file]').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: receiptPng(),
    });
    await page.getByText(en.proof.uploaded).waitFor();
    await page.getByRole('button', { name: en.recharge.submit }).click();
    await waitForToast(page, en.recharge.submitted);
    await page.waitForURL(/\/userInfo\/money-package\?.*lang=en/, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: en.title.wallet }).waitFor();

    await page.getByRole('tab', { name: en.records.tabs.bank }).click();
    await page.waitForURL(/tab=bank/);
    const card = page.locator('.wallet-record[data-status]', { hasText: 'First Demo Bank' });
    await card.getByText('**** **** **** 1111').waitFor();
    await expect(card.locator('.wallet-status').textContent()).resolves.toBe(en.status.processing);
    await expect(card.locator('.wallet-record-amount').textContent()).resolves.toBe('25.50 USD');
    await context.close();
  }, 60_000);

  it('binds the one withdrawal address after a confirmation, then withdraws with a live fee', async () => {
    const { context, page } = await signedIn();
    await page.goto(server.url('/userInfo/money-package/withdraw?lang=en'));
    await page.getByRole('heading', { name: en.withdraw.bindTitle }).waitFor();
    await page.getByText(en.withdraw.bindOnce).waitFor();
    await settled(page);
    await screenshot(page, 'wallet/withdraw-bind-en-1440');

    await page.locator('input[name=address]').fill(TRC20_ADDRESS);
    await page.locator('input[name=fundPassword]').fill('246810');
    await page.getByRole('button', { name: en.withdraw.bind }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.withdraw.confirmBindTitle).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'wallet/withdraw-bind-confirm-en-1440', false);
    await dialog.getByRole('button', { name: en.withdraw.confirmBind }).click();
    await waitForToast(page, en.withdraw.bound);
    await expect(page.locator('[data-testid=bound-address]').textContent()).resolves.toBe(TRC20_ADDRESS);
    // Only one: a second bind is refused by the server too.
    const again = await asBuyer('/api/user!bindWithdrawAddress.action', {
      network: 'TRC20',
      address: TRC20_ADDRESS,
      fundPassword: '246810',
    });
    expect(again.key).toBe('WITHDRAW_ADDRESS_ALREADY_BOUND');

    // Under the channel's minimum: the translated catalogue message under the field.
    const amount = page.locator('input[name=amount]');
    await amount.fill('5');
    await page.locator('input[name=fundPassword]').fill('246810');
    await page.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
    await page.getByText(errorsEn.WITHDRAW_UNDER_LIMIT).waitFor();

    // A wrong fund password: the server's error, translated, as a toast and under the field.
    await amount.fill('20');
    await page.locator('.wallet-summary').getByText('19.00 USDT').waitFor();
    await expect(page.locator('.wallet-summary').textContent()).resolves.toContain('1.00 USDT');
    await page.locator('input[name=fundPassword]').fill('135790');
    await page.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
    await waitForToast(page, errorsEn.WRONG_FUND_PASSWORD);

    await page.locator('input[name=fundPassword]').fill('246810');
    await page.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
    await waitForToast(page, en.withdraw.submitted);
    const latest = page.locator('section', {
      has: page.getByRole('heading', { name: en.withdraw.latest, exact: true }),
    });
    await expect(latest.locator('.wallet-status').textContent()).resolves.toBe(en.status.processing);
    await expect(latest.textContent()).resolves.toContain('70.00 USDT');
    await page.locator('[data-testid=bound-address]').waitFor();
    await settled(page);
    await screenshot(page, 'wallet/withdraw-done-en-1440');

    // The wallet: 20 held (frozen), 70 available; the withdrawal in its tab with address and fee.
    await page.getByRole('link', { name: en.common.backToWallet }).click();
    await page.locator('[data-testid=wallet-frozen]', { hasText: '20.00 USDT' }).waitFor();
    await expect(page.locator('[data-testid=wallet-available]').textContent()).resolves.toBe('70.00 USDT');
    await expect(page.locator('[data-testid=wallet-balance]').textContent()).resolves.toBe('90.00 USDT');
    await page.getByRole('tab', { name: en.records.tabs.withdraw }).click();
    await page.waitForURL(/tab=withdraw/);
    const record = page.locator('.wallet-record[data-status]', { hasText: en.record.type.withdraw }).first();
    await expect(record.locator('.wallet-status').textContent()).resolves.toBe(en.status.processing);
    await record.getByText(en.record.address).waitFor();
    await context.close();
  }, 120_000);

  it('shows Arabic right to left with translated errors, and fits 1440 px and 360 px', async () => {
    // Some more history so every state shows and the deposits need a second page (8 a page).
    const w = (await asBuyer('/api/withdraw/list', { pageNum: 1 })).data.pageList[0];
    await asFinance('/api/admin/wallet/withdraw/paid', { id: w.id, txHash: txHash(), remark: 'Paid' });
    for (let i = 0; i < 7; i++)
      await deposit(server, buyer, '10', { finance: asFinance, remark: 'Received' });
    {
      const { context, page } = await signedIn();
      await page.goto(server.url('/userInfo/money-package?index=1&lang=en'));
      await page.getByText(en.records.count.replace('{{count}}', '9')).waitFor();
      expect(await page.locator('.wallet-record[data-status]').count()).toBe(8);
      await page.getByRole('button', { name: en.records.pager.page.replace('{{page}}', '2') }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.locator('.wallet-record[data-status]').count()).toBe(1);
      // The oldest deposit is last: the under-payment approved in the first test.
      await page.getByText(en.record.under).waitFor();
      await context.close();
    }

    for (const [lang, query, messages, errors] of [
      ['en', 'en', en, errorsEn],
      ['ar', 'ar', ar, errorsAr],
    ] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const width = viewport === 'desktop' ? 1440 : 360;
        const { context, page } = await signedIn(viewport);

        await page.goto(server.url(`/userInfo/money-package?index=1&lang=${query}`));
        await page.locator('.wallet-record[data-status]').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
          messages.title.wallet,
        );
        expect(await noHorizontalOverflow(page), `money-package ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `wallet/money-package-${lang}-${width}`);

        await page.goto(server.url(`/userInfo/money-package/recharge?lang=${query}`));
        await page.locator('.wallet-qr svg path').waitFor();
        await page.getByLabel(messages.recharge.amount.replace('{{coin}}', 'USDT')).fill('0.5');
        await page.getByRole('button', { name: messages.recharge.submit }).click();
        await page.getByText(errors.DEPOSIT_UNDER_MIN).waitFor();
        expect(await noHorizontalOverflow(page), `recharge ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `wallet/recharge-${lang}-${width}`);

        await page.locator('.wallet-radio-card', { hasText: messages.recharge.methods.gateway }).click();
        await page.waitForURL(/method=gateway/);
        await page.getByLabel(messages.recharge.payAmount.replace('{{coin}}', 'USD')).fill('120');
        await page.locator('.wallet-credit').getByText('120.00 USDT').waitFor();
        expect(await noHorizontalOverflow(page), `gateway ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `wallet/recharge-gateway-${lang}-${width}`);

        await page.goto(server.url(`/userInfo/money-package/withdraw?lang=${query}`));
        await page.locator('[data-testid=bound-address]').waitFor();
        await page.locator('input[name=amount]').fill('5');
        await page.getByRole('button', { name: messages.withdraw.submit, exact: true }).click();
        await page.getByText(errors.WITHDRAW_UNDER_LIMIT).waitFor();
        await page.locator('.wallet-record[data-status]').first().waitFor();
        expect(await noHorizontalOverflow(page), `withdraw ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `wallet/withdraw-${lang}-${width}`);
        await context.close();
      }
    }
  }, 480_000);

  it('pays through a payment channel: the gateway page, then back to the wallet', async () => {
    const { context, page } = await signedIn();
    await page.goto(server.url('/userInfo/money-package/recharge?lang=en'));
    // The methods are radio buttons: the keyboard moves between them.
    await page.getByRole('radio', { name: en.recharge.methods.chain }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/method=bank/);
    await page.getByLabel(en.recharge.bankName).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/method=gateway/);
    await page.getByLabel(en.recharge.payAmount.replace('{{coin}}', 'USD')).fill('15');
    await page.getByRole('button', { name: en.recharge.pay }).click();
    await page.waitForURL(/\/sandbox-gateway\/pay\//);
    await context.close();
  }, 60_000);
});
