/**
 * The statement through its calls (issue 26): a user with a deposit, a loan payout, a withdrawal
 * held then returned, a repayment with interest, an order payment and a refund sees each, with its
 * source, and the statement reconciles to the balance to the last decimal; filters by type and
 * period; staff read it for users of their brand only.
 */
import { formatMoney, units } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';

describeEachDialect('wallet statement', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let staff: Registered;
  let otherBrandStaff: Registered;
  let paidAt = 0;
  const get = (url: string, payload: Record<string, unknown>, who: Registered, host?: string) =>
    call(t, 'GET', url, payload, { token: who.token, ...(host ? { host } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    buyer = await register(t);
    staff = await register(t);
    await grantRoles(t, staff.userId, ['finance']);
    otherBrandStaff = await register(t, {}, { host: 'lumen.localhost' });
    await grantRoles(t, otherBrandStaff.userId, ['finance']);
    const ledger = t.services.ledger;
    const db = t.db.kysely;
    const wallet = ledgerAccounts.wallet(buyer.userId);
    const escrow = ledgerAccounts.escrow('order-1');
    const step = () => t.clock.advance(60_000);
    await ledger.transfer(db, {
      id: 'recharge:r1',
      debit: ledgerAccounts.external('bank'),
      credit: wallet,
      amount: units(100) + 50n * 10n ** 8n,
      kind: 'recharge',
      reference: 'r1',
      memo: 'R001',
    });
    step();
    await ledger.transfer(db, {
      id: 'loan:l1:disburse',
      debit: ledgerAccounts.loanBook(),
      credit: wallet,
      amount: units(1000),
      kind: 'loan_disburse',
      reference: 'l1',
      memo: 'L001',
    });
    step();
    await ledger.hold(db, {
      id: 'withdraw:w1',
      debit: wallet,
      credit: ledgerAccounts.external('TRC20'),
      amount: units(30),
      kind: 'withdraw',
      reference: 'w1',
    });
    step();
    await ledger.void(db, 'withdraw:w1');
    step();
    await ledger.transfer(db, {
      id: 'loan:p1:principal',
      debit: wallet,
      credit: ledgerAccounts.loanBook(),
      amount: units(500),
      kind: 'loan_repay',
      reference: 'l1',
    });
    await ledger.transfer(db, {
      id: 'loan:p1:interest',
      debit: wallet,
      credit: ledgerAccounts.platform('interest'),
      amount: units(12) + 34n * 10n ** 8n,
      kind: 'loan_interest',
      reference: 'l1',
    });
    step();
    paidAt = t.clock.now();
    await ledger.transfer(db, {
      id: 'pay_order:o1',
      debit: wallet,
      credit: escrow,
      amount: units(80),
      kind: 'pay_order',
      reference: 'order-1',
      memo: 'O001',
    });
    step();
    await ledger.transfer(db, {
      id: 'refund:o1',
      debit: escrow,
      credit: wallet,
      amount: units(80),
      kind: 'refund',
      reference: 'order-1',
    });
    await ledger.hold(db, {
      id: 'withdraw:w2',
      debit: wallet,
      credit: ledgerAccounts.external('TRC20'),
      amount: units(20),
      kind: 'withdraw',
      reference: 'w2',
    });
    step();
  });
  afterAll(() => t.close());

  it('lists every movement with its source and reconciles to the balance', async () => {
    const reply = await get('/api/wallet/statement', {}, buyer);
    expect(reply.code).toBe(0);
    const s = reply.data;
    expect(s.pageList.map((r: { type: string }) => r.type)).toEqual([
      'hold',
      'refund',
      'order_payment',
      'loan_interest',
      'loan_repayment',
      'hold_returned',
      'hold',
      'loan_disbursement',
      'deposit',
    ]);
    const balance = await call(t, 'GET', '/api/wallet/usdt', {}, { token: buyer.token });
    expect(s.balance).toBe(balance.data.balance);
    expect(s.closing.balance).toBe('588.16');
    expect(s.balance).toBe('588.16');
    expect(s.held).toBe('20');
    expect(s.available).toBe('568.16');
    expect(s.holds).toEqual([
      {
        type: 'payout',
        amount: '20',
        since: expect.any(Number),
        source: { kind: 'withdrawal', id: 'w2', serialNo: null },
      },
    ]);
    expect(s.opening).toEqual({ balance: '0', held: '0' });
    expect(s.pageList[0].balanceAfter).toBe('588.16');
    expect(s.pageList[0].heldAfter).toBe('20');
    expect(s.pageList.at(-1)).toMatchObject({
      type: 'deposit',
      amount: '100.5',
      balanceAfter: '100.5',
      source: { kind: 'deposit', id: 'r1', serialNo: 'R001' },
    });
    expect(s.pageList.find((r: { type: string }) => r.type === 'order_payment')).toMatchObject({
      amount: '-80',
      source: { kind: 'order', id: 'order-1', serialNo: 'O001' },
    });
    const sum = s.pageList.reduce((acc: bigint, r: { amount: string }) => acc + parse(r.amount), 0n);
    expect(formatMoney(sum)).toBe(s.closing.balance);
  });

  it('filters by type and by period, and the period still reconciles', async () => {
    const loans = (await get('/api/wallet/statement', { type: 'loan_interest' }, buyer)).data;
    expect(loans.pageList).toHaveLength(1);
    expect(loans.pageList[0].amount).toBe('-12.34');
    const late = (await get('/api/wallet/statement', { from: paidAt }, buyer)).data;
    expect(late.opening.balance).toBe('588.16');
    expect(late.pageList.map((r: { type: string }) => r.type)).toEqual(['hold', 'refund', 'order_payment']);
    expect(late.moneyIn).toBe('80');
    expect(late.moneyOut).toBe('80');
    expect(late.closing).toEqual({ balance: '588.16', held: '20' });
    const early = (await get('/api/wallet/statement', { to: paidAt }, buyer)).data;
    expect(early.closing.balance).toBe(late.opening.balance);
    const paged = (await get('/api/wallet/statement', { pageSize: 4, pageNum: 3 }, buyer)).data;
    expect(paged.pageList).toHaveLength(1);
    expect(paged.pageInfo.total).toBe(9);
  });

  it('refuses nonsense input and shows nothing of anyone else', async () => {
    expect((await get('/api/wallet/statement', { type: 'gift' }, buyer)).code).not.toBe(0);
    expect((await get('/api/wallet/statement', { from: 5, to: 1 }, buyer)).code).not.toBe(0);
    // A user's call reads only the caller's own wallet, whatever id is sent.
    const mine = (await get('/api/wallet/statement', { userId: buyer.userId }, staff)).data;
    expect(mine.pageList).toEqual([]);
    const seen = await get('/api/admin/user/statement', { userId: buyer.userId }, staff);
    expect(seen.data.closing.balance).toBe('588.16');
    const foreign = await get(
      '/api/admin/user/statement',
      { userId: buyer.userId },
      otherBrandStaff,
      'lumen.localhost',
    );
    expect(foreign.code).not.toBe(0);
    expect(foreign.data ?? null).toBeNull();
    expect((await get('/api/admin/user/statement', { userId: buyer.userId }, buyer)).code).not.toBe(0);
  });
});

function parse(signed: string): bigint {
  const negative = signed.startsWith('-');
  const [whole, fraction = ''] = signed.replace('-', '').split('.');
  const v = BigInt(whole!) * 10n ** 10n + BigInt(fraction.padEnd(10, '0'));
  return negative ? -v : v;
}
