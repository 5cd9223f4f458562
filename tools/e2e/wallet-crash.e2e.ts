/**
 * Money survives crashes (issue 5): the real server is killed with SIGKILL in the middle of 100
 * concurrent wallet operations, twenty times over. After every restart the ledger audit finds
 * nothing created or lost, and every operation that was answered "success" before the kill is in
 * the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, loginAs, type RunningServer, setParams, startServer, uploadPng } from './harness.ts';

const ROUNDS = 20;
const OPERATIONS = 100;
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hash = () =>
  Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

interface Answered {
  kind: 'claim' | 'approve' | 'apply' | 'paid' | 'reject';
  id: string;
}

describe('wallet under SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Twenty cold starts of a real server (migrations checked each time): 4 minutes of room.
  it(`keeps every answered operation and every invariant across ${ROUNDS} kills`, async () => {
    // Limits high enough that the burst exercises money, not the per-user caps.
    await setParams(dataDir, {
      withdraw_daily_count: '100000',
      withdraw_max_processing: '100000',
      recharge_max_processing: '100000',
    });
    let server: RunningServer = await startServer({ DATA_DIR: dataDir });
    const buyer = await loginAs(server, 'demobuyer');
    const finance = await loginAs(server, 'demofinance');
    // Rebound to the current process after every restart (it gets a new port).
    let asBuyer = apiAs(server, buyer);
    let asFinance = apiAs(server, finance);
    const proof = await uploadPng(server, buyer, 'proof');
    expect(
      (
        await asBuyer('/api/user!bindWithdrawAddress.action', {
          network: 'TRC20',
          address: ADDRESS,
          fundPassword: '246810',
        })
      ).code,
    ).toBe(0);
    // A first deposit so withdrawals have something to take.
    const first = await asBuyer('/api/rechargeBlockchain/recharge', {
      channel: 'USDT-TRC20',
      amount: '5000',
      txHash: hash(),
      proof,
    });
    expect(
      (
        await asFinance('/api/admin/wallet/recharge/approve', {
          id: first.data.id,
          amountReceived: '5000',
          remark: 'seed',
        })
      ).code,
    ).toBe(0);
    const answered: Answered[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const pendingClaims = ((
        await asFinance('/api/admin/wallet/recharge/list', { status: 'processing', pageSize: 100 })
      ).data?.pageList ?? []) as { id: string }[];
      const pendingWithdrawals = ((
        await asFinance('/api/admin/wallet/withdraw/list', { status: 'processing', pageSize: 100 })
      ).data?.pageList ?? []) as { id: string }[];
      const work: Promise<void>[] = [];
      for (let i = 0; i < OPERATIONS; i++) {
        const pick = i % 5;
        const note = (kind: Answered['kind']) => (reply: { code: number; data?: { id?: string } }) => {
          if (reply.code === 0 && reply.data?.id) answered.push({ kind, id: reply.data.id });
        };
        const run = async () => {
          if (pick === 0) {
            note('claim')(
              await asBuyer('/api/rechargeBlockchain/recharge', {
                channel: 'USDT-TRC20',
                amount: '3',
                txHash: hash(),
                proof,
              }),
            );
          } else if (pick === 1 && pendingClaims.length > 0) {
            const claim = pendingClaims.pop()!;
            note('approve')(
              await asFinance('/api/admin/wallet/recharge/approve', {
                id: claim.id,
                amountReceived: '3',
                remark: 'ok',
              }),
            );
          } else if (pick === 2 || pick === 3) {
            const token = (await asBuyer('/api/withdraw!get.action', {})).data?.token;
            if (token) {
              note('apply')(
                await asBuyer('/api/withdraw/apply', {
                  token,
                  channel: 'USDT-TRC20',
                  amount: '11',
                  fundPassword: '246810',
                }),
              );
            }
          } else if (pendingWithdrawals.length > 0) {
            const w = pendingWithdrawals.pop()!;
            if (i % 2 === 0)
              note('paid')(await asFinance('/api/admin/wallet/withdraw/paid', { id: w.id, txHash: hash() }));
            else
              note('reject')(
                await asFinance('/api/admin/wallet/withdraw/reject', { id: w.id, remark: 'no' }),
              );
          }
        };
        work.push(run().catch(() => {}));
      }
      // Kill somewhere in the middle of the burst.
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 250));
      server.kill();
      await Promise.all(work);

      server = await startServer({ DATA_DIR: dataDir });
      asBuyer = apiAs(server, buyer);
      asFinance = apiAs(server, finance);
      const audit = await asFinance('/api/admin/ledger/audit', {});
      expect(audit.data, `audit after round ${round}`).toMatchObject({
        ok: true,
        inconsistentAccounts: [],
        malformedTransfers: [],
      });
    }

    // Every answered success is there, in the state it was answered in (or later).
    const check = apiAs(server, finance);
    const recharges = new Map<string, string>();
    const withdrawals = new Map<string, string>();
    for (let page = 1; ; page++) {
      const list = (await check('/api/admin/wallet/recharge/list', { pageNum: page, pageSize: 100 })).data;
      for (const r of list.pageList) recharges.set(r.id, r.status);
      if (page * 100 >= list.pageInfo.total) break;
    }
    for (let page = 1; ; page++) {
      const list = (await check('/api/admin/wallet/withdraw/list', { pageNum: page, pageSize: 100 })).data;
      for (const w of list.pageList) withdrawals.set(w.id, w.status);
      if (page * 100 >= list.pageInfo.total) break;
    }
    expect(answered.length).toBeGreaterThan(50);
    for (const a of answered) {
      if (a.kind === 'claim') expect(recharges.has(a.id), `claim ${a.id}`).toBe(true);
      if (a.kind === 'approve') expect(recharges.get(a.id), `approved ${a.id}`).toBe('success');
      if (a.kind === 'apply') expect(withdrawals.has(a.id), `withdrawal ${a.id}`).toBe(true);
      if (a.kind === 'paid') expect(withdrawals.get(a.id), `paid ${a.id}`).toBe('success');
      if (a.kind === 'reject') expect(withdrawals.get(a.id), `rejected ${a.id}`).toBe('fail');
    }
    await server.stop();
  }, 240_000);
});
