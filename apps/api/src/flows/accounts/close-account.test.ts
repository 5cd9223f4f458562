/**
 * No obligation escapes (issue 26): cancelling one's account, and an admin disabling it, are refused
 * with the reason while a loan is applying or unpaid, an amount is held or a balance remains; a
 * cancellation racing a loan's disbursement lets exactly one through; with nothing owed either way
 * both succeed.
 */
import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../../modules/ledger/index.ts';
import { PNG, uploadImage } from '../../modules/upload/upload.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

describeEachDialect('closing an account', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  let admin: Registered;
  const post = (url: string, payload: Record<string, unknown>, user: Registered) =>
    call(t, 'POST', url, payload, { token: user.token });
  const cancel = (user: Registered) => post('/api/user!logoff.action', { password: 'secret12' }, user);
  const statusOf = async (user: Registered) =>
    (
      await t.db.kysely
        .selectFrom('users')
        .select('status')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).status;

  /** A user with an approved real name, as a loan needs. */
  async function borrower(): Promise<Registered & { photo: string }> {
    const user = await register(t);
    const photo = (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
    const submitted = await post(
      '/api/identity/realname/submit',
      { realName: 'Li Wei', idNumber: 'E12345678', nationality: 'China', frontImg: photo, backImg: photo },
      user,
    );
    expect(submitted.code).toBe(0);
    const list = await post('/api/admin/identity/list', { status: 'pending', pageSize: 100 }, risk);
    const application = list.data.pageList.find((a: { userId: string }) => a.userId === user.userId);
    expect((await post('/api/admin/identity/review', { id: application.id, approve: true }, risk)).code).toBe(
      0,
    );
    return { ...user, photo };
  }
  const apply = (user: Registered & { photo: string }) =>
    post(
      '/api/loan/apply',
      {
        realName: 'Li Wei',
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E12345678',
        idPhoto: user.photo,
        amount: '100000',
        termDays: 90,
        method: 'maturity',
        agree: true,
      },
      user,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
    // Underwriting (loan-eligibility.ts) is tested on its own: here any account may borrow.
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    await t.services.params.set(brand, 'loan_min_account_age_days', '0');
    await t.services.params.set(brand, 'verify_level_loan', '1');
    await t.services.params.set(brand, 'loan_limit_base', '30000000');
  });
  afterAll(() => t.close());

  it('refuses while a loan is applying or unpaid, naming it', async () => {
    const user = await borrower();
    const applied = await apply(user);
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    const refused = await cancel(user);
    expect(refused).toMatchObject({ key: 'CANCEL_WITH_LOAN' });
    expect(refused.msg).toMatch(/loan/i);
    expect((await post('/api/admin/user/disable', { userId: user.userId, remark: 'x' }, admin)).key).toBe(
      'CANCEL_WITH_LOAN',
    );
    expect(await statusOf(user)).toBe('active');
  });

  it('lets one of a cancellation and a disbursement racing through, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await borrower();
      const applied = await apply(user);
      expect(applied.code).toBe(0);
      const [cancelled, approved] = await Promise.all([
        cancel(user),
        post('/api/admin/loans/approve', { id: applied.data.id }, risk),
      ]);
      const wins = [cancelled.code === 0, approved.code === 0].filter(Boolean).length;
      expect(wins, JSON.stringify([cancelled, approved])).toBe(1);
      const balance = (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.wallet(user.userId)))
        .balance;
      if (approved.code === 0) {
        expect(cancelled.key).toBe('CANCEL_WITH_LOAN');
        expect(await statusOf(user)).toBe('active');
        expect(balance).toBe(units(100_000));
      } else {
        expect(approved.key).toBe('USER_LOCKED');
        expect(await statusOf(user)).toBe('cancelled');
        expect(balance).toBe(0n);
      }
    }
  });

  it('refuses while an amount is held or a balance remains, then closes once nothing is owed', async () => {
    const user = await register(t);
    const wallet = ledgerAccounts.wallet(user.userId);
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: wallet,
      amount: units(5),
      kind: 'recharge',
    });
    const hold = `withdraw:${newId()}`;
    await t.services.ledger.hold(t.db.kysely, {
      id: hold,
      debit: wallet,
      credit: ledgerAccounts.external('TRC20'),
      amount: units(5),
      kind: 'withdraw',
    });
    expect(await cancel(user)).toMatchObject({ key: 'CANCEL_WITH_HELD' });
    await t.services.ledger.post(t.db.kysely, hold);
    const other = await register(t);
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(other.userId),
      amount: 1n,
      kind: 'recharge',
    });
    expect((await post('/api/admin/user/disable', { userId: other.userId, remark: 'x' }, admin)).key).toBe(
      'CANCEL_WITH_BALANCE',
    );
    expect((await cancel(user)).code).toBe(0);
    expect(await statusOf(user)).toBe('cancelled');
    const clean = await register(t);
    expect((await post('/api/admin/user/disable', { userId: clean.userId, remark: 'x' }, admin)).code).toBe(
      0,
    );
  });
});
