/**
 * The start-up loan pages (issue 7) in a real browser: the demo buyer's real name is verified through
 * the API (submitted, then approved by demorisk); the landing page's claims come from the
 * configuration and its calculator answers live; the buyer applies in the browser (photo upload,
 * live schedule and total cost, agreement, translated errors); demorisk approves through the API; the
 * wallet shows the money; the buyer repays instalment by instalment in the browser until the loan is
 * repaid; the ledger audit (as demofinance) is clean. Every page photographed in English and Arabic
 * at 1440 px and 360 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  launchBrowser,
  loginAs,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  settled,
  startServer,
  uploadPng,
  waitForToast,
} from './harness.ts';
import { type Api, deposit, locale, type StorefrontUser, signIn, storefrontPage } from './journeys.ts';
import { passportPng } from './test-images.ts';

const en = locale('loans', 'en');
const ar = locale('loans', 'ar');
const errorsEn = locale('errors', 'en');
const errorsAr = locale('errors', 'ar');
const FUND = '246810';
const REAL_NAME = 'Demo Buyer';

let server: RunningServer;
let browser: Browser;
let buyer: string;
let buyerUser: StorefrontUser;
let asBuyer: Api;
let asRisk: Api;
let asFinance: Api;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ token: buyer, user: buyerUser, api: asBuyer } = await signIn(server));
  asRisk = apiAs(server, await loginAs(server, 'demorisk'));
  asFinance = apiAs(server, await loginAs(server, 'demofinance'));
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

/** A signed-in page (token and userInfo in local storage, as the sign-in page leaves them). */
async function signedIn(viewport: 'desktop' | 'phone' = 'desktop') {
  const { context, page } = await storefrontPage(browser, { token: buyer, user: buyerUser }, viewport);
  return { context, page };
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

const walletBalance = async () => (await asBuyer('/api/wallet/usdt')).data.balance as string;

describe('loan pages', () => {
  it('verifies the demo buyer real name through the API (submit, then demorisk approves)', async () => {
    const me = await asBuyer('/api/get/local/user');
    if (me.data.realNameStatus !== 'approved') {
      const front = await uploadPng(server, buyer, 'verification');
      const back = await uploadPng(server, buyer, 'verification');
      const submitted = await asBuyer('/api/identity/realname/submit', {
        realName: REAL_NAME,
        idNumber: 'E12345678',
        nationality: 'Singapore',
        frontImg: front,
        backImg: back,
      });
      expect(submitted.code, JSON.stringify(submitted)).toBe(0);
      const pending = await asRisk('/api/admin/identity/list', { status: 'pending', pageSize: 100 });
      const application = pending.data.pageList.find((a: { username: string }) => a.username === 'demobuyer');
      expect(application).toBeTruthy();
      const reviewed = await asRisk('/api/admin/identity/review', { id: application.id, approve: true });
      expect(reviewed.code, JSON.stringify(reviewed)).toBe(0);
    }
    // Loans need advanced (C3) verification by default (verify_level_loan).
    if (me.data.c3Status !== 'approved') {
      const photo = () => uploadPng(server, buyer, 'verification');
      const c3 = { frontImg: await photo(), backImg: await photo(), handheldImg: await photo() };
      expect((await asBuyer('/api/identity/c3/submit', c3)).code).toBe(0);
      const pending = await asRisk('/api/admin/identity/list', {
        status: 'pending',
        kind: 'c3',
        pageSize: 100,
      });
      const application = pending.data.pageList.find((a: { username: string }) => a.username === 'demobuyer');
      expect((await asRisk('/api/admin/identity/review', { id: application.id, approve: true })).code).toBe(
        0,
      );
    }
    const mine = await asBuyer('/api/loan/my');
    expect(mine.data).toMatchObject({ realNameStatus: 'approved', canApply: true, loan: null });
  });

  it('shows the configured claims and a live calculator; photographs landing and form', async () => {
    const config = (await apiAs(server, undefined)('/api/loan/config')).data;
    expect(config.claims).toMatchObject({ amountMin: '100000', amountMax: '30000000', maxTermDays: 365 });
    const { context, page } = await signedIn();
    await page.goto(server.url('/credit?lang=en'));
    await page.getByRole('heading', { level: 1, name: en.title.landing }).waitFor();
    const claims = page.locator('[data-testid=loan-claims]');
    await claims.getByText(fill(en.landing.maxTermValue, { days: 365 })).waitFor();
    await claims.getByText(fill(en.landing.reviewValue, { hours: 1 })).waitFor();
    await claims.getByText(en.landing.payoutSameDay).waitFor();
    expect(await claims.textContent()).toContain('100,000');
    expect(await claims.textContent()).toContain('30,000,000');

    // The calculator: a bad amount is refused in the user's language, a good one priced at once.
    const amount = page.getByLabel(en.calc.amount);
    await amount.fill('99999');
    await page.getByText(errorsEn.LOAN_BELOW_MIN).waitFor();
    await amount.fill('120000.123');
    await page.getByText(errorsEn.AMOUNT_FORMAT).waitFor();
    await amount.fill('120000');
    await page.getByLabel(en.calc.term, { exact: true }).selectOption('90');
    await page.getByRole('radio', { name: fill(en.calc.methods.instalments, { days: 30 }) }).check();
    const quote = page.locator('[data-testid=loan-quote]');
    await quote.locator('[data-testid=quote-total]', { hasText: '121,442.86 USDT' }).waitFor();
    await expect(quote.locator('[data-testid=quote-interest]').textContent()).resolves.toBe('1,442.86 USDT');
    await expect
      .poll(() => page.locator('[data-testid=loan-quote-schedule] [data-testid=loan-instalment]').count())
      .toBe(3);
    // Keyboard: the method radios move with the arrow keys.
    await page.getByRole('radio', { name: en.calc.methods.maturity }).focus();
    await page.keyboard.press('ArrowDown');
    expect(
      await page.getByRole('radio', { name: fill(en.calc.methods.instalments, { days: 30 }) }).isChecked(),
    ).toBe(true);
    await settled(page);
    await screenshot(page, 'loans/credit-calculator-en-1440');
    await context.close();

    for (const [lang, messages] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const width = viewport === 'desktop' ? 1440 : 360;
        const { context, page } = await signedIn(viewport);
        await page.goto(server.url(`/credit?lang=${lang}`));
        await page.getByRole('heading', { level: 1, name: messages.title.landing }).waitFor();
        await page
          .locator('[data-testid=loan-quote-schedule] [data-testid=loan-instalment]')
          .first()
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await noHorizontalOverflow(page), `credit ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `loans/credit-${lang}-${width}`);

        await page.goto(server.url(`/credit/application?lang=${lang}`));
        await page.getByRole('heading', { level: 1, name: messages.title.application }).waitFor();
        await page
          .locator('[data-testid=loan-quote-schedule] [data-testid=loan-instalment]')
          .first()
          .waitFor();
        // Nothing filled in but the defaults: every missing field says so, in the user's language.
        await page.getByRole('button', { name: messages.apply.submit }).click();
        await page
          .getByText(lang === 'ar' ? errorsAr.LOAN_AGREEMENT_REQUIRED : errorsEn.LOAN_AGREEMENT_REQUIRED)
          .waitFor();
        await page.getByText(messages.apply.photoRequired).waitFor();
        expect(await noHorizontalOverflow(page), `application ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `loans/application-${lang}-${width}`);
        await context.close();
      }
    }
  }, 240_000);

  it('applies in the browser; risk approves; the wallet shows the money; repaid in instalments', async () => {
    const before = await walletBalance();
    expect(before).toBe('0');
    const { context, page } = await signedIn();
    await page.goto(server.url('/credit/application?lang=en'));
    await page.getByRole('heading', { level: 1, name: en.title.application }).waitFor();
    // The verified name is filled in; another name is refused by the server, translated.
    await expect(page.getByLabel(en.apply.realName).inputValue()).resolves.toBe(REAL_NAME);
    await page.getByLabel(en.apply.nationality).fill('Singapore');
    await page.getByLabel(en.apply.idType).selectOption('passport');
    await page.getByLabel(en.apply.idNumber).fill('E12345678');
    await page.locator('input[type=file]').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: passportPng(),
    });
    await page.getByText(en.apply.uploaded).waitFor();
    await page.getByLabel(en.calc.amount).fill('120000');
    await page.getByLabel(en.calc.term, { exact: true }).selectOption('90');
    await page.getByRole('radio', { name: fill(en.calc.methods.instalments, { days: 30 }) }).check();
    await page
      .locator('[data-testid=loan-quote] [data-testid=quote-total]', { hasText: '121,442.86 USDT' })
      .waitFor();
    await page.getByLabel(en.apply.agree).check();
    await page.getByLabel(en.apply.realName).fill('Someone Else');
    await page.getByRole('button', { name: en.apply.submit }).click();
    await waitForToast(page, errorsEn.LOAN_NAME_MISMATCH);
    expect((await asBuyer('/api/loan/my')).data.loan).toBeNull();
    await page.getByLabel(en.apply.realName).fill(REAL_NAME);
    await settled(page);
    await screenshot(page, 'loans/application-filled-en-1440');

    await page.getByRole('button', { name: en.apply.submit }).click();
    await waitForToast(page, en.apply.submitted);
    await page.waitForURL(/\/credit\/myLoan\?.*lang=en/);
    await page
      .locator('[data-testid=loan-status]', { hasText: en.myLoan.statuses.applying })
      .first()
      .waitFor();
    await page.getByText(fill(en.myLoan.reviewNote, { hours: 1 })).waitFor();
    await settled(page);
    await screenshot(page, 'loans/my-loan-applying-en-1440');

    // The risk operator approves through the API: the principal is paid into the wallet.
    const list = await asRisk('/api/admin/loans/list', { status: 'applying' });
    const application = list.data.pageList.find((l: { username: string }) => l.username === 'demobuyer');
    expect(application).toMatchObject({ amount: '120000', idType: 'passport', idNumber: 'E12345678' });
    const approved = await asRisk('/api/admin/loans/approve', { id: application.id });
    expect(approved.code, JSON.stringify(approved)).toBe(0);
    const lent = await walletBalance();
    expect(Number(lent) - Number(before)).toBe(120000);
    // The buyer's own money for the interest.
    // Money of the buyer's own for the interest: a chain deposit that finance approves.
    await deposit(server, buyer, '2000', { finance: asFinance, remark: 'received' });

    // The wallet page shows the money.
    await page.goto(server.url('/userInfo/money-package?lang=en'));
    await page.locator('[data-testid=wallet-balance]', { hasText: '122,000.00 USDT' }).waitFor();

    // Repay instalment by instalment in the browser.
    await page.goto(server.url('/credit/myLoan?lang=en'));
    await page
      .locator('[data-testid=loan-status]', { hasText: en.myLoan.statuses.success })
      .first()
      .waitFor();
    await expect.poll(() => page.locator('[data-testid=loan-instalment]').count()).toBe(3);
    await settled(page);
    await screenshot(page, 'loans/my-loan-running-en-1440');
    const paidAmounts: string[] = [];
    for (let seq = 1; seq <= 3; seq++) {
      const info = (await asBuyer('/api/loan/my')).data.loan;
      expect(info.nextRepayment.seq).toBe(seq);
      const due = info.nextRepayment.amount as string;
      const option = page.getByRole('radio', { name: new RegExp(fill(en.repay.instalmentOf, { seq })) });
      await option.check();
      if (seq === 1) {
        // A wrong fund password: refused, translated, nothing paid.
        await page.locator('input[name=fundPassword]').fill('135790');
        await page.getByRole('button', { name: /^Repay / }).click();
        await page.getByRole('dialog').getByRole('button', { name: en.repay.confirm }).click();
        await waitForToast(page, errorsEn.WRONG_FUND_PASSWORD);
        expect((await asBuyer('/api/loan/my')).data.loan.paidAmount).toBe('0');
      }
      await page.locator('input[name=fundPassword]').fill(FUND);
      await page.getByRole('button', { name: /^Repay / }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(en.repay.confirmTitle).waitFor();
      if (seq === 1) {
        await page.waitForTimeout(300);
        await screenshot(page, 'loans/repay-confirm-en-1440', false);
      }
      await dialog.getByRole('button', { name: en.repay.confirm }).click();
      await waitForToast(page, en.repay.done);
      await dialog.waitFor({ state: 'detached' });
      paidAmounts.push(due);
      if (seq < 3) {
        await page
          .locator('[data-testid=loan-instalment][data-status=paid]')
          .nth(seq - 1)
          .waitFor();
      }
    }
    await page.locator('[data-testid=loan-status]', { hasText: en.myLoan.statuses.repaid }).first().waitFor();
    await page.getByText(en.myLoan.repaidNote).waitFor();
    expect(await page.locator('[data-testid=loan-instalment][data-status=paid]').count()).toBe(3);
    const done = (await asBuyer('/api/loan/my')).data;
    expect(done.loan).toMatchObject({ status: 'repaid', outstandingPrincipal: '0', nextRepayment: null });
    expect(done.loan.events.map((e: { type: string }) => e.type)).toEqual([
      'applied',
      'approved',
      'repayment',
      'repayment',
      'repayment',
      'repaid',
    ]);
    // Two instalments as scheduled; the last one left is the whole loan, priced as a payoff: its
    // principal plus one started day of interest, 40,239.51 × 0.0002 = 8.047902 → 8.04 (cents).
    expect(paidAmounts).toEqual(['40480.96', '40480.96', '40247.55']);
    expect(done.loan.paidAmount).toBe('121209.47');
    expect(await walletBalance()).toBe('790.53');
    await settled(page);
    await screenshot(page, 'loans/my-loan-repaid-en-1440');

    const audit = await apiAs(server, await loginAs(server, 'demofinance'))('/api/admin/ledger/audit');
    expect(audit.data.ok, JSON.stringify(audit.data)).toBe(true);
    await context.close();
  }, 180_000);

  it('photographs my loan (running, with the repay panel) in English and Arabic at 1440 and 360 px', async () => {
    // A second loan, maturity this time, approved at once: a running loan to show.
    const photo = await uploadPng(server, buyer, 'verification');
    const applied = await asBuyer('/api/loan/apply', {
      realName: REAL_NAME,
      nationality: 'Singapore',
      idType: 'id_card',
      idNumber: 'S1234567D',
      idPhoto: photo,
      amount: '250000',
      termDays: 180,
      method: 'maturity',
      agree: true,
    });
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    expect((await asRisk('/api/admin/loans/approve', { id: applied.data.id })).code).toBe(0);
    for (const [lang, messages] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const width = viewport === 'desktop' ? 1440 : 360;
        const { context, page } = await signedIn(viewport);
        await page.goto(server.url(`/credit/myLoan?lang=${lang}`));
        await page.getByRole('heading', { level: 1, name: messages.title.myLoan }).waitFor();
        await page
          .locator('[data-testid=loan-status]', { hasText: messages.myLoan.statuses.success })
          .first()
          .waitFor();
        await page.locator('[data-testid=loan-history] li').nth(1).waitFor();
        // A fund password that is not six digits is stopped in the browser (the server would count it).
        await page.locator('input[name=fundPassword]').fill('12');
        await page
          .getByRole('button', { name: new RegExp(fill(messages.repay.submit, { amount: '.*' })) })
          .click();
        await page
          .getByText(lang === 'ar' ? errorsAr.FUND_PASSWORD_FORMAT : errorsEn.FUND_PASSWORD_FORMAT)
          .waitFor();
        expect(await noHorizontalOverflow(page), `my loan ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `loans/my-loan-${lang}-${width}`);
        // The repaid loan from the history, by its own link.
        await page.locator('[data-testid=loan-history] li').nth(1).getByRole('link').click();
        await page
          .locator('[data-testid=loan-status]', { hasText: messages.myLoan.statuses.repaid })
          .first()
          .waitFor();
        expect(await noHorizontalOverflow(page), `repaid loan ${lang} ${width}`).toBe(true);
        await settled(page);
        await screenshot(page, `loans/my-loan-repaid-${lang}-${width}`);
        await context.close();
      }
    }
  }, 240_000);
});
