/**
 * The risk console (issue 9) in a real browser against a real server: the demo buyer submits a
 * real-name check through the API; demorisk signs in at /console/, looks at the photos (zoom, full
 * size) and approves it; the buyer applies for a loan, demorisk refuses it with a reason (shown as
 * refused); the buyer applies again, demorisk opens the detail and approves it after a confirmation
 * naming the amount; the buyer's wallet holds the money. Both pages photographed in English and
 * Arabic at 1440 px and 360 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  noHorizontalOverflow,
  type Reply,
  type RunningServer,
  screenshot,
  settled,
  startServer,
  uploadPng,
  waitForToast,
} from './harness.ts';
import { locale, consolePage as staffPage } from './journeys.ts';
import { passportPng } from './test-images.ts';

const en = locale('console-risk', 'en');
const ar = locale('console-risk', 'ar');
const consoleEn = locale('console', 'en');
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

let server: RunningServer;
let browser: Browser;
let buyerToken: string;
let asBuyer: (path: string, body?: Record<string, unknown>) => Promise<Reply>;
let riskLogin: Reply['data'];
let desk: { context: BrowserContext; page: Page };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  buyerToken = await loginAs(server, 'demobuyer');
  asBuyer = apiAs(server, buyerToken);
  riskLogin = (await apiAs(server, undefined)('/api/login', { username: 'demorisk', password: 'Demo#2026' }))
    .data;
  desk = await newPage(browser);
  // The demo buyer is minutes old with no history: loan underwriting (issue 26) would refuse it.
  const asAdmin = apiAs(server, await loginAs(server, 'demoadmin'));
  for (const [code, value] of [
    ['loan_min_account_age_days', '0'],
    ['loan_limit_base', '30000000'],
  ]) {
    expect((await asAdmin('/api/admin/params/set', { code, value })).code).toBe(0);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A console page signed in as demorisk in the given language (as the sign-in page leaves it). */
async function consolePage(viewport: 'desktop' | 'phone', lang: string) {
  const { id, username, roles } = riskLogin.user;
  return staffPage(browser, { token: riskLogin.token, user: { id, username, roles } }, lang, viewport);
}

const loanApplication = async (amount: string) => {
  const reply = await asBuyer('/api/loan/apply', {
    realName: 'Demo Buyer',
    nationality: 'Singapore',
    idType: 'passport',
    idNumber: 'E12345678',
    idPhoto: await uploadPng(server, buyerToken, 'verification', passportPng()),
    amount,
    termDays: 90,
    method: 'instalments',
    agree: true,
  });
  expect(reply.code, JSON.stringify(reply)).toBe(0);
  return reply.data as { id: string; serialNo: string };
};

/** A decimal amount in units of 10^-10, exactly. */
const units = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** 10n + BigInt(fraction.padEnd(10, '0'));
};

/** The confirmation dialog (the console's ask dialog). */
const dialog = (page: Page) => page.getByRole('dialog').last();

