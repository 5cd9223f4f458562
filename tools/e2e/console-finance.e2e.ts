/**
 * Issue 9, finance's day in a real browser against a real server: a buyer's deposit claim with a
 * proof is opened, approved with the amount that really arrived (the buyer's balance grows by
 * exactly that), another is rejected with a reason, a withdrawal is marked paid with its hash, a
 * channel's limits are changed (a minimum over the maximum is refused under its field), and the
 * ledger audit runs clean. Screenshots in English and Arabic at 1440 and 360 px under
 * .artifacts/screenshots/console-finance/.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseMoney } from '@mall/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  uploadPng,
  waitForToast,
} from './harness.ts';
import { consolePage, signIn } from './journeys.ts';

const en = JSON.parse(
  readFileSync(new URL('../../packages/i18n/locales/console/en.json', import.meta.url), 'utf8'),
);
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hash = () => randomBytes(32).toString('hex');
/** Atomic units of a decimal amount from the API. */
function units(amount: string): bigint {
  const parsed = parseMoney(amount);
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.units;
}

describe('console: finance', () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let buyer: string;
  let finance: string;
  let page: Page;
  const asBuyer = (path: string, body: Record<string, unknown> = {}) => apiAs(server, buyer)(path, body);
  const available = async () => units((await asBuyer('/api/wallet/usdt')).data.available as string);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    buyer = await loginAs(server, 'demobuyer');
    finance = await loginAs(server, 'demofinance');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const claim = async (amount: string) => {
    const reply = await asBuyer('/api/rechargeBlockchain/recharge', {
      channel: 'USDT-TRC20',
      amount,
      txHash: hash(),
      proof: await uploadPng(server, buyer, 'proof'),
    });
    expect(reply.code).toBe(0);
    return reply.data as { id: string; serialNo: string };
  };
  const row = (serial: string) => page.locator('tr', { hasText: serial });
  const dialog = () => page.locator('.mantine-Modal-content');
  // Mantine marks the page behind a modal aria-hidden: buttons are found by their text there.
  const button = (name: string) => dialog().locator('button', { hasText: name });

  it('signs in, views a proof, approves with the amount received and rejects another', async () => {
    const approved = await claim('120');
    const rejected = await claim('30');
    const before = await available();

    ({ page } = await newPage(browser, 'desktop'));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url('/console/login'));
    await page.getByLabel(en.login.username).fill('demofinance');
    await page.locator('input[type=password]').fill('Demo#2026');
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL(/\/console\/finance\/recharges$/);

    await row(approved.serialNo).getByRole('button', { name: en.records.viewProof }).click();
    await expect
      .poll(() =>
        dialog()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await row(approved.serialNo).getByRole('button', { name: en.common.approve }).click();
    await dialog()
      .getByLabel(/Amount received/)
      .fill('110');
    await dialog().getByLabel(en.common.reason).fill('Arrived 10 short');
    await button(en.common.confirm).click();
    await waitForToast(page, en.common.done);
    expect(await available()).toBe(before + units('110'));

    await row(rejected.serialNo).getByRole('button', { name: en.common.reject }).click();
    await button(en.common.confirm).click();
    // The reason is required: nothing is sent without it.
    await dialog().getByText(en.common.required).waitFor();
    await dialog().getByLabel(en.common.reason).fill('No such transfer on the chain');
    await button(en.common.confirm).click();
    await waitForToast(page, en.common.done);
    const list = await apiAs(server, finance)('/api/admin/wallet/recharge/list', { pageSize: 50 });
    const byId = new Map(list.data.pageList.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(approved.id)).toMatchObject({
      status: 'success',
      actualAmount: '110',
      remark: 'Arrived 10 short',
    });
    expect(byId.get(rejected.id)).toMatchObject({ status: 'fail', remark: 'No such transfer on the chain' });
    expect(await available()).toBe(before + units('110'));
  }, 60_000);

  it('marks a withdrawal paid with its transaction hash', async () => {
    expect(
      (
        await asBuyer('/api/user!bindWithdrawAddress.action', {
          network: 'TRC20',
          address: ADDRESS,
          fundPassword: '246810',
        })
      ).code,
    ).toBe(0);
    const token = (await asBuyer('/api/withdraw!get.action')).data.token;
    const applied = await asBuyer('/api/withdraw/apply', {
      token,
      channel: 'USDT-TRC20',
      amount: '20',
      fundPassword: '246810',
    });
    expect(applied.code).toBe(0);
    await page.goto(server.url('/console/finance/withdrawals'));
    const tx = hash();
    await row(applied.data.serialNo).getByRole('button', { name: en.withdrawals.markPaid }).click();
    await dialog().getByLabel(en.records.txHash).fill(tx);
    await button(en.common.confirm).click();
    await waitForToast(page, en.common.done);
    const list = await apiAs(server, finance)('/api/admin/wallet/withdraw/list', {});
    expect(list.data.pageList.find((w: { id: string }) => w.id === applied.data.id)).toMatchObject({
      status: 'success',
      txHash: tx,
    });
  }, 60_000);

  it("edits a channel's limits, refusing a minimum over the maximum under its field", async () => {
    await page.goto(server.url('/console/finance/channels'));
    await page.getByRole('button', { name: `${en.common.edit} USDT-TRC20` }).click();
    const edit = dialog();
    await edit.getByLabel(en.finance.channels.withdrawMin).fill('200000');
    await button(en.common.save).click();
    await edit.getByText(en.finance.channels.maxBelowMin).waitFor();
    await edit.getByLabel(en.finance.channels.withdrawMin).fill('25');
    await edit.getByLabel(en.finance.channels.withdrawMax).fill('5000');
    await edit.getByLabel(en.finance.channels.feeFixed).fill('1.5');
    await button(en.common.save).click();
    await waitForToast(page, en.common.done);
    await edit.waitFor({ state: 'detached' });
    await row('USDT-TRC20').getByText('25 – 5000 USDT').waitFor();
    const channels = await apiAs(server, finance)('/api/admin/wallet/channels');
    expect(channels.data.find((c: { code: string }) => c.code === 'USDT-TRC20')).toMatchObject({
      withdrawMin: '25',
      withdrawMax: '5000',
      withdrawFeeFixed: '1.5',
    });
    // Buyers see the new limit at once.
    const tooSmall = await asBuyer('/api/withdraw/apply', {
      token: (await asBuyer('/api/withdraw!get.action')).data.token,
      channel: 'USDT-TRC20',
      amount: '20',
      fundPassword: '246810',
    });
    expect(tooSmall.key).toBe('WITHDRAW_UNDER_LIMIT');

    // The withdrawal hours: checked as HH:mm, then saved.
    await page.getByLabel(en.finance.hours.closeTime).fill('25:00');
    await page.getByRole('button', { name: en.common.save }).click();
    await page.getByText(en.finance.hours.invalidTime).waitFor();
    await page.getByLabel(en.finance.hours.closeTime).fill('22:30');
    await page.getByRole('button', { name: en.common.save }).click();
    // The channel's own "done" toast may still be showing: wait for the saved hours themselves.
    await expect
      .poll(async () => (await apiAs(server, finance)('/api/admin/wallet/hours')).data)
      .toEqual({ openTime: '00:00', closeTime: '22:30' });
  }, 60_000);

  it('runs the ledger audit and sees every invariant pass', async () => {
    await page.goto(server.url('/console/finance/ledger'));
    await page
      .getByTestId('audit-verdict')
      .getByText(/The ledger is consistent/)
      .waitFor();
    await page.getByRole('button', { name: en.finance.ledger.run }).click();
    await expect.poll(() => page.locator('[data-invariant=pass]').count()).toBe(4);
    expect(await page.locator('[data-invariant=fail]').count()).toBe(0);
    // The buyer's wallet is among the balances.
    await page
      .getByText(/^wallet:/)
      .first()
      .waitFor();
    await page.context().close();
  }, 60_000);

  it('looks right in English and Arabic at 1440 and 360 px', async () => {
    const { token, me } = await signIn(server, 'demofinance');
    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page: p } = await consolePage(browser, { token, user: me }, lang, viewport);
        for (const path of ['recharges', 'channels', 'ledger']) {
          await p.goto(server.url(`/console/finance/${path}`), { waitUntil: 'networkidle' });
          await p.locator('h2').first().waitFor();
          await p.waitForTimeout(300);
          await screenshot(p, `console-finance/${path}-${lang}-${viewport === 'desktop' ? 1440 : 360}`);
        }
        await context.close();
      }
    }
  }, 120_000);
});
