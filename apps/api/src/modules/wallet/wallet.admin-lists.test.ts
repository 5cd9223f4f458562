/**
 * Finance's review lists (`/api/admin/wallet/recharge/list`, `/withdraw/list`): search by serial
 * number, transaction hash, address, user id or user name; filter by status; sort by time or
 * amount either way; paging that never repeats a row; finance and admin only.
 */
import { units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { demoAddress } from './chain-address.ts';

const RECHARGES = '/api/admin/wallet/recharge/list';
const WITHDRAWALS = '/api/admin/wallet/withdraw/list';
const hash = () => Buffer.from(newId().padEnd(32, '0')).toString('hex');

interface Listed {
  serialNo: string;
  amount: string;
  userId: string;
  txHash: string | null;
  address?: string;
}

describeEachDialect('finance review lists', (dialect) => {
  let t: TestApp;
  let finance: Registered;
  let ann: Registered;
  let bob: Registered;
  const recharges: { serialNo: string; txHash: string; user: Registered; amount: string }[] = [];
  const withdrawals: { serialNo: string; user: Registered; amount: string; address: string }[] = [];

  const post = (url: string, payload: Record<string, unknown>, user: Registered) =>
    call(t, 'POST', url, payload, { token: user.token });
  const list = async (url: string, payload: Record<string, unknown> = {}) => {
    const res = await post(url, payload, finance);
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data as { pageList: Listed[]; pageInfo: { total: number } };
  };
  const serials = async (url: string, payload: Record<string, unknown> = {}) =>
    (await list(url, payload)).pageList.map((r) => r.serialNo);

  async function claim(user: Registered, amount: string) {
    const proof = (await uploadImage(t, user.token, 'proof', PNG)).data.data;
    const txHash = hash();
    const res = await post(
      '/api/rechargeBlockchain/recharge',
      { channel: 'USDT-TRC20', amount, txHash, proof },
      user,
    );
    expect(res.code, JSON.stringify(res)).toBe(0);
    recharges.push({ serialNo: res.data.serialNo, txHash, user, amount });
    t.clock.advance(60_000);
  }

  async function withdraw(user: Registered, amount: string) {
    const token = (await post('/api/withdraw!get.action', {}, user)).data.token;
    const res = await post(
      '/api/withdraw/apply',
      { token, channel: 'USDT-TRC20', amount, fundPassword: '246810' },
      user,
    );
    expect(res.code, JSON.stringify(res)).toBe(0);
    withdrawals.push({ serialNo: res.data.serialNo, user, amount, address: res.data.address });
    t.clock.advance(60_000);
  }

  async function customer(seed: string): Promise<Registered> {
    const user = await register(t);
    await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user);
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(user.userId),
      amount: units(1000),
      kind: 'recharge',
    });
    const bound = await post(
      '/api/user!bindWithdrawAddress.action',
      { network: 'TRC20', address: demoAddress('TRC20', seed), fundPassword: '246810' },
      user,
    );
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    return user;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await register(t);
    await grantRoles(t, finance.userId, ['finance']);
    ann = await customer(`ann-${dialect}`);
    bob = await customer(`bob-${dialect}`);
    await claim(ann, '30');
    await claim(bob, '10');
    await claim(ann, '20');
    await withdraw(bob, '50');
    await withdraw(ann, '70');
    await withdraw(bob, '60');
  });
  afterAll(() => t.close());

  describe('recharges', () => {
    it('sort newest first by default, and by time or amount either way', async () => {
      const [a30, b10, a20] = recharges.map((r) => r.serialNo);
      expect(await serials(RECHARGES)).toEqual([a20, b10, a30]);
      expect(await serials(RECHARGES, { sort: 'time', order: 'asc' })).toEqual([a30, b10, a20]);
      expect(await serials(RECHARGES, { sort: 'amount', order: 'desc' })).toEqual([a30, a20, b10]);
      expect(await serials(RECHARGES, { sort: 'amount', order: 'asc' })).toEqual([b10, a20, a30]);
    });

    it('find by serial number, transaction hash, user name or user id, with the status filter', async () => {
      const [a30, b10, a20] = recharges;
      expect(await serials(RECHARGES, { keyword: b10!.serialNo })).toEqual([b10!.serialNo]);
      expect(await serials(RECHARGES, { keyword: a30!.txHash })).toEqual([a30!.serialNo]);
      expect(await serials(RECHARGES, { keyword: ann.username, sort: 'amount', order: 'asc' })).toEqual([
        a20!.serialNo,
        a30!.serialNo,
      ]);
      expect(await serials(RECHARGES, { keyword: bob.userId })).toEqual([b10!.serialNo]);
      expect(await serials(RECHARGES, { keyword: 'nobody-at-all' })).toEqual([]);
      expect(await serials(RECHARGES, { keyword: ann.username, status: 'success' })).toEqual([]);
      expect((await list(RECHARGES, { keyword: ann.username, status: 'processing' })).pageInfo.total).toBe(2);
    });

    it('pages without repeating a row, in either order', async () => {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        for (let pageNum = 1; pageNum <= 3; pageNum++) {
          const page = await list(RECHARGES, { sort: 'amount', order, pageNum, pageSize: 1 });
          expect(page.pageInfo.total).toBe(3);
          seen.push(...page.pageList.map((r) => r.serialNo));
        }
        expect(new Set(seen).size).toBe(3);
      }
    });
  });

  describe('withdrawals', () => {
    it('sort by time or amount, and find by serial, address, user name or id', async () => {
      const [b50, a70, b60] = withdrawals;
      expect(await serials(WITHDRAWALS)).toEqual([b60!.serialNo, a70!.serialNo, b50!.serialNo]);
      expect(await serials(WITHDRAWALS, { sort: 'amount', order: 'asc' })).toEqual([
        b50!.serialNo,
        b60!.serialNo,
        a70!.serialNo,
      ]);
      expect(await serials(WITHDRAWALS, { keyword: a70!.serialNo })).toEqual([a70!.serialNo]);
      expect(await serials(WITHDRAWALS, { keyword: b50!.address, sort: 'time', order: 'asc' })).toEqual([
        b50!.serialNo,
        b60!.serialNo,
      ]);
      expect(await serials(WITHDRAWALS, { keyword: bob.username, sort: 'amount' })).toEqual([
        b60!.serialNo,
        b50!.serialNo,
      ]);
      expect(await serials(WITHDRAWALS, { keyword: ann.userId })).toEqual([a70!.serialNo]);
      expect(await serials(WITHDRAWALS, { keyword: ann.username, status: 'fail' })).toEqual([]);
    });

    it('finds a paid withdrawal by its transaction hash', async () => {
      const w = withdrawals[1]!;
      const id = (await list(WITHDRAWALS, { keyword: w.serialNo })).pageList[0] as Listed & { id: string };
      const txHash = hash();
      expect((await post('/api/admin/wallet/withdraw/paid', { id: id.id, txHash }, finance)).code).toBe(0);
      expect(await serials(WITHDRAWALS, { keyword: txHash, status: 'success' })).toEqual([w.serialNo]);
    });

    it('writes each decision to the audit log: who, what, when, before and after', async () => {
      const found = async (url: string, serialNo: string) =>
        ((await list(url, { keyword: serialNo })).pageList[0] as Listed & { id: string }).id;
      const paid = await found(WITHDRAWALS, withdrawals[1]!.serialNo);
      const refused = await found(WITHDRAWALS, withdrawals[0]!.serialNo);
      const reject = { id: refused, remark: 'Address flagged' };
      expect((await post('/api/admin/wallet/withdraw/reject', reject, finance)).code).toBe(0);
      const claim = await found(RECHARGES, recharges[1]!.serialNo);
      const noTransfer = { id: claim, remark: 'No such transfer' };
      expect((await post('/api/admin/wallet/recharge/reject', noTransfer, finance)).code).toBe(0);
      const entry = async (targetId: string) => {
        const { rows } = await t.services.audit.list(
          { brand: 'novamart', targetId },
          { pageNum: 1, pageSize: 5 },
        );
        expect(rows).toHaveLength(1);
        return rows[0];
      };
      const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(await entry(paid)).toMatchObject({
        actorId: finance.userId,
        action: 'withdrawal.paid',
        targetType: 'withdrawal',
        before: { status: 'processing' },
        after: { status: 'success', txHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
        createTime: stamp,
      });
      expect(await entry(refused)).toMatchObject({
        actorId: finance.userId,
        action: 'withdrawal.reject',
        before: { status: 'processing' },
        after: { status: 'fail', remark: 'Address flagged' },
      });
      expect(await entry(claim)).toMatchObject({
        actorId: finance.userId,
        action: 'recharge.reject',
        targetType: 'recharge',
        before: { status: 'processing' },
        after: { status: 'fail', remark: 'No such transfer' },
        createTime: stamp,
      });
    });
  });

  it('refuses a wrong sort, and anyone but finance and admin', async () => {
    expect(await post(RECHARGES, { sort: 'user' }, finance)).toMatchObject({ key: 'PARAMETER_ERROR' });
    expect(await post(WITHDRAWALS, { order: 'up' }, finance)).toMatchObject({ key: 'PARAMETER_ERROR' });
    for (const url of [RECHARGES, WITHDRAWALS]) {
      expect(await post(url, { keyword: ann.username }, ann)).toMatchObject({ key: 'NO_PERMISSION' });
    }
  });
});