describe('risk console', () => {
  it('signs demorisk in and approves a real-name check after looking at the photos', async () => {
    const submitted = await asBuyer('/api/identity/realname/submit', {
      realName: 'Demo Buyer',
      idNumber: 'E12345678',
      nationality: 'Singapore',
      frontImg: await uploadPng(server, buyerToken, 'verification', passportPng()),
      backImg: await uploadPng(server, buyerToken, 'verification', passportPng(320, 200)),
    });
    expect(submitted.code, JSON.stringify(submitted)).toBe(0);

    const { page } = desk;
    await page.goto(server.url('/console/'));
    await page.getByLabel(consoleEn.login.username).fill('demorisk');
    await page.locator('input[type="password"]').fill('Demo#2026');
    await page.getByRole('button', { name: consoleEn.login.submit }).click();
    await page.getByRole('link', { name: consoleEn.nav.identity }).click();
    await page.waitForURL(/\/console\/risk\/identity$/);
    const row = page.getByRole('row', { name: /demobuyer/ });
    await row.getByText(en.identityStatus.pending).waitFor();
    await expect(row.textContent()).resolves.toContain('E12345678');

    // The photos: two of them, zoomable, and the full-size link points at the upload itself.
    await row.getByRole('button', { name: en.identity.viewDocuments }).click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('img', { name: en.document.front }).first().waitFor();
    await viewer.getByRole('button', { name: en.viewer.zoomIn }).click();
    await expect(viewer.getByTestId('zoom-level').textContent()).resolves.toBe('150%');
    const href = await viewer.getByRole('link', { name: en.viewer.fullSize }).getAttribute('href');
    expect((await fetch(server.url(href ?? '/missing'))).headers.get('content-type')).toContain('image/');
    await viewer.getByRole('button', { name: en.document.back }).click();
    await expect(viewer.getByTestId('zoom-level').textContent()).resolves.toBe('100%');
    await settled(page);
    await screenshot(page, 'console-risk/identity-viewer-en-desktop', false);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: en.action.approve }).click();
    await dialog(page)
      .getByText(fill(en.identity.approveBodyRealname, { user: 'demobuyer', name: 'Demo Buyer' }))
      .waitFor();
    await dialog(page).getByRole('button', { name: en.action.approve }).click();
    await waitForToast(page, en.identity.approved);
    await page.getByText(en.identity.emptyQueue).waitFor();
    expect((await asBuyer('/api/identity/realname/status')).data).toMatchObject({ status: 'approved' });
    await page.getByText(en.identityStatus.all, { exact: true }).click();
    await page
      .getByRole('row', { name: /demobuyer/ })
      .getByText(en.identityStatus.approved)
      .waitFor();
  });

  it('refuses a loan application with a reason: it shows as refused', async () => {
    // Loans need advanced (C3) verification by default (verify_level_loan): demorisk approves it.
    const photo = () => uploadPng(server, buyerToken, 'verification', passportPng());
    const c3 = { frontImg: await photo(), backImg: await photo(), handheldImg: await photo() };
    expect((await asBuyer('/api/identity/c3/submit', c3)).code).toBe(0);
    const asRisk = apiAs(server, riskLogin.token);
    const pending = await asRisk('/api/admin/identity/list', { status: 'pending', kind: 'c3' });
    expect(
      (await asRisk('/api/admin/identity/review', { id: pending.data.pageList[0].id, approve: true })).code,
    ).toBe(0);
    const loan = await loanApplication('100000');
    const { page } = desk;
    await page.getByRole('link', { name: consoleEn.nav.loans }).click();
    const row = page.getByRole('row', { name: new RegExp(loan.serialNo) });
    await row.getByRole('button', { name: en.action.refuse }).click();
    // The reason is required: confirming without one is held back.
    await dialog(page).getByRole('button', { name: en.action.refuse }).click();
    await dialog(page).getByText(consoleEn.common.required).waitFor();
    await dialog(page).getByLabel(en.field.reason).fill('Income not shown');
    await dialog(page).getByRole('button', { name: en.action.refuse }).click();
    await waitForToast(page, fill(en.loans.refused, { serial: loan.serialNo }));
    await page.getByRole('tab', { name: en.loanTab.failed }).click();
    await page
      .getByRole('row', { name: new RegExp(loan.serialNo) })
      .getByText(en.loanStatus.failed)
      .waitFor();
    const mine = (await asBuyer('/api/loan/my')).data;
    expect(mine.loan).toMatchObject({ id: loan.id, status: 'failed', refuseReason: 'Income not shown' });
  });

  it('approves the next application from its detail after a confirmation; the wallet holds the money', async () => {
    const before = (await asBuyer('/api/wallet/usdt')).data.balance as string;
    const loan = await loanApplication('120000');
    const { page } = desk;
    await page.getByRole('tab', { name: en.loanTab.applying }).click();
    const row = page.getByRole('row', { name: new RegExp(loan.serialNo) });
    await row.getByRole('button', { name: en.action.details }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText(fill(en.loans.detailTitle, { serial: loan.serialNo })).waitFor();
    for (const text of ['Demo Buyer', 'Singapore', 'E12345678', en.idType.passport, '120,000.00 USDT']) {
      await detail.getByText(text, { exact: true }).first().waitFor();
    }
    await detail.getByRole('heading', { name: en.loans.scheduleEstimate }).waitFor();
    await expect(detail.getByRole('row').count()).resolves.toBe(4); // header + 3 instalments
    await settled(page);
    await screenshot(page, 'console-risk/loan-detail-en-desktop', false);

    await detail.getByRole('button', { name: en.action.approve }).click();
    const confirm = dialog(page);
    await confirm.getByText(/120,000\.00 USDT/).waitFor();
    // Cancelling pays nothing out.
    await confirm.getByRole('button', { name: consoleEn.common.cancel }).click();
    expect((await asBuyer('/api/wallet/usdt')).data.balance).toBe(before);
    await detail.getByRole('button', { name: en.action.approve }).click();
    await dialog(page).getByRole('button', { name: en.loans.approveConfirm }).click();
    await waitForToast(page, fill(en.loans.approved, { serial: loan.serialNo }));
    await detail.getByText(en.loanStatus.success).first().waitFor();
    await detail.getByRole('heading', { name: en.loans.schedule, exact: true }).waitFor();

    const after = (await asBuyer('/api/wallet/usdt')).data.balance as string;
    expect(units(after) - units(before)).toBe(units('120000'));
    expect((await asBuyer('/api/loan/my')).data.loan).toMatchObject({ id: loan.id, status: 'success' });
    await page.keyboard.press('Escape');
    await page.getByText(en.loans.emptyQueue).waitFor();
  });

  it('lays both pages out in English and Arabic at 1440 px and 360 px', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const text = lang === 'en' ? en : ar;
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await consolePage(viewport, lang);
        await page.goto(server.url('/console/risk/identity'));
        await page.getByText(text.identityStatus.all, { exact: true }).click();
        await page.getByText('Demo Buyer').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await noHorizontalOverflow(page), `identity ${lang} ${viewport}`).toBe(true);
        await settled(page);
        await screenshot(page, `console-risk/identity-${lang}-${viewport}`);
        // A phone sorts the cards with a menu (no headers); a desk by the time column's header.
        const identitySort = page.locator(`input[aria-label="${text.identitySort.label}"]`);
        if (viewport === 'phone') {
          await identitySort.click();
          await page.getByRole('option', { name: text.identitySort.time_desc }).click();
          await expect.poll(() => identitySort.inputValue()).toBe(text.identitySort.time_desc);
        } else {
          expect(await identitySort.count()).toBe(0);
          const header = page.locator('th').getByRole('button', { name: text.field.submitted });
          await header.click();
          // The sort state is the column header's (a button may not carry aria-sort).
          await expect
            .poll(() =>
              page.getByRole('columnheader', { name: text.field.submitted }).getAttribute('aria-sort'),
            )
            .toBe('descending');
        }
        await page.getByText('Demo Buyer').first().waitFor();

        await page.goto(server.url('/console/risk/loans'));
        await page.getByRole('tab', { name: text.loanStatus.all }).click();
        await page.getByText(text.loanStatus.failed).first().waitFor();
        expect(await noHorizontalOverflow(page), `loans ${lang} ${viewport}`).toBe(true);
        await settled(page);
        await screenshot(page, `console-risk/loans-${lang}-${viewport}`);
        if (viewport === 'phone') {
          // No column headers on a phone: the sort menu orders the cards (smallest amount first).
          await page.locator(`input[aria-label="${text.loans.sort}"]`).click();
          await page.getByRole('option', { name: text.loanSort.amount_asc }).click();
          await expect(page.locator('.mantine-Paper-root').first().textContent()).resolves.toContain(
            '100,000.00',
          );
          await page.locator(`input[aria-label="${text.loans.sort}"]`).click();
          await page.getByRole('option', { name: text.loanSort.amount_desc }).click();
          await expect(page.locator('.mantine-Paper-root').first().textContent()).resolves.toContain(
            '120,000.00',
          );
        }

        await page.getByRole('button', { name: text.action.details }).first().click();
        await page
          .getByRole('dialog')
          .getByRole('heading', { name: text.loans.schedule, exact: true })
          .waitFor();
        await settled(page);
        await screenshot(page, `console-risk/loan-detail-${lang}-${viewport}`, false);
        await context.close();
      }
    }
  });
});
