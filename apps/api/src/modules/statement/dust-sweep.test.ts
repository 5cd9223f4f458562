/**
 * The operator's dust sweep: a wallet left with 0.00287424 USDT by a loan scheduled before amounts
 * were whole cents keeps 0.002874 (whole micro-USDT); the 0.00000024 goes to the platform's fees in
 * one ledger transfer the user sees on the statement; a second run moves nothing; only finance or
 * admin may run it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';

describeEachDialect('dust sweep', (dialect) => {
  let t: TestApp;
  let dusty: Registered;
  let clean: Registered;
  let finance: Registered;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [dusty, clean, finance] = [await register(t), await register(t), await register(t)];
    await grantRoles(t, finance.userId, ['finance']);
    const external = ledgerAccounts.external('bank');
    await t.services.ledger.transfer(t.db.kysely, {
      id: 'recharge:dusty',
      debit: external,
      credit: ledgerAccounts.wallet(dusty.userId),
      amount: 28_742_400n,
      kind: 'recharge',
    });
    await t.services.ledger.transfer(t.db.kysely, {
      id: 'recharge:clean',
      debit: external,
      credit: ledgerAccounts.wallet(clean.userId),
      amount: 10n ** 10n,
      kind: 'recharge',
    });
  });
  afterAll(() => t.close());

  it('sweeps what is below a micro-USDT once, on the statement, and only for finance', async () => {
    const sweep = (who: Registered) =>
      call(t, 'POST', '/api/admin/wallet/dust-sweep', {}, { token: who.token });
    expect((await sweep(dusty)).code).not.toBe(0);
    const feesBefore = (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.platform('fees')))
      .balance;
    const first = await sweep(finance);
    expect(first.data).toEqual({ wallets: 1, total: '0.00000024', skipped: 0 });
    expect((await sweep(finance)).data).toEqual({ wallets: 0, total: '0', skipped: 0 });
    const fees = (await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.platform('fees'))).balance;
    expect(fees - feesBefore).toBe(2_400n);
    const statement = (await call(t, 'GET', '/api/wallet/statement', {}, { token: dusty.token })).data;
    expect(statement.balance).toBe('0.002874');
    expect(statement.pageList[0]).toMatchObject({
      type: 'adjustment',
      amount: '-0.00000024',
      balanceAfter: '0.002874',
    });
    expect((await call(t, 'GET', '/api/wallet/usdt', {}, { token: clean.token })).data.balance).toBe('1');
    expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
  });
});
