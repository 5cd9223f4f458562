/**
 * Issue 26 in a real browser: the bank-card deposit page shows the receiving account finance set up
 * and the user's reference for the memo (English 1440 px, Arabic 360 px); the finance queue finds
 * the claim by that reference and shows who made it; the risk operator's loan view shows the
 * applicant's profile and a suggested decision. Screenshots of each.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  settled,
  startServer,
  uploadPng,
} from './harness.ts';
import {
  type Api,
  locale,
  ok,
  type StorefrontUser,
  signIn,
  consolePage as staffPage,
  storefrontPage,
} from './journeys.ts';
import { passportPng } from './test-images.ts';

const bankEn = locale('bank-deposit', 'en');
const bankAr = locale('bank-deposit', 'ar');
const underwriting = locale('console-underwriting', 'en');
const riskEn = locale('console-risk', 'en');
const people = locale('console-people', 'en');
const shell = locale('console', 'en');
const account = locale('account', 'en');

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let asFinance: Api;
let asRisk: Api;

beforeAll(async () => {
  server = await startServer({}, { copyWeb: true });
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  asFinance = apiAs(server, await loginAs(server, 'demofinance'));
  asRisk = apiAs(server, await loginAs(server, 'demorisk'));
  // The applicant's profile is the subject: a real name is enough to apply here (modules/verification).
  ok(
    await apiAs(server, await loginAs(server, 'demoadmin'))('/api/admin/params/set', {
      code: 'verify_level_loan',
      value: '1',
    }),
  );
  ok(
    await asFinance('/api/admin/wallet/bank-accounts/save', {
      bankName: 'Emirates NBD',
      accountName: 'NovaMart Trading LLC',
      accountNumber: 'AE070331234567890123456',
      swift: 'EBILAEAD',
      currency: 'USD',
    }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('shows where to transfer and the reference, in English and Arabic, and finance finds the claim by it', async () => {
  const { reference } = ok(await asBuyer('/api/bankRecharge/accounts', {}));
  for (const [lang, texts, viewport] of [
    ['en', bankEn, 'desktop'],
    ['ar', bankAr, 'phone'],
  ] as const) {
    const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, viewport);
    await page.goto(server.url(`/userInfo/money-package/recharge?method=bank&lang=${lang}`));
    const accounts = page.getByTestId('bank-accounts');
    await accounts.getByText(texts.title).waitFor();
    expect(await accounts.textContent()).toContain('AE070331234567890123456');
    expect(await accounts.textContent()).toContain('EBILAEAD');
    expect(await page.getByTestId('bank-reference').textContent()).toContain(reference);
    if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settled(page);
    await screenshot(page, `wallet-bank-deposit-${lang}-${viewport === 'phone' ? 360 : 1440}`);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await context.close();
  }
  const claim = ok(
    await asBuyer('/api/rechargeBank/recharge', {
      amount: '250',
      bankName: 'Emirates NBD',
      cardNumber: '4111 1111 1111 1111',
      proof: await uploadPng(server, buyer, 'proof'),
    }),
  );
  const found = ok(await asFinance('/api/admin/wallet/recharge/list', { keyword: reference }));
  expect(found.pageList.map((r: { id: string }) => r.id)).toContain(claim.id);
  expect(found.pageList[0]).toMatchObject({ reference, user: { username: 'demobuyer' } });

  // The queue at 1440 px: the person, the reference, no sideways scrolling; "Requests" narrows to them.
  const login = ok(
    await apiAs(server, undefined)('/api/login', { username: 'demofinance', password: 'Demo#2026' }),
  );
  const { id, username, roles } = login.user;
  const { context, page } = await staffPage(browser, { token: login.token, user: { id, username, roles } });
  await page.goto(server.url('/console/finance/recharges'));
  const row = page.getByRole('row', { name: new RegExp(claim.serialNo) });
  await row.getByTestId('record-person').getByText('demobuyer').waitFor();
  expect(await row.textContent()).toContain(reference);
  expect(await noHorizontalOverflow(page)).toBe(true);
  // Nor does the table scroll sideways inside the page.
  const tableOverflow = await page.evaluate(() =>
    [...document.querySelectorAll('table')].some(
      (t) => (t.parentElement?.scrollWidth ?? 0) > (t.parentElement?.clientWidth ?? 0) + 1,
    ),
  );
  expect(tableOverflow).toBe(false);
  await screenshot(page, 'finance-queue-people-en-1440', false);
  await row.getByRole('button', { name: people.requests }).click();
  await expect.poll(() => page.getByRole('row', { name: new RegExp(claim.serialNo) }).count()).toBe(1);
  await context.close();
}, 90_000);

it("shows the risk operator the applicant's profile, the accounts sharing their device, and the user view", async () => {
  // Two accounts sign in on the storefront in one browser: it keeps one device id for both.
  const shop = await newPage(browser, 'desktop');
  const signInAs = async (name: string) => {
    await shop.page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
    });
    await shop.page.goto(server.url('/login?lang=en'));
    await shop.page.getByRole('tab', { name: account.login.byAccount }).click();
    await shop.page.getByRole('textbox', { name: account.login.account, exact: true }).fill(name);
    await shop.page.getByRole('textbox', { name: account.field.password, exact: true }).fill('Demo#2026');
    await shop.page.getByRole('button', { name: account.login.submit, exact: true }).click();
    await shop.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return shop.page.evaluate(() => localStorage.getItem('deviceId'));
  };
  await shop.page.goto(server.url('/?lang=en'));
  const firstDevice = await signInAs('demoseller');
  const secondDevice = await signInAs('demobuyer');
  expect(firstDevice).toMatch(/^[0-9a-f]{32}$/);
  expect(secondDevice).toBe(firstDevice);
  await shop.context.close();

  const asAdmin = apiAs(server, await loginAs(server, 'demoadmin'));
  ok(await asAdmin('/api/admin/params/set', { code: 'loan_min_account_age_days', value: '0' }));
  ok(await asAdmin('/api/admin/params/set', { code: 'loan_limit_base', value: '30000000' }));
  const photo = await uploadPng(server, buyer, 'verification', passportPng());
  ok(
    await asBuyer('/api/identity/realname/submit', {
      realName: 'Demo Buyer',
      idNumber: 'E12345678',
      nationality: 'Singapore',
      frontImg: photo,
      backImg: photo,
    }),
  );
  const pending = ok(await asRisk('/api/admin/identity/list', { status: 'pending', pageSize: 100 }));
  const mine = pending.pageList.find(
    (a: { username?: string; realName?: string }) => a.realName === 'Demo Buyer',
  );
  ok(await asRisk('/api/admin/identity/review', { id: mine.id, approve: true }));
  const loan = ok(
    await asBuyer('/api/loan/apply', {
      realName: 'Demo Buyer',
      nationality: 'Singapore',
      idType: 'passport',
      idNumber: 'E12345678',
      idPhoto: photo,
      amount: '100000',
      termDays: 90,
      method: 'maturity',
      agree: true,
    }),
  );
  const profile = ok(await asRisk('/api/admin/loans/profile', { id: loan.id }));
  expect(profile).toMatchObject({ username: 'demobuyer', realNameStatus: 'approved' });
  expect(profile.sharing).toContainEqual(expect.objectContaining({ username: 'demoseller', via: 'device' }));
  expect(profile.suggestion.reasons).toContain('shared_device');

  const login = ok(
    await apiAs(server, undefined)('/api/login', { username: 'demorisk', password: 'Demo#2026' }),
  );
  const { id, username, roles } = login.user;
  const { context, page } = await staffPage(browser, { token: login.token, user: { id, username, roles } });
  await page.goto(server.url('/console/risk/loans'));
  const row = page.getByRole('row', { name: new RegExp(loan.serialNo) });
  await row.getByRole('button', { name: riskEn.action.details }).click();
  const view = page.getByTestId('applicant-profile');
  await view.getByText(underwriting.title).waitFor();
  await view.getByText(underwriting.suggest[profile.suggestion.decision]).waitFor();
  expect(await view.textContent()).toContain(underwriting.deposits);
  const sharing = view.getByTestId('applicant-sharing');
  await sharing.getByText(`demoseller · ${underwriting.via.device}`).waitFor();
  await view.getByText(underwriting.reason.shared_device).waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'risk-applicant-profile-en-1440', false);
  await page.keyboard.press('Escape');

  // The user view from the queue: the loan just applied for, the bank deposit claimed above, the
  // audit section, one column that fits the drawer at 1440 px.
  await expect.poll(() => page.getByTestId('applicant-profile').count()).toBe(0);
  await row.getByRole('button', { name: people.view }).click();
  const loans = page.getByTestId('user-loans');
  await loans.getByText(loan.serialNo).waitFor();
  expect(await loans.textContent()).toContain(`${shell.nav.loans} (1)`);
  expect(await page.getByTestId('user-deposits').textContent()).toContain(shell.nav.recharges);
  await page.getByTestId('user-deposits').getByText('250').first().waitFor();
  expect(await page.getByTestId('user-withdrawals').textContent()).toContain(shell.nav.withdrawals);
  expect(await page.getByTestId('user-audit').textContent()).toContain(shell.nav.audit);
  // Nothing in the drawer scrolls sideways, the statement's table included.
  const drawerOverflow = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Drawer-body, .mantine-Drawer-body table')].some((b) => {
      const box = b.tagName === 'TABLE' ? b.parentElement : b;
      return !box || box.scrollWidth > box.clientWidth + 1;
    }),
  );
  expect(drawerOverflow).toBe(false);
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page.getByTestId('user-loans').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await screenshot(page, 'console-user-view-en-1440', false);
  await context.close();

  // The same view in Arabic on a phone: right to left, the whole width, nothing sideways.
  const phone = await staffPage(
    browser,
    { token: login.token, user: { id, username, roles } },
    'ar',
    'phone',
  );
  await phone.page.goto(server.url('/console/risk/loans'));
  const peopleAr = locale('console-people', 'ar');
  // On a phone the queue's rows are cards; the application is the only one waiting.
  await phone.page.getByText(loan.serialNo).waitFor();
  await phone.page.getByRole('button', { name: peopleAr.view }).first().click();
  await phone.page.getByTestId('user-loans').getByText(loan.serialNo).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const phoneOverflow = await phone.page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Drawer-body')].some((b) => b.scrollWidth > b.clientWidth + 1),
  );
  expect(phoneOverflow).toBe(false);
  await phone.page.getByTestId('user-loans').scrollIntoViewIfNeeded();
  await phone.page.waitForTimeout(300);
  await screenshot(phone.page, 'console-user-view-ar-360', false);
  await phone.context.close();
}, 150_000);
