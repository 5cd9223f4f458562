/**
 * Underwriting (issue 26): under the default rules a new account with no history cannot apply
 * (too new, then a limit of 0), and the reason is a catalogue error the applicant sees; deposits
 * earn a limit (300 % by default) and an application within it is accepted; a nonsense eligibility
 * param is refused with a message and nothing changes.
 */
import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';

const DAY = 86_400_000;

describeEachDialect('loan eligibility', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  let admin: Registered;
  const post = (url: string, payload: Record<string, unknown>, user: Registered) =>
    call(t, 'POST', url, payload, { token: user.token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Eligibility is the subject here, not the verification level (a real name is enough).
    await t.services.params.set(BRANDS.find((b) => b.key === 'novamart')!, 'verify_level_loan', '1');
    await t.services.params.set(
      BRANDS.find((b) => b.key === 'novamart')!,
      'withdraw_c3_daily_amount',
      '100000000',
    );
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
  });
  afterAll(() => t.close());

  it('refuses a new account with no history, then accepts what its deposits earn', async () => {
    const user = await register(t);
    const photo = (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
    await post(
      '/api/identity/realname/submit',
      { realName: 'Li Wei', idNumber: 'E12345678', nationality: 'China', frontImg: photo, backImg: photo },
      user,
    );
    const list = await post('/api/admin/identity/list', { status: 'pending', pageSize: 100 }, risk);
    const pending = list.data.pageList.find((a: { userId: string }) => a.userId === user.userId);
    expect((await post('/api/admin/identity/review', { id: pending.id, approve: true }, risk)).code).toBe(0);
    const apply = (amount: string) =>
      post(
        '/api/loan/apply',
        {
          realName: 'Li Wei',
          nationality: 'China',
          idType: 'passport',
          idNumber: 'E12345678',
          idPhoto: photo,
          amount,
          termDays: 90,
          method: 'maturity',
          agree: true,
        },
        user,
      );
    const tooNew = await apply('100000');
    expect(tooNew).toMatchObject({ key: 'LOAN_ACCOUNT_TOO_NEW', data: { minDays: 30, days: 0 } });
    expect(tooNew.msg).toMatch(/too new/);
    // The same account 31 days on (its creation moved back: sessions would expire with the clock).
    await t.db.kysely
      .updateTable('users')
      .set({ created_at: t.clock.now() - 31 * DAY })
      .where('id', '=', user.userId)
      .execute();
    expect(await apply('100000')).toMatchObject({ key: 'LOAN_OVER_LIMIT', data: { limit: '0' } });
    await t.services.ledger.transfer(t.db.kysely, {
      id: `recharge:${newId()}`,
      debit: ledgerAccounts.external('bank'),
      credit: ledgerAccounts.wallet(user.userId),
      amount: units(40_000),
      kind: 'recharge',
    });
    expect(await apply('130000')).toMatchObject({ key: 'LOAN_OVER_LIMIT', data: { limit: '120000' } });
    const accepted = await apply('100000');
    expect(accepted.code, JSON.stringify(accepted)).toBe(0);
    expect(accepted.data.status).toBe('applying');

    // The risk operator's view of the same applicant: the history and the rules' suggestion.
    const profile = await post('/api/admin/loans/profile', { id: accepted.data.id }, risk);
    expect(profile.data).toMatchObject({
      userId: user.userId,
      accountAgeDays: 31,
      realNameStatus: 'approved',
      deposits: { count: 1, total: '40000' },
      withdrawals: { count: 0, total: '0' },
      ordersBought: { count: 0 },
      store: null,
      previousLoans: [],
      sharing: [],
      limit: '120000',
      suggestion: { decision: 'approve' },
    });
    expect((await post('/api/admin/loans/profile', { id: accepted.data.id }, user)).code).not.toBe(0);
    expect((await post('/api/admin/loans/profile', { id: 'nope' }, risk)).key).toBe('LOAN_NOT_FOUND');

    // The optional lock: money a loan paid out stays in the wallet for the set days.
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    await t.services.params.set(brand, 'loan_withdraw_lock_days', '30');
    expect((await post('/api/admin/loans/approve', { id: accepted.data.id }, risk)).code).toBe(0);
    expect(
      (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user)).code,
    ).toBe(0);
    const bound = await post(
      '/api/user!bindWithdrawAddress.action',
      { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', fundPassword: '246810' },
      user,
    );
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    const withdraw = async (amount: string) =>
      post(
        '/api/withdraw/apply',
        {
          token: (await post('/api/withdraw!get.action', {}, user)).data.token,
          channel: 'USDT-TRC20',
          amount,
          fundPassword: '246810',
        },
        user,
      );
    expect(await withdraw('40001')).toMatchObject({
      key: 'LOAN_FUNDS_LOCKED',
      data: { withdrawable: '40000' },
    });
    expect((await withdraw('1000')).code).toBe(0);
    await t.services.params.set(brand, 'loan_withdraw_lock_days', '0');
  });

  it('refuses a nonsense eligibility param with a message', async () => {
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    for (const [code, value, key] of [
      ['loan_min_account_age_days', 'soon', 'PARAM_VALUE_INVALID'],
      ['loan_min_account_age_days', '99999', 'PARAM_OUT_OF_RANGE'],
      ['loan_limit_deposit_pct', '-5', 'PARAM_VALUE_INVALID'],
      ['loan_limit_base', '1e9', 'PARAM_VALUE_INVALID'],
    ] as const) {
      const reply = await post('/api/admin/params/set', { code, value }, admin);
      expect(reply.key, `${code}=${value}`).toBe(key);
      expect(reply.msg).toBeTruthy();
    }
    expect((await t.services.params.all(brand)).loan_min_account_age_days).toBe('30');
  });
});
