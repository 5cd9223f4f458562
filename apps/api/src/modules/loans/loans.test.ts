/**
 * Start-up loans through the HTTP API, on both dialects: configuration and calculator (checked
 * against hand calculations), every bad input refused with its catalogue key and nothing written,
 * one open loan at a time, the risk operator's decision exactly once, the whole path from
 * application to repaid with a clean ledger, and the overdue job under a travelling clock.
 */
import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { verifyIdentity } from '../verification/verification.test-helpers.ts';

const DAY = 86_400_000;
const FUND = '246810';
const novamart = BRANDS.find((b) => b.key === 'novamart')!;

interface Borrower extends Registered {
  realName: string;
  photo: string;
}

describeEachDialect('start-up loans', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  let admin: Registered;
  /** Everyone signed in: sessions slide 7 days, so time travel keeps them alive as a heartbeat would. */
  const live: Registered[] = [];

  /** Moves the clock forward in steps shorter than a session's life, with a heartbeat per step. */
  async function travel(ms: number) {
    let left = ms;
    while (left > 0) {
      const step = Math.min(left, 6 * DAY);
      t.clock.advance(step);
      left -= step;
      for (const user of live) await call(t, 'POST', '/api/user!heartbeat.action', {}, { token: user.token });
    }
  }

  const post = (url: string, payload: Record<string, unknown>, user?: Registered) =>
    call(t, 'POST', url, payload, { token: user?.token });

  /** Rows of every table a loan call may write: the same before and after means nothing was written. */
  async function snapshot() {
    const tables = [
      'loans',
      'loan_events',
      'loan_instalments',
      'loan_repayments',
      'ledger_transfers',
      'audit_log',
      'jobs',
    ] as const;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      counts[table] = Number(row?.n ?? 0);
    }
    return counts;
  }

  /** Expects the call to fail with `key` and to leave every loan-related table as it was. */
  async function refused(key: string, run: () => Promise<{ key?: string; code: number; msg?: string }>) {
    const before = await snapshot();
    const reply = await run();
    expect(reply.key, JSON.stringify(reply)).toBe(key);
    expect(await snapshot()).toEqual(before);
    return reply;
  }

  async function photo(user: Registered): Promise<string> {
    return (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
  }

  /** A user with a fund password and, unless `verified` is false, an approved real name and C3. */
  async function borrower(realName = 'Li Wei', verified = true): Promise<Borrower> {
    const user = await register(t);
    expect((await post('/api/user/SetSafeWord', { safeword: FUND, reSafeword: FUND }, user)).code).toBe(0);
    const idPhoto = await photo(user);
    if (verified) {
      const submitted = await post(
        '/api/identity/realname/submit',
        { realName, idNumber: 'E12345678', nationality: 'China', frontImg: idPhoto, backImg: idPhoto },
        user,
      );
      expect(submitted.code).toBe(0);
      const list = await post('/api/admin/identity/list', { status: 'pending', pageSize: 100 }, risk);
      const application = list.data.pageList.find((a: { userId: string }) => a.userId === user.userId);
      expect(
        (await post('/api/admin/identity/review', { id: application.id, approve: true }, risk)).code,
      ).toBe(0);
      // Loans need advanced (C3) verification by default (verify_level_loan, modules/verification).
      await verifyIdentity(t, user, risk, 'c3');
    }
    live.push(user);
    return { ...user, realName, photo: idPhoto };
  }

  const application = (user: Borrower, extra: Record<string, unknown> = {}) => ({
    realName: user.realName,
    nationality: 'China',
    idType: 'passport',
    idNumber: 'E12345678',
    idPhoto: user.photo,
    amount: '120000',
    termDays: 90,
    method: 'instalments',
    agree: true,
    ...extra,
  });

  async function credit(user: Registered, amount: bigint) {
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(user.userId),
      amount,
      kind: 'recharge',
    });
  }

  const balance = async (user: Registered) => (await post('/api/wallet/usdt', {}, user)).data.balance;
  const accountBalance = async (id: string) => (await t.services.ledger.balanceOf(t.db.kysely, id)).balance;

  /** Applies and has risk approve: a running loan. */
  async function runningLoan(user: Borrower, extra: Record<string, unknown> = {}) {
    const applied = await post('/api/loan/apply', application(user, extra), user);
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    const approved = await post('/api/admin/loans/approve', { id: applied.data.id }, risk);
    expect(approved.code, JSON.stringify(approved)).toBe(0);
    return approved.data;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
    live.push(risk, admin);
    // Underwriting (loan-eligibility.ts) is tested on its own: here any account may borrow.
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    await t.services.params.set(brand, 'loan_min_account_age_days', '0');
    await t.services.params.set(brand, 'loan_limit_base', '30000000');
  });
  afterAll(() => t.close());

  describe('product and calculator', () => {
    it('answers the configured product and the landing claims, also through /api/get/params', async () => {
      const config = await call(t, 'GET', '/api/loan/config');
      expect(config).toMatchObject({
        code: 0,
        data: {
          product: {
            currency: 'USDT',
            amountMin: '100000',
            amountMax: '30000000',
            amountDecimals: 2,
            termsDays: [30, 90, 180, 365],
            maxTermDays: 365,
            annualRateBp: 730,
            overdueAnnualRateBp: 1095,
            methods: ['maturity', 'instalments'],
            cycleDays: 30,
            payoutMethod: 'wallet',
            dayCount: 'actual/365',
          },
          claims: {
            amountMin: '100000',
            amountMax: '30000000',
            maxTermDays: 365,
            reviewHours: 1,
            payoutDays: 0,
          },
        },
      });
      const params = await call(t, 'GET', '/api/get/params', { code: 'loan_amount_min,loan_review_hours' });
      expect(params.data).toEqual({ loan_amount_min: '100000', loan_review_hours: '1' });
    });

    it('follows the operator: the claims change with the params of one brand only', async () => {
      const lumen = BRANDS.find((b) => b.key === 'lumen')!;
      await t.services.params.set(lumen, 'loan_review_hours', '2');
      await t.services.params.set(lumen, 'loan_terms_days', '60,30,400,abc');
      const other = await call(t, 'GET', '/api/loan/config', {}, { host: 'lumen.localhost' });
      expect(other.data.claims.reviewHours).toBe(2);
      // Terms over a year and nonsense are never offered.
      expect(other.data.product.termsDays).toEqual([30, 60]);
      expect(other.data.claims.maxTermDays).toBe(60);
      expect((await call(t, 'GET', '/api/loan/config')).data.claims.reviewHours).toBe(1);
      expect(novamart.key).toBe('novamart');
    });

    it('computes principal and interest at maturity by hand: 100,000 × 7.30% × 90 / 365 = 1,800', async () => {
      const quote = await call(t, 'GET', '/api/loan/calculate', {
        amount: '100000',
        termDays: '90',
        method: 'maturity',
      });
      expect(quote.data).toMatchObject({
        amount: '100000',
        termDays: 90,
        method: 'maturity',
        annualRateBp: 730,
        totalInterest: '1800',
        totalRepayment: '101800',
      });
      expect(quote.data.instalments).toEqual([
        {
          seq: 1,
          // Paid out now (2026-11-22 12:00 Shanghai) + 90 days.
          dueTime: '2027-02-20 12:00:00',
          days: 90,
          principal: '100000',
          interest: '1800',
          amount: '101800',
          remainingPrincipal: '0',
          status: 'pending',
          overdueInterest: '0',
          paidAmount: '0',
          paidTime: null,
        },
      ]);
    });

    it('computes equal instalments by hand (an annuity, rounded as documented)', async () => {
      // 120,000 USDT over 90 days in 30-day cycles at 7.30% a year:
      //   r = 0.0730 × 30 / 365 = 0.006 per cycle; 1.006^3 = 1.018108216
      //   A = 120,000 × 0.006 × 1.018108216 / 0.018108216 = 40,480.957125759931…
      //     → rounded up to the cent: 40,480.96 (every amount a loan computes is whole cents)
      //   1: interest 120,000 × 0.006 = 720; principal 40,480.96 − 720 = 39,760.96; owed 80,239.04
      //   2: interest 80,239.04 × 0.006 = 481.43424 → 481.43 (down to the cent);
      //      principal 39,999.53; owed 40,239.51
      //   3: interest 40,239.51 × 0.006 = 241.43706 → 241.43;
      //      principal = what is owed, 40,239.51; instalment 40,480.94
      //   interest 720 + 481.43 + 241.43 = 1,442.86
      const quote = await call(t, 'POST', '/api/loan/calculate', {
        amount: '120000',
        termDays: 90,
        method: 'instalments',
      });
      expect(quote.data.totalInterest).toBe('1442.86');
      expect(quote.data.totalRepayment).toBe('121442.86');
      expect(
        quote.data.instalments.map((i: Record<string, unknown>) => [
          i.dueTime,
          i.days,
          i.principal,
          i.interest,
          i.amount,
          i.remainingPrincipal,
        ]),
      ).toEqual([
        ['2026-12-22 12:00:00', 30, '39760.96', '720', '40480.96', '80239.04'],
        ['2027-01-21 12:00:00', 30, '39999.53', '481.43', '40480.96', '40239.51'],
        ['2027-02-20 12:00:00', 30, '40239.51', '241.43', '40480.94', '0'],
      ]);
    });

    it('ends a year of instalments with a shorter period and owes exactly the principal', async () => {
      const quote = (
        await call(t, 'GET', '/api/loan/calculate', {
          amount: '30000000',
          termDays: 365,
          method: 'instalments',
        })
      ).data;
      expect(quote.instalments).toHaveLength(13);
      expect(quote.instalments.map((i: { days: number }) => i.days)).toEqual([
        30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 5,
      ]);
      const principal = quote.instalments
        .map((i: { principal: string }) => toUnits(i.principal))
        .reduce((a: bigint, b: bigint) => a + b, 0n);
      expect(principal).toBe(units(30_000_000));
      expect(quote.instalments.at(-1).remainingPrincipal).toBe('0');
    });

    it('refuses amounts out of range or with too many decimals, terms over a year and unknown methods', async () => {
      const calc = (payload: Record<string, unknown>) =>
        call(t, 'GET', '/api/loan/calculate', {
          amount: '100000',
          termDays: 90,
          method: 'maturity',
          ...payload,
        });
      expect(await calc({ amount: '99999.99' })).toMatchObject({
        key: 'LOAN_BELOW_MIN',
        data: { min: '100000' },
      });
      expect(await calc({ amount: '30000000.01' })).toMatchObject({ key: 'LOAN_ABOVE_MAX' });
      expect(await calc({ amount: '900000000000' })).toMatchObject({ key: 'LOAN_ABOVE_MAX' });
      expect(await calc({ amount: '100000.001' })).toMatchObject({ key: 'AMOUNT_FORMAT' });
      expect(await calc({ amount: '1e6' })).toMatchObject({ key: 'AMOUNT_FORMAT' });
      expect(await calc({ amount: '-100000' })).toMatchObject({ key: 'AMOUNT_FORMAT' });
      expect(await calc({ termDays: 366 })).toMatchObject({ key: 'LOAN_TERM_INVALID' });
      expect(await calc({ termDays: 45 })).toMatchObject({ key: 'LOAN_TERM_INVALID' });
      expect(await calc({ termDays: 1.5 })).toMatchObject({ key: 'PARAMETER_ERROR' });
      expect(await calc({ method: 'weekly' })).toMatchObject({
        key: 'PARAMETER_ERROR',
        data: { field: 'method' },
      });
    });
  });

  describe('applying', () => {
    it('refuses every bad value with its catalogue key and writes nothing', async () => {
      const user = await borrower('Wang Fang');
      const apply = (extra: Record<string, unknown>) => () =>
        post('/api/loan/apply', application(user, extra), user);
      await refused('LOAN_BELOW_MIN', apply({ amount: '99999' }));
      await refused('LOAN_ABOVE_MAX', apply({ amount: '30000001' }));
      await refused('AMOUNT_FORMAT', apply({ amount: '150000.123' }));
      await refused('LOAN_TERM_INVALID', apply({ termDays: 400 }));
      await refused('LOAN_ID_PHOTO_REQUIRED', apply({ idPhoto: '' }));
      await refused('LOAN_ID_PHOTO_REQUIRED', apply({ idPhoto: undefined }));
      await refused('LOAN_AGREEMENT_REQUIRED', apply({ agree: false }));
      await refused('LOAN_AGREEMENT_REQUIRED', apply({ agree: undefined }));
      await refused('REAL_NAME_FORMAT', apply({ realName: 'x' }));
      await refused('ID_NUMBER_FORMAT', apply({ idNumber: 'E1-23' }));
      await refused('MISSING_PARAMETER', apply({ nationality: '' }));
      await refused('PARAMETER_ERROR', apply({ idType: 'licence' }));
      // Someone else's name, or someone else's picture.
      await refused('LOAN_NAME_MISMATCH', apply({ realName: 'Zhang San' }));
      const stranger = await register(t);
      await refused('IMAGE_NOT_FOUND', apply({ idPhoto: await photo(stranger) }));
      // Without a session.
      await refused('NOT_LOGGED_IN', () => call(t, 'POST', '/api/loan/apply', application(user)));
    });

    it('needs a verified real name: otherwise the qualification conditions are not met', async () => {
      const unverified = await borrower('Chen Jie', false);
      const reply = await refused('QUALIFICATION_NOT_MET', () =>
        post('/api/loan/apply', application(unverified), unverified),
      );
      expect(reply.msg).toBe('Qualification conditions not met');
      const mine = (await post('/api/loan/my', {}, unverified)).data;
      expect(mine).toMatchObject({ loan: null, canApply: false, realNameStatus: 'none' });
    });

    it('allows one open application or loan at a time, even when two arrive together', async () => {
      const user = await borrower('Zhao Lei');
      const [a, b] = await Promise.all([
        post('/api/loan/apply', application(user), user),
        post('/api/loan/apply', application(user), user),
      ]);
      const outcomes = [a.key ?? 'ok', b.key ?? 'ok'].sort();
      expect(outcomes).toEqual(['LOAN_ALREADY_OPEN', 'ok']);
      const first = a.code === 0 ? a.data : b.data;
      expect(first).toMatchObject({
        status: 'applying',
        statusCode: 0,
        realName: 'Zhao Lei',
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E1****78',
        totalInterest: '1442.86',
        estimatedRepayment: '121442.86',
        outstandingPrincipal: '0',
        disburseTime: null,
        canReapply: false,
      });
      expect(first.serialNo).toMatch(/^L\d{14}\d{6}$/);
      expect(first.instalments).toHaveLength(3);
      expect(first.events).toEqual([
        {
          id: expect.any(String),
          type: 'applied',
          status: 'applying',
          time: '2026-11-22 12:00:00',
          amount: '120000',
          seq: null,
          remark: null,
        },
      ]);
      await refused('LOAN_ALREADY_OPEN', () => post('/api/loan/apply', application(user), user));
      const mine = (await post('/api/loan/my', {}, user)).data;
      expect(mine).toMatchObject({ canApply: false, realNameStatus: 'approved', realName: 'Zhao Lei' });
      expect(mine.loan.id).toBe(first.id);
      const history = (await post('/api/loan/history', {}, user)).data;
      expect(history.pageInfo).toEqual({ pageNum: 1, pageSize: 20, total: 1 });
    });
  });

  describe('risk review', () => {
    it('is for the risk role, scoped to the brand, and never on oneself', async () => {
      const user = await borrower('Sun Mei');
      const { data: loan } = await post('/api/loan/apply', application(user), user);
      await refused('NO_PERMISSION', () => post('/api/admin/loans/approve', { id: loan.id }, user));
      await refused('NO_PERMISSION', () => post('/api/admin/loans/approve', { id: loan.id }, admin));
      await refused('LOAN_NOT_FOUND', () => post('/api/admin/loans/approve', { id: 'nope' }, risk));
      // The admin may read the book; the list shows the full id number.
      const list = await post('/api/admin/loans/list', { status: 'applying', userId: user.userId }, admin);
      expect(list.data.pageList).toHaveLength(1);
      expect(list.data.pageList[0]).toMatchObject({
        id: loan.id,
        idNumber: 'E12345678',
        userId: user.userId,
      });
      // A risk operator who applied for a loan cannot approve it.
      const self = await borrower('Qian Yu');
      await grantRoles(t, self.userId, ['buyer', 'risk']);
      const own = await post('/api/loan/apply', application(self), self);
      await refused('CANNOT_ACT_ON_SELF', () => post('/api/admin/loans/approve', { id: own.data.id }, self));
    });

    it('approves once: the money is paid out once, a second approval or a refusal is refused', async () => {
      const user = await borrower('Zhou Min');
      const { data: loan } = await post('/api/loan/apply', application(user, { amount: '150000' }), user);
      const book = await accountBalance(ledgerAccounts.loanBook().id);
      const approved = await post(
        '/api/admin/loans/approve',
        { id: loan.id, remark: 'documents fine' },
        risk,
      );
      expect(approved.data).toMatchObject({ status: 'success', outstandingPrincipal: '150000' });
      expect(await balance(user)).toBe('150000');
      expect(await accountBalance(ledgerAccounts.loanBook().id)).toBe(book - units(150000));
      await refused('LOAN_ALREADY_REVIEWED', () => post('/api/admin/loans/approve', { id: loan.id }, risk));
      await refused('LOAN_ALREADY_REVIEWED', () =>
        post('/api/admin/loans/refuse', { id: loan.id, reason: 'late' }, risk),
      );
      expect(await balance(user)).toBe('150000');
      const audit = await call(
        t,
        'GET',
        '/api/admin/audit/list',
        { targetType: 'loan', targetId: loan.id },
        { token: admin.token },
      );
      expect(audit.data.pageList.map((e: { action: string }) => e.action)).toEqual(['loan.approve']);
    });

    it('decides once when approval and refusal arrive together', async () => {
      const user = await borrower('Wu Hao');
      const { data: loan } = await post('/api/loan/apply', application(user), user);
      const [a, b] = await Promise.all([
        post('/api/admin/loans/approve', { id: loan.id }, risk),
        post('/api/admin/loans/refuse', { id: loan.id, reason: 'income unclear' }, risk),
      ]);
      expect([a.key ?? 'ok', b.key ?? 'ok'].sort()).toEqual(['LOAN_ALREADY_REVIEWED', 'ok']);
      const transfers = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select('id')
        .where('reference', '=', loan.id)
        .execute();
      const info = (await post('/api/loan/info', { id: loan.id }, user)).data;
      if (a.code === 0) {
        expect(info.status).toBe('success');
        expect(transfers).toHaveLength(1);
        expect(await balance(user)).toBe('120000');
      } else {
        expect(info.status).toBe('failed');
        expect(transfers).toHaveLength(0);
        expect(await balance(user)).toBe('0');
      }
      expect(info.events.map((e: { type: string }) => e.type)).toHaveLength(2);
    });

    it('refuses with a reason (audited); the user may apply again', async () => {
      const user = await borrower('Zheng Qi');
      const { data: loan } = await post('/api/loan/apply', application(user), user);
      await refused('MISSING_PARAMETER', () =>
        post('/api/admin/loans/refuse', { id: loan.id, reason: '' }, risk),
      );
      const reply = await post('/api/admin/loans/refuse', { id: loan.id, reason: 'income unclear' }, risk);
      expect(reply.data).toMatchObject({ status: 'failed', statusCode: 2, refuseReason: 'income unclear' });
      const mine = (await post('/api/loan/my', {}, user)).data;
      expect(mine).toMatchObject({
        canApply: true,
        loan: { id: loan.id, status: 'failed', canReapply: true },
      });
      expect(
        mine.loan.events.map((e: { type: string; remark: string | null }) => [e.type, e.remark]),
      ).toEqual([
        ['applied', null],
        ['refused', 'income unclear'],
      ]);
      expect(mine.loan.nextRepayment).toBeNull();
      const audit = await call(
        t,
        'GET',
        '/api/admin/audit/list',
        { targetType: 'loan', targetId: loan.id },
        { token: admin.token },
      );
      expect(audit.data.pageList[0]).toMatchObject({ action: 'loan.refuse', actorId: risk.userId });
      const again = await post('/api/loan/apply', application(user, { amount: '100000' }), user);
      expect(again).toMatchObject({ code: 0, data: { status: 'applying' } });
      expect((await post('/api/loan/history', {}, user)).data.pageInfo.total).toBe(2);
    });
  });

  describe('repaying', () => {
    it('runs the whole path: apply, approve, wallet, instalments, repaid, ledger in balance', async () => {
      const user = await borrower('Lin Tao');
      const interestBefore = await accountBalance(ledgerAccounts.platform('interest').id);
      const bookBefore = await accountBalance(ledgerAccounts.loanBook().id);
      const loan = await runningLoan(user);
      expect(loan).toMatchObject({
        status: 'success',
        disburseTime: '2026-11-22 12:00:00',
        maturityTime: '2027-02-20 12:00:00',
        outstandingPrincipal: '120000',
        nextRepayment: { type: 'instalment', seq: 1, amount: '40480.96', overdueInterest: '0' },
        // Repaid in full at once: one started day of interest, 120,000 × 0.0002 = 24.
        payoff: { type: 'full', amount: '120024', principal: '120000', interest: '24' },
      });
      expect(await balance(user)).toBe('120000');
      // The borrower needs the interest on top of the principal.
      await credit(user, units(2000));

      const schedule = (await post('/api/loan/schedule', { id: loan.id }, user)).data;
      expect(schedule).toMatchObject({ loanId: loan.id, status: 'success', estimated: false });
      expect(
        schedule.instalments.map((i: { dueTime: string; amount: string }) => [i.dueTime, i.amount]),
      ).toEqual([
        ['2026-12-22 12:00:00', '40480.96'],
        ['2027-01-21 12:00:00', '40480.96'],
        ['2027-02-20 12:00:00', '40480.94'],
      ]);

      const repay = (payload: Record<string, unknown>, as: Registered = user) =>
        post('/api/loan/repay', { id: loan.id, type: 'instalment', fundPassword: FUND, ...payload }, as);
      // Bad attempts: nothing written.
      await refused('LOAN_REPAY_EXCEEDS_OWED', () => repay({ type: 'full', amount: '120024.0000000001' }));
      await refused('LOAN_REPAY_EXCEEDS_OWED', () => repay({ amount: '200000' }));
      await refused('LOAN_REPAY_AMOUNT_CHANGED', () => repay({ amount: '40000' }));
      await refused('AMOUNT_FORMAT', () => repay({ amount: '1.00000000001' }));
      await refused('WRONG_FUND_PASSWORD', () => repay({ amount: '40480.96', fundPassword: '111111' }));
      const stranger = await borrower('He Jun');
      await credit(stranger, units(50000));
      await refused('LOAN_NOT_FOUND', () => repay({ amount: '40480.96' }, stranger));
      await refused('LOAN_NOT_FOUND', () => post('/api/loan/info', { id: loan.id }, stranger));
      await refused('LOAN_NOT_FOUND', () => post('/api/loan/schedule', { id: loan.id }, stranger));
      expect(await balance(stranger)).toBe('50000');

      // A month later, instalment 1 on its due day.
      await travel(30 * DAY);
      const first = await repay({ amount: '40480.96', requestKey: 'repay-1-abcdef' });
      expect(first.code, JSON.stringify(first)).toBe(0);
      expect(first.data).toMatchObject({
        status: 'success',
        outstandingPrincipal: '80239.04',
        paidAmount: '40480.96',
        nextRepayment: { seq: 2, amount: '40480.96' },
      });
      // The same request again (a double click) pays nothing more.
      const again = await repay({ amount: '40480.96', requestKey: 'repay-1-abcdef' });
      expect(again.data.paidAmount).toBe('40480.96');
      expect(await balance(user)).toBe('81519.04');

      await travel(30 * DAY);
      expect((await repay({ amount: '40480.96' })).data.nextRepayment.seq).toBe(3);
      // A day early the last instalment is the whole loan: interest for 29 started days only,
      // 40,239.51 × 0.0002 × 29 = 233.38916 → 233.38.
      await travel(29 * DAY);
      const early = (await post('/api/loan/info', { id: loan.id }, user)).data;
      expect(early.nextRepayment).toMatchObject({
        seq: 3,
        amount: '40472.89',
        interest: '233.38',
      });
      expect(early.payoff.amount).toBe('40472.89');
      await refused('LOAN_REPAY_EXCEEDS_OWED', () => repay({ amount: '40480.94' }));
      // On its due day (on time, not late): as scheduled.
      await travel(DAY);
      const last = await repay({ amount: '40480.94' });
      expect(last.data).toMatchObject({
        status: 'repaid',
        statusCode: 3,
        outstandingPrincipal: '0',
        paidAmount: '121442.86',
        accruedInterest: '1442.86',
        overdueInterest: '0',
        nextRepayment: null,
        payoff: null,
        canReapply: false,
      });
      expect(last.data.instalments.every((i: { status: string }) => i.status === 'paid')).toBe(true);
      expect(
        last.data.events.map((e: { type: string; status: string; seq: number | null }) => [
          e.type,
          e.status,
          e.seq,
        ]),
      ).toEqual([
        ['applied', 'applying', null],
        ['approved', 'success', null],
        ['repayment', 'success', 1],
        ['repayment', 'success', 2],
        ['repayment', 'repaid', 3],
        ['repaid', 'repaid', null],
      ]);
      await refused('LOAN_STATUS_INVALID', () => repay({ amount: '1' }));
      // 120,000 lent + 2,000 of her own − 121,442.86 paid back: exactly her own 2,000 less the total
      // interest the quote disclosed before she applied, to the last decimal (issue 26: no dust).
      expect(await balance(user)).toBe('557.14');
      expect(toUnits(await balance(user))).toBe(units(2000) - toUnits(loan.totalInterest));
      expect(await accountBalance(ledgerAccounts.platform('interest').id)).toBe(
        interestBefore + toUnits('1442.86'),
      );
      expect(await accountBalance(ledgerAccounts.loanBook().id)).toBe(bookBefore);
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
      // The user may borrow again.
      expect((await post('/api/loan/my', {}, user)).data).toMatchObject({
        canApply: true,
        loan: { status: 'repaid' },
      });
    });

    it('repays in full early with interest for the days started only', async () => {
      const user = await borrower('Xu Ning');
      const loan = await runningLoan(user, { method: 'maturity', amount: '100000', termDays: 180 });
      await credit(user, units(100));
      // 10 days and one hour later: 11 started days × 100,000 × 0.0002 = 220 (not 180 days' 3,600).
      await travel(10 * DAY + 3600_000);
      const info = (await post('/api/loan/info', { id: loan.id }, user)).data;
      expect(info.payoff).toMatchObject({ amount: '100220', principal: '100000', interest: '220' });
      // Its one instalment is the whole loan, so paying it now costs the same, never the 3,600 of 180 days.
      expect(info.nextRepayment).toMatchObject({ seq: 1, amount: '100220' });
      expect(info.accruedInterest).toBe('220');
      await refused('INSUFFICIENT_BALANCE', () =>
        post(
          '/api/loan/repay',
          { id: loan.id, type: 'instalment', amount: '100220', fundPassword: FUND },
          user,
        ),
      );
      await credit(user, units(120));
      const paid = await post(
        '/api/loan/repay',
        { id: loan.id, type: 'full', amount: '100220', fundPassword: FUND },
        user,
      );
      expect(paid.data).toMatchObject({ status: 'repaid', paidAmount: '100220', accruedInterest: '220' });
      expect(await balance(user)).toBe('0');
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
    });
  });

  describe('overdue', () => {
    it('turns a loan overdue exactly once when an instalment passes its due time unpaid', async () => {
      const user = await borrower('Ma Lin');
      const loan = await runningLoan(user);
      await credit(user, units(5000));
      const events = async () =>
        (await post('/api/loan/info', { id: loan.id }, user)).data.events.map(
          (e: { type: string }) => e.type,
        );

      // Just before the due time nothing happens.
      await travel(30 * DAY - 1);
      await t.services.jobs.runDue();
      expect((await post('/api/loan/info', { id: loan.id }, user)).data.status).toBe('success');

      // At the due time itself a payment is still on time.
      await travel(1);
      await t.services.jobs.runDue();
      expect((await post('/api/loan/info', { id: loan.id }, user)).data.status).toBe('success');

      await travel(1);
      await t.services.jobs.runDue();
      await t.services.jobs.runDue();
      // And directly, as a second process would: still once.
      await t.services.loans.markOverdue(loan.id, 1);
      const info = (await post('/api/loan/info', { id: loan.id }, user)).data;
      expect(info.status).toBe('overdue');
      expect(info.statusCode).toBe(4);
      expect(info.instalments[0].status).toBe('overdue');
      expect(info.instalments[1].status).toBe('pending');
      expect(await events()).toEqual(['applied', 'approved', 'overdue']);
      expect(info.events[2]).toMatchObject({
        type: 'overdue',
        status: 'overdue',
        seq: 1,
        amount: '40480.96',
      });

      // Three days and a bit late: 4 started days of overdue interest at 10.95% a year on the
      // instalment: 40,480.96 × 1095 × 4 / 3,650,000 = 48.577152 → 48.57.
      await travel(3 * DAY + 60_000);
      await t.services.jobs.runDue();
      const late = (await post('/api/loan/info', { id: loan.id }, user)).data;
      expect(late.instalments[0].overdueInterest).toBe('48.57');
      expect(late.nextRepayment).toMatchObject({
        seq: 1,
        amount: '40529.53',
        overdueInterest: '48.57',
      });
      expect(await events()).toEqual(['applied', 'approved', 'overdue']);

      // Paid: back to a running loan, and the next instalment goes overdue on its own day, once.
      const paid = await post(
        '/api/loan/repay',
        { id: loan.id, type: 'instalment', amount: '40529.53', fundPassword: FUND },
        user,
      );
      expect(paid.data).toMatchObject({ status: 'success', overdueInterest: '48.57' });
      expect(paid.data.instalments[0]).toMatchObject({ status: 'paid', paidAmount: '40529.53' });
      await travel(27 * DAY);
      await t.services.jobs.runDue();
      await t.services.jobs.runDue();
      expect(await events()).toEqual(['applied', 'approved', 'overdue', 'repayment', 'overdue']);
      const overdueRows = await t.db.kysely
        .selectFrom('loan_events')
        .select('seq')
        .where('loan_id', '=', loan.id)
        .where('type', '=', 'overdue')
        .execute();
      expect(overdueRows.map((r) => Number(r.seq))).toEqual([1, 2]);
      expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
    });
  });

  // Last: it travels past a due date, which would turn the loans of tests after it overdue.
  describe("the risk operator's list", () => {
    it('finds loans by keyword, sorts by time or amount, and keeps overdue loans apart', async () => {
      const apply = async (realName: string, amount: string) => {
        const user = await borrower(realName);
        const reply = await post('/api/loan/apply', application(user, { amount }), user);
        expect(reply.code, JSON.stringify(reply)).toBe(0);
        t.clock.advance(1000);
        return { user, loan: reply.data };
      };
      const late = await apply('Listing Ann', '100000');
      const big = await apply('Listing Bo', '150000');
      const mid = await apply('Listing Cy', '120000');
      await post('/api/admin/loans/approve', { id: late.loan.id }, risk);
      await travel(31 * DAY);
      await t.services.jobs.runDue();

      const ids = async (body: Record<string, unknown>) => {
        const reply = await post('/api/admin/loans/list', { pageSize: 50, ...body }, admin);
        expect(reply.code, JSON.stringify(reply)).toBe(0);
        return reply.data.pageList.map((l: { id: string }) => l.id);
      };
      // Part of the real name in any case; newest first by default.
      expect(await ids({ keyword: 'LISTING' })).toEqual([mid.loan.id, big.loan.id, late.loan.id]);
      expect(await ids({ keyword: 'listing', sort: 'applyTime', order: 'asc' })).toEqual([
        late.loan.id,
        big.loan.id,
        mid.loan.id,
      ]);
      expect(await ids({ keyword: 'listing', sort: 'amount', order: 'desc' })).toEqual([
        big.loan.id,
        mid.loan.id,
        late.loan.id,
      ]);
      // Serial number and user name exactly; a wildcard is a plain character.
      expect(await ids({ keyword: big.loan.serialNo })).toEqual([big.loan.id]);
      expect(await ids({ keyword: mid.user.username })).toEqual([mid.loan.id]);
      expect(await ids({ keyword: 'Listing_' })).toEqual([]);
      // Overdue loans on their own, and no longer among the running ones.
      expect(await ids({ keyword: 'listing', status: 'overdue' })).toEqual([late.loan.id]);
      expect(await ids({ keyword: 'listing', status: 'success' })).toEqual([]);
      expect(await ids({ keyword: 'listing', status: 'applying', sort: 'amount', order: 'asc' })).toEqual([
        mid.loan.id,
        big.loan.id,
      ]);
      const bad = await post('/api/admin/loans/list', { sort: 'realName' }, admin);
      expect(bad.key).toBe('PARAMETER_ERROR');
    });
  });
});

function toUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** 10n + BigInt(fraction.padEnd(10, '0'));
}
