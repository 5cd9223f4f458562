/**
 * Verification levels as a policy (issue 30), through the HTTP API on both dialects: with the
 * default params a loan and a day's withdrawals above the threshold need C3, a merchant application
 * a real name; an operator's flag blocks every gated call with the spec's message until a C3
 * approval decided after it (or an operator lifts it), audited and shown as history.
 */
import { BRANDS, ERRORS, units } from '@mall/contract';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { verifyIdentity } from './verification.test-helpers.ts';

const FUND = '246810';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const novamart = BRANDS.find((b) => b.key === 'novamart')!;

describeEachDialect('verification levels and flags', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  let admin: Registered;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The verification levels are the subject: underwriting lets new accounts borrow here.
    for (const [code, value] of [
      ['loan_min_account_age_days', '0'],
      ['loan_limit_base', '30000000'],
    ] as const) {
      await t.services.params.set(BRANDS.find((b) => b.key === 'novamart')!, code, value);
    }
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, user?: Registered) =>
    call(t, 'POST', url, payload, { token: user?.token });

  async function buyer(): Promise<Registered> {
    const user = await register(t);
    expect((await post('/api/user/SetSafeWord', { safeword: FUND, reSafeword: FUND }, user)).code).toBe(0);
    return user;
  }

  const loanApplication = async (user: Registered) => ({
    realName: 'Li Wei',
    nationality: 'China',
    idType: 'passport',
    idNumber: 'E12345678',
    idPhoto: (await uploadImage(t, user.token, 'verification', PNG)).data.data,
    amount: '120000',
    termDays: 90,
    method: 'instalments',
    agree: true,
  });

  const loanCount = async (userId: string) =>
    (await t.db.kysely.selectFrom('loans').select('id').where('user_id', '=', userId).execute()).length;

  async function withdraw(user: Registered, amount: string) {
    const token = (await post('/api/withdraw!get.action', {}, user)).data.token;
    return post('/api/withdraw/apply', { token, channel: 'USDT-TRC20', amount, fundPassword: FUND }, user);
  }

  async function walletUser(): Promise<Registered> {
    const user = await buyer();
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(user.userId),
      amount: units(50_000),
      kind: 'recharge',
    });
    const bound = await post(
      '/api/user!bindWithdrawAddress.action',
      { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: FUND },
      user,
    );
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    return user;
  }

  describe('levels from params', () => {
    it('refuses a loan without a real name first, then without C3; after C3 approval it passes', async () => {
      const user = await buyer();
      // No real name: the loans module's own qualification answer comes before the policy.
      expect((await post('/api/loan/apply', await loanApplication(user), user)).key).toBe(
        'QUALIFICATION_NOT_MET',
      );
      await verifyIdentity(t, user, risk, 'realname');
      const refused = await post('/api/loan/apply', await loanApplication(user), user);
      expect(refused).toMatchObject({
        key: 'C3_REQUIRED',
        code: ERRORS.C3_REQUIRED.code,
        data: { reason: 'level', action: 'loan' },
      });
      expect(await loanCount(user.userId)).toBe(0);
      await verifyIdentity(t, user, risk, 'c3');
      const applied = await post('/api/loan/apply', await loanApplication(user), user);
      expect(applied.code, JSON.stringify(applied)).toBe(0);
      expect(await loanCount(user.userId)).toBe(1);
    });

    it('asks C3 only for a day of withdrawals above withdraw_c3_daily_amount (10,000 by default)', async () => {
      const user = await walletUser();
      expect((await withdraw(user, '6000')).code).toBe(0);
      // 6,000 + 5,000 is over the day's 10,000: refused, nothing held; a real name comes first.
      expect((await withdraw(user, '5000')).key).toBe('REAL_NAME_REQUIRED');
      await verifyIdentity(t, user, risk, 'realname');
      const refused = await withdraw(user, '5000');
      expect(refused).toMatchObject({
        key: 'C3_REQUIRED',
        data: { reason: 'level', action: 'withdraw', dailyLimit: '10000' },
      });
      expect((await withdraw(user, '4000')).code).toBe(0);
      const rows = await t.db.kysely
        .selectFrom('withdrawals')
        .select('amount')
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows).toHaveLength(2);
      await verifyIdentity(t, user, risk, 'c3');
      expect((await withdraw(user, '5000')).code).toBe(0);
    });

    it('follows the brand params: a loan level of 1 lets a real name borrow; merchant apply needs a real name', async () => {
      const user = await buyer();
      const merchant = {
        storeName: `${user.username} Goods`,
        businessPhone: '+86 138-0000-1111',
        businessEmail: 'sales@example.com',
        country: 'CN',
        proof: (await uploadImage(t, user.token, 'verification', PNG)).data.data,
        description: 'Lamps',
      };
      expect(await post('/api/merchant/apply', merchant, user)).toMatchObject({
        key: 'REAL_NAME_REQUIRED',
        data: { reason: 'level', action: 'merchant_apply' },
      });
      await verifyIdentity(t, user, risk, 'realname');
      expect((await post('/api/merchant/apply', merchant, user)).code).toBe(0);

      expect(
        (await post('/api/admin/params/set', { code: 'verify_level_loan', value: '1' }, admin)).code,
      ).toBe(0);
      try {
        const applied = await post('/api/loan/apply', await loanApplication(user), user);
        expect(applied.code, JSON.stringify(applied)).toBe(0);
      } finally {
        await post('/api/admin/params/set', { code: 'verify_level_loan', value: '2' }, admin);
      }
    });
  });

  describe('the C3 review beside the approved identity', () => {
    it('lists a C3 application with the approved name and number, and answers the account history', async () => {
      const user = await buyer();
      await verifyIdentity(t, user, risk, 'realname', 'Amina Haddad');
      const photo = async () => (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
      const c3 = { frontImg: await photo(), backImg: await photo(), handheldImg: await photo() };
      expect((await post('/api/identity/c3/submit', c3, user)).code).toBe(0);
      const list = await post(
        '/api/admin/identity/list',
        { kind: 'c3', status: 'pending', keyword: user.username },
        risk,
      );
      expect(list.data.pageList).toMatchObject([
        {
          kind: 'c3',
          userId: user.userId,
          realName: 'Amina Haddad',
          idNumber: 'E12345678',
          nationality: 'China',
        },
      ]);
      // A buyer cannot read it; risk sees the approved identity's photos and both decisions.
      expect((await post('/api/admin/identity/context', { userId: user.userId }, user)).key).toBe(
        'NO_PERMISSION',
      );
      const context = (await post('/api/admin/identity/context', { userId: user.userId }, risk)).data;
      expect(context.identity).toMatchObject({
        kind: 'realname',
        status: 'approved',
        realName: 'Amina Haddad',
        idNumber: 'E12345678',
      });
      expect(context.identity.frontImg).toMatch(/^\//);
      expect(context.history).toMatchObject([
        { kind: 'c3', status: 'pending', reviewer: null },
        { kind: 'realname', status: 'approved', reviewer: risk.username },
      ]);
    });
  });

  describe('operator flags', () => {
    it('blocks every gated call with the spec message until a later C3 approval; audited, with history', async () => {
      const user = await walletUser();
      await verifyIdentity(t, user, risk, 'realname');
      // A buyer cannot flag; an empty reason is refused and nothing is written.
      expect(
        (await post('/api/admin/user/verificationFlag/raise', { userId: user.userId, reason: 'x' }, user))
          .key,
      ).toBe('NO_PERMISSION');
      expect(
        (await post('/api/admin/user/verificationFlag/raise', { userId: user.userId, reason: ' ' }, risk))
          .code,
      ).not.toBe(0);
      expect((await post('/api/admin/user/verificationFlags', { userId: user.userId }, risk)).data).toEqual({
        open: false,
        flags: [],
      });

      const raised = await post(
        '/api/admin/user/verificationFlag/raise',
        { userId: user.userId, reason: 'Card chargebacks from three countries' },
        risk,
      );
      expect(raised.data).toMatchObject({
        open: true,
        flags: [{ reason: 'Card chargebacks from three countries', raisedBy: risk.username, liftTime: null }],
      });
      // A small withdrawal, which no level gates, is blocked too; in English, the spec's words.
      const small = await call(
        t,
        'POST',
        '/api/withdraw/apply',
        {
          token: (await post('/api/withdraw!get.action', {}, user)).data.token,
          channel: 'USDT-TRC20',
          amount: '20',
          fundPassword: FUND,
          lang: 'en',
        },
        { token: user.token },
      );
      expect(small).toMatchObject({ key: 'C3_REQUIRED', data: { reason: 'flag', action: 'withdraw' } });
      expect(small.msg).toBe(errorMessage('C3_REQUIRED', 'en'));
      expect(small.msg).toMatch(/online support/);
      expect((await post('/api/loan/apply', await loanApplication(user), user)).data).toMatchObject({
        reason: 'flag',
      });

      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', user.userId)
        .where('action', '=', 'user.verification_flag.raise')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actor_id).toBe(risk.userId);

      // Only an approval decided after the flag lifts it (the test clock stands still otherwise).
      t.clock.advance(1000);
      await verifyIdentity(t, user, risk, 'c3');
      expect((await withdraw(user, '20')).code).toBe(0);
      const history = (await post('/api/admin/user/verificationFlags', { userId: user.userId }, admin)).data;
      expect(history).toMatchObject({ open: false, flags: [{ liftedHow: 'c3', liftedBy: null }] });
    });

    it('a flag raised after C3 blocks until an operator lifts it; lifting with none open writes nothing', async () => {
      const user = await walletUser();
      await verifyIdentity(t, user, risk, 'c3');
      t.clock.advance(1000);
      await post(
        '/api/admin/user/verificationFlag/raise',
        { userId: user.userId, reason: 'Shared device' },
        admin,
      );
      expect((await withdraw(user, '20')).data).toMatchObject({ reason: 'flag' });
      const lifted = await post(
        '/api/admin/user/verificationFlag/lift',
        { userId: user.userId, remark: 'Spoke with the owner' },
        risk,
      );
      expect(lifted.data).toMatchObject({
        open: false,
        flags: [{ liftedHow: 'operator', liftedBy: risk.username, liftRemark: 'Spoke with the owner' }],
      });
      expect((await withdraw(user, '20')).code).toBe(0);
      const entries = async () =>
        (
          await t.db.kysely
            .selectFrom('audit_log')
            .select('action')
            .where('target_id', '=', user.userId)
            .where('action', 'like', 'user.verification_flag.%')
            .execute()
        ).length;
      expect(await entries()).toBe(2);
      await post('/api/admin/user/verificationFlag/lift', { userId: user.userId }, risk);
      expect(await entries()).toBe(2);
    });

    it('refuses flags on oneself and on another brand’s users', async () => {
      expect(
        (await post('/api/admin/user/verificationFlag/raise', { userId: risk.userId, reason: 'me' }, risk))
          .key,
      ).toBe('CANNOT_ACT_ON_SELF');
      const other = await register(t, {}, { host: 'lumen.localhost' });
      expect(
        (await post('/api/admin/user/verificationFlag/raise', { userId: other.userId, reason: 'x' }, risk))
          .key,
      ).toBe('UNAUTHORIZED_ACCESS');
      expect(novamart.key).toBe('novamart');
    });
  });
});
