/**
 * Issue 26's last gaps, read through the calls: a chain deposit's and a chain payout's statement
 * rows carry their transaction hash, linked to the explorer the deployment configured
 * (CHAIN_EXPLORERS), a bank deposit none; the console's user view lists the user's deposits,
 * withdrawals and the audit entries about them (to admin and finance, not to a service agent).
 */
import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';

const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EXPLORER = 'https://explorer.example/tron/tx/{hash}?from=mall';

describeEachDialect('statement: chain hashes; the user view', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let finance: Registered;
  let admin: Registered;
  let agent: Registered;
  const depositHash = 'ab'.repeat(32);
  const payoutHash = 'cd'.repeat(32);
  const post = (url: string, payload: Record<string, unknown>, who: Registered) =>
    call(t, 'POST', url, payload, { token: who.token });

  beforeAll(async () => {
    // Only TRC20 has an explorer here: ERC20's default (Etherscan) is replaced by leaving it out.
    t = await createTestApp(dialect, { env: { CHAIN_EXPLORERS: `TRC20=${EXPLORER}` } });
    await t.services.params.set(
      BRANDS.find((b) => b.key === 'novamart')!,
      'withdraw_c3_daily_amount',
      '1000000',
    );
    buyer = await register(t);
    finance = await register(t);
    await grantRoles(t, finance.userId, ['finance']);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
    agent = await register(t);
    await grantRoles(t, agent.userId, ['agent']);

    // A chain deposit claimed with its hash and credited by finance.
    const proof = (await uploadImage(t, buyer.token, 'proof', PNG)).data.data as string;
    const claim = await post(
      '/api/rechargeBlockchain/recharge',
      { channel: 'USDT-TRC20', amount: '300', txHash: depositHash, proof },
      buyer,
    );
    expect(claim.code, JSON.stringify(claim)).toBe(0);
    const approved = await post(
      '/api/admin/wallet/recharge/approve',
      { id: claim.data.id, amountReceived: '300', remark: 'arrived' },
      finance,
    );
    expect(approved.code, JSON.stringify(approved)).toBe(0);
    t.clock.advance(60_000);
    // Money from another rail (no hash).
    await t.services.ledger.transfer(t.db.kysely, {
      id: `recharge:${newId()}`,
      debit: ledgerAccounts.external('bank'),
      credit: ledgerAccounts.wallet(buyer.userId),
      amount: units(50),
      kind: 'recharge',
      reference: newId(),
      memo: 'R-BANK',
    });
    t.clock.advance(60_000);
    // A withdrawal paid by finance with the chain's hash.
    expect(
      (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, buyer)).code,
    ).toBe(0);
    expect(
      (
        await post(
          '/api/user!bindWithdrawAddress.action',
          { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: '246810' },
          buyer,
        )
      ).code,
    ).toBe(0);
    const formToken = (await post('/api/withdraw!get.action', {}, buyer)).data.token;
    const w = await post(
      '/api/withdraw/apply',
      { token: formToken, channel: 'USDT-TRC20', amount: '100', fundPassword: '246810' },
      buyer,
    );
    expect(w.code, JSON.stringify(w)).toBe(0);
    t.clock.advance(60_000);
    expect(
      (await post('/api/admin/wallet/withdraw/paid', { id: w.data.id, txHash: payoutHash }, finance)).code,
    ).toBe(0);
    // Two operator actions on the user.
    expect((await post('/api/admin/user/lock', { userId: buyer.userId, remark: 'check' }, admin)).code).toBe(
      0,
    );
    expect((await post('/api/admin/user/unlock', { userId: buyer.userId, remark: 'ok' }, admin)).code).toBe(
      0,
    );
  });
  afterAll(() => t.close());

  it('shows a chain deposit and payout with their hash on the configured explorer, a bank deposit without', async () => {
    // The lock ended the buyer's sessions: sign in again.
    const again = await call(t, 'POST', '/api/login', { username: buyer.email, password: buyer.password });
    expect(again.code, JSON.stringify(again)).toBe(0);
    const me = { ...buyer, token: again.data.token as string };
    const statement = await call(t, 'GET', '/api/wallet/statement', {}, { token: me.token });
    expect(statement.code, JSON.stringify(statement)).toBe(0);
    const rows = statement.data.pageList as {
      type: string;
      amount: string;
      txHash: string | null;
      explorerUrl: string | null;
    }[];
    const deposits = rows.filter((r) => r.type === 'deposit');
    expect(deposits).toHaveLength(2);
    expect(deposits.find((r) => r.amount === '300')).toMatchObject({
      txHash: depositHash,
      explorerUrl: `https://explorer.example/tron/tx/${depositHash}?from=mall`,
    });
    expect(deposits.find((r) => r.amount === '50')).toMatchObject({ txHash: null, explorerUrl: null });
    const payout = rows.find((r) => r.type === 'payout' && r.amount.startsWith('-'));
    expect(payout).toMatchObject({
      txHash: payoutHash,
      explorerUrl: `https://explorer.example/tron/tx/${payoutHash}?from=mall`,
    });
    // Staff read the same rows.
    const staffView = await call(
      t,
      'GET',
      '/api/admin/user/statement',
      { userId: buyer.userId, type: 'deposit' },
      { token: finance.token },
    );
    expect(staffView.data.pageList.map((r: { txHash: string | null }) => r.txHash)).toEqual([
      null,
      depositHash,
    ]);
  });

  it("lists the user's deposits, withdrawals and audit entries in the user view", async () => {
    const detail = await post('/api/admin/user/detail', { id: buyer.userId }, finance);
    expect(detail.code, JSON.stringify(detail)).toBe(0);
    const d = detail.data;
    expect(d.deposits.total).toBe(1);
    expect(d.deposits.list[0]).toMatchObject({ type: 'recharge', status: 'success', txHash: depositHash });
    expect(d.withdrawals.total).toBe(1);
    expect(d.withdrawals.list[0]).toMatchObject({ status: 'success', amount: '100', txHash: payoutHash });
    expect(d.loans).toEqual({ total: 0, list: [] });
    expect(d.audit.total).toBe(2);
    // Newest first, with who did it.
    expect(d.audit.list.map((e: { action: string }) => e.action)).toEqual(['user.unlock', 'user.lock']);
    expect(d.audit.list[0]).toMatchObject({
      targetType: 'user',
      targetId: buyer.userId,
      actorId: admin.userId,
      actorName: admin.username,
    });
    // The admin's own view lists what the admin did, as actor.
    const adminSelf = await post('/api/admin/user/detail', { id: admin.userId }, admin);
    expect(adminSelf.data.audit.list.map((e: { action: string }) => e.action)).toEqual([
      'user.unlock',
      'user.lock',
    ]);
    // A service agent sees the user, not the operators' audit entries.
    const byAgent = await post('/api/admin/user/detail', { id: buyer.userId }, agent);
    expect(byAgent.code).toBe(0);
    expect(byAgent.data.deposits.total).toBe(1);
    expect(byAgent.data.audit).toEqual({ total: 0, list: [] });
  });
});
