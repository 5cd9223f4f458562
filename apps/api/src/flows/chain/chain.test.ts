/**
 * The chain rails against a real EVM node (Ganache, started here): deposits by many users in one
 * block, confirmations, credited once after N, reorganisations, a watcher restarted mid-range, two
 * app instances on one database, a node answering garbage, payouts (paid, reverted, stuck and
 * replaced), refused destinations; the ledger audit clean after each.
 */
import { units } from '@mall/contract';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config/env.ts';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { startTestNode, type TestNode } from './chain.test-node.ts';

const N = 3;
const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

describeEachDialect('chain rails', (dialect) => {
  let node: TestNode;
  let t: TestApp;
  let env: Record<string, string>;
  const payer = () => node.accounts[2] as HDAccount;

  beforeAll(async () => {
    node = await startTestNode();
    env = {
      CHAIN_EVM_RPC_URL: node.url,
      CHAIN_EVM_XPUB: node.xpub,
      CHAIN_EVM_TOKENS: `USDT:${node.token}:6`,
      CHAIN_EVM_CONFIRMATIONS: String(N),
      CHAIN_EVM_HOT_WALLET_KEY: node.hotWalletKey,
    };
    t = await createTestApp(dialect, { env });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  const rails = () => {
    const r = t.services.chain;
    if (!r) throw new Error('chain rails are off');
    return r;
  };
  const post = (url: string, payload: Record<string, unknown>, user: Registered) =>
    call(t, 'POST', url, payload, { token: user.token });
  const addressOf = async (user: Registered) =>
    (await post('/api/chain/deposit/address', { channel: 'USDT-ERC20' }, user)).data.address as string;
  const balance = async (user: Registered) =>
    (await post('/api/wallet/usdt', {}, user)).data.balance as string;
  const records = async (user: Registered) =>
    (await post('/api/rechargeBlockchain/list', { pageNum: 1, pageSize: 20 }, user)).data;
  const audit = async () => (await t.services.ledger.audit(t.db.kysely)).ok;
  const deposits = () => t.db.kysely.selectFrom('chain_deposits').selectAll().execute();

  it('gives each user their own address, the same one every time', async () => {
    const a = await register(t);
    const b = await register(t);
    const first = await addressOf(a);
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await addressOf(a)).toBe(first);
    expect(await addressOf(b)).not.toBe(first);
    const info = (await post('/api/chain/networks', {}, a)).data;
    expect(info).toEqual({ watched: ['ERC20'], confirmations: N });
    // TRC-20 has no watcher: manual.
    expect((await post('/api/chain/deposit/address', { channel: 'USDT-TRC20' }, a)).key).toBe(
      'CHANNEL_NOT_OPEN',
    );
  });

  it('sees deposits of many users in one block, shows them confirming, credits each once after N', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => register(t)));
    const addresses = await Promise.all(users.map(addressOf));
    await rails().tick();
    await node.payBatch(
      payer(),
      addresses,
      users.map((_, i) => USDT(10 + i)),
    );
    await node.mine();
    await rails().tick();
    const list = await records(users[0] as Registered);
    expect(list.pageList).toHaveLength(1);
    expect(list.pageList[0]).toMatchObject({
      status: 'processing',
      confirmations: 1,
      confirmationsNeeded: N,
      amount: '10',
    });
    expect(list.pageList[0].txHash).toMatch(/^0x[0-9a-f]{64}/);
    expect(await balance(users[0] as Registered)).toBe('0');
    await node.mine(N - 2);
    await rails().tick();
    // N-1 confirmations: still nothing.
    expect(await balance(users[0] as Registered)).toBe('0');
    await node.mine();
    const { credited } = await rails().tick();
    expect(credited).toBe(5);
    for (const [i, u] of users.entries()) expect(await balance(u)).toBe(String(10 + i));
    // More blocks and runs credit nothing again.
    await node.mine(2);
    expect((await rails().tick()).credited).toBe(0);
    expect(await balance(users[4] as Registered)).toBe('14');
    const done = (await records(users[0] as Registered)).pageList[0];
    expect(done).toMatchObject({ status: 'success', actualAmount: '10', balance: '10' });
    expect(await audit()).toBe(true);
  });

  it('a reorganisation drops a deposit not yet credited and picks up the new chain', async () => {
    const kept = await register(t);
    const lost = await register(t);
    const [keptAddress, lostAddress] = [await addressOf(kept), await addressOf(lost)];
    await rails().tick();
    const fork = await node.snapshot();
    await node.pay(payer(), lostAddress, USDT(7));
    await node.mine();
    await node.mine();
    await rails().tick();
    expect((await records(lost)).pageList[0]).toMatchObject({ status: 'processing', confirmations: 2 });
    // The chain is replaced by a longer one without that payment, with another one instead.
    await node.revert(fork);
    await node.pay(node.accounts[3] as HDAccount, keptAddress, USDT(8));
    await node.mine(4);
    const run = await rails().tick();
    expect(run.scans[0]?.reorganised).toBeDefined();
    expect((await records(lost)).pageList[0]).toMatchObject({ status: 'fail' });
    expect(await balance(lost)).toBe('0');
    expect(await balance(kept)).toBe('8');
    await node.mine(N);
    await rails().tick();
    expect(await balance(lost)).toBe('0');
    expect(await balance(kept)).toBe('8');
    expect(await audit()).toBe(true);
  });

  it('a deposit replaced inside the window and mined again is credited once, in its new block', async () => {
    const user = await register(t);
    const address = await addressOf(user);
    await rails().tick();
    const fork = await node.snapshot();
    await node.pay(payer(), address, USDT(9));
    await node.mine();
    await rails().tick();
    const hashBefore = (await deposits()).find((d) => d.to_address === address.toLowerCase())?.block_hash;
    await node.revert(fork);
    // Another block first, then the same payment again (a new transaction: the old one vanished).
    await node.mine();
    await node.pay(payer(), address, USDT(9));
    await node.mine(N + 1);
    await rails().tick();
    const mine = (await deposits()).filter((d) => d.to_address === address.toLowerCase());
    expect(mine.map((d) => d.status).sort()).toEqual(['credited', 'dropped']);
    expect(mine.find((d) => d.status === 'credited')?.block_hash).not.toBe(hashBefore);
    expect(await balance(user)).toBe('9');
    expect(await audit()).toBe(true);
  });

  it('resumes after a restart mid-range without missing or repeating a block, with two processes', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => register(t)));
    const addresses = await Promise.all(users.map(addressOf));
    await rails().tick();
    for (const [i, a] of addresses.entries()) {
      await node.pay(payer(), a, USDT(20 + i));
      await node.mine();
    }
    // The first process scans one block and "dies" (its app is simply not used again).
    await rails()
      .watcher.scan()
      .then(() => undefined);
    // Two new app instances on the same database run at the same moment.
    const second = await buildApp({
      config: parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mall-test', ...env }),
      db: t.db,
      clock: t.clock,
      logger: false,
    });
    const third = await buildApp({
      config: parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mall-test', ...env }),
      db: t.db,
      clock: t.clock,
      logger: false,
    });
    try {
      await node.mine(N);
      const outcomes = await Promise.allSettled([
        second.services.chain?.tick(),
        third.services.chain?.tick(),
        rails().tick(),
      ]);
      for (const o of outcomes)
        if (o.status === 'rejected')
          expect(String(o.reason)).toMatch(/another watcher|cursor|nonce|SQLITE_BUSY|could not serialize/);
      await rails().tick();
      for (const [i, u] of users.entries()) expect(await balance(u)).toBe(String(20 + i));
      const counted = (await deposits()).filter((d) =>
        addresses.map((a) => a.toLowerCase()).includes(d.to_address),
      );
      expect(counted).toHaveLength(3);
      expect(await audit()).toBe(true);
    } finally {
      await second.app.close();
      await third.app.close();
    }
  });

  it('a run killed in the middle of its write leaves nothing behind; the next one records it once', async () => {
    const user = await register(t);
    const address = await addressOf(user);
    await rails().tick();
    const before = await rails().watcher.cursor();
    await node.pay(payer(), address, USDT(6));
    await node.mine(2);
    const sink = rails().deposits;
    const seen = sink.seen.bind(sink);
    // The process "dies" after the blocks were read and in the middle of the writes.
    sink.seen = async () => {
      throw new Error('killed');
    };
    await expect(rails().tick()).rejects.toThrow('killed');
    sink.seen = seen;
    expect(await rails().watcher.cursor()).toEqual(before);
    expect((await deposits()).filter((d) => d.to_address === address.toLowerCase())).toHaveLength(0);
    await node.mine(N);
    await rails().tick();
    expect((await deposits()).filter((d) => d.to_address === address.toLowerCase())).toHaveLength(1);
    expect(await balance(user)).toBe('6');
    expect((await records(user)).pageList).toHaveLength(1);
    expect(await audit()).toBe(true);
  });

  it('waits when the node is unreachable or answers garbage, and credits nothing twice', async () => {
    const user = await register(t);
    const address = await addressOf(user);
    await node.pay(payer(), address, USDT(5));
    await node.mine(N);
    const broken = await buildApp({
      config: parseConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/mall-test',
        ...env,
        CHAIN_EVM_RPC_URL: 'http://127.0.0.1:9',
      }),
      db: t.db,
      clock: t.clock,
      logger: false,
    });
    try {
      await expect(broken.services.chain?.tick()).rejects.toThrow();
      // Garbage: the node's answer to blockNumber is not a quantity.
      const rpc = rails().rpc as unknown as { request: (m: string) => Promise<unknown> };
      const real = rpc.request.bind(rpc);
      rpc.request = async (m: string) => (m === 'eth_blockNumber' ? 'banana' : real(m));
      await expect(rails().tick()).rejects.toThrow(/bad block number/);
      rpc.request = real;
    } finally {
      await broken.app.close();
    }
    expect(await balance(user)).toBe('0');
    await rails().tick();
    await rails().tick();
    expect(await balance(user)).toBe('5');
    expect(await audit()).toBe(true);
  });

  it("credits a transfer to another brand user's address to that user, and keeps unknown coins for finance", async () => {
    const other = await register(t, {}, { host: 'lumen.localhost' });
    const address = (
      await call(
        t,
        'POST',
        '/api/chain/deposit/address',
        { channel: 'USDT-ERC20' },
        { token: other.token, host: 'lumen.localhost' },
      )
    ).data.address as string;
    await node.pay(payer(), address, USDT(3));
    await node.sendNative(payer(), address, 10n ** 15n);
    await node.mine(N);
    await rails().tick();
    const rows = (await deposits()).filter((d) => d.to_address === address.toLowerCase());
    expect(rows.find((d) => d.asset === 'USDT')).toMatchObject({
      brand: 'lumen',
      user_id: other.userId,
      status: 'credited',
    });
    expect(rows.find((d) => d.asset === 'ETH')).toMatchObject({ status: 'unknown_token' });
    const b = await call(t, 'POST', '/api/wallet/usdt', {}, { token: other.token, host: 'lumen.localhost' });
    expect(b.data.balance).toBe('3');
    expect(await audit()).toBe(true);
  });

  it('runs as a durable job: schedules its next slot, credits, prunes its old finished rows', async () => {
    const user = await register(t);
    const address = await addressOf(user);
    await node.pay(payer(), address, USDT(4));
    await node.mine(N);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(5_000);
      await t.services.jobs.runDue();
    }
    expect(await balance(user)).toBe('4');
    const watchJobs = (status: string) =>
      t.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'chain.evm-watch')
        .where('status', '=', status as 'done')
        .execute();
    expect(await watchJobs('pending')).toHaveLength(1);
    expect((await watchJobs('done')).length).toBeGreaterThanOrEqual(3);
    t.clock.advance(2 * 3_600_000);
    await t.services.jobs.runDue();
    expect((await watchJobs('done')).length).toBe(1);
    expect(await watchJobs('pending')).toHaveLength(1);
    expect(await audit()).toBe(true);
  });

  it('keeps a deposit below the minimum, and credits it once the deposits together reach it', async () => {
    const user = await register(t);
    const address = await addressOf(user);
    await node.pay(payer(), address, 500_000n);
    await node.mine(N);
    await rails().tick();
    expect(await balance(user)).toBe('0');
    const waiting = (await records(user)).pageList[0];
    expect(waiting).toMatchObject({ status: 'processing', amount: '0.5' });
    expect(waiting.remark).toMatch(/minimum/);
    await node.pay(payer(), address, 600_000n);
    await node.mine(N);
    await rails().tick();
    expect(await balance(user)).toBe('1.1');
    expect((await records(user)).pageList.map((r: { status: string }) => r.status)).toEqual([
      'success',
      'success',
    ]);
    expect(await audit()).toBe(true);
  });

  describe('payouts', () => {
    let financeA: Registered;
    let financeB: Registered;

    beforeAll(async () => {
      financeA = await register(t);
      financeB = await register(t);
      await grantRoles(t, financeA.userId, ['finance']);
      await grantRoles(t, financeB.userId, ['finance']);
    });

    /** `bypassBind`: the address was bound before the chain rails were configured. */
    async function withdrawal(
      amount: string,
      to: string,
      bypassBind = false,
    ): Promise<{ id: string; user: Registered }> {
      const user = await register(t);
      expect(
        (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user)).code,
      ).toBe(0);
      await node.pay(payer(), await addressOf(user), USDT(5000));
      await node.mine(N);
      await rails().tick();
      if (bypassBind) {
        await t.db.kysely
          .insertInto('withdraw_addresses')
          .values({
            user_id: user.userId,
            brand: 'novamart',
            network: 'ERC20',
            address: to,
            created_at: t.clock.now(),
          })
          .execute();
      } else {
        const bound = await post(
          '/api/user!bindWithdrawAddress.action',
          { network: 'ERC20', address: to, fundPassword: '246810' },
          user,
        );
        expect(bound.code, JSON.stringify(bound)).toBe(0);
      }
      const token = (await post('/api/withdraw!get.action', {}, user)).data.token;
      const applied = await post(
        '/api/withdraw/apply',
        { token, channel: 'USDT-ERC20', amount, fundPassword: '246810' },
        user,
      );
      expect(applied.code, JSON.stringify(applied)).toBe(0);
      return { id: applied.data.id, user };
    }
    const approve = (id: string, who: Registered) => post('/api/admin/wallet/withdraw/approve', { id }, who);
    const runPayouts = async () => {
      t.clock.advance(10_000);
      await t.services.jobs.runDue();
    };

    it('pays an approved withdrawal on the chain and posts its hold after N confirmations', async () => {
      const to = (node.accounts[7] as HDAccount).address;
      const before = await node.tokenBalance(to);
      const { id, user } = await withdrawal('2000', to);
      // Above the 1000 USDT threshold: the same operator twice is refused, a second one queues it.
      expect((await approve(id, financeA)).data).toMatchObject({
        approvals: 1,
        approvalsNeeded: 2,
        status: 'manual',
      });
      expect((await approve(id, financeA)).key).toBe('WITHDRAWAL_ALREADY_APPROVED');
      expect((await approve(id, financeB)).data).toMatchObject({ approvals: 2, status: 'queued' });
      await runPayouts();
      const signed = (await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0];
      expect(signed.status).toBe('broadcast');
      expect(signed.explorerUrl).toBe(`https://etherscan.io/tx/${signed.txHash}`);
      // Finance cannot mark it paid or reject it by hand any more.
      expect((await post('/api/admin/wallet/withdraw/reject', { id, remark: 'no' }, financeA)).key).toBe(
        'WITHDRAWAL_ON_CHAIN',
      );
      await node.mine();
      await runPayouts();
      expect((await post('/api/wallet/usdt', {}, user)).data.frozen).not.toBe('0');
      await node.mine(N);
      await runPayouts();
      const paid = (await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0];
      expect(paid.status).toBe('confirmed');
      expect(await node.tokenBalance(to)).toBe(before + USDT(1995));
      expect((await post('/api/wallet/usdt', {}, user)).data).toMatchObject({ balance: '3000', frozen: '0' });
      expect(await audit()).toBe(true);
    });

    it('voids a payout that reverts on the chain: the money is back, the reason shown', async () => {
      const to = (node.accounts[8] as HDAccount).address;
      await node.freeze(to);
      const { id, user } = await withdrawal('100', to);
      expect((await approve(id, financeA)).data).toMatchObject({ status: 'queued' });
      await runPayouts();
      await node.mine(N);
      await runPayouts();
      const view = (await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0];
      expect(view.status).toBe('reverted');
      expect((await post('/api/wallet/usdt', {}, user)).data).toMatchObject({ balance: '5000', frozen: '0' });
      const rec = (await post('/api/withdraw/list', { pageNum: 1, pageSize: 5 }, user)).data.pageList[0];
      expect(rec).toMatchObject({ status: 'fail' });
      expect(rec.remark).toMatch(/reverted/);
      expect(await audit()).toBe(true);
    });

    it('replaces a stuck payout with the same nonce at a higher price; only one is paid', async () => {
      const to = (node.accounts[9] as HDAccount).address;
      const before = await node.tokenBalance(to);
      const { id } = await withdrawal('50', to);
      await approve(id, financeA);
      await runPayouts();
      const first = await t.db.kysely
        .selectFrom('chain_payouts')
        .selectAll()
        .where('withdrawal_id', '=', id)
        .executeTakeFirstOrThrow();
      // Eleven minutes without a block: stuck.
      t.clock.advance(11 * 60_000);
      await t.services.jobs.runDue();
      const second = await t.db.kysely
        .selectFrom('chain_payouts')
        .selectAll()
        .where('withdrawal_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(second.tx_hashes)).toHaveLength(2);
      expect(String(second.nonce)).toBe(String(first.nonce));
      expect(BigInt(second.max_fee_per_gas ?? 0)).toBeGreaterThan(BigInt(first.max_fee_per_gas ?? 0));
      await node.mine(N + 1);
      await runPayouts();
      await runPayouts();
      const done = await t.db.kysely
        .selectFrom('chain_payouts')
        .selectAll()
        .where('withdrawal_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(done.status).toBe('confirmed');
      expect(await node.tokenBalance(to)).toBe(before + USDT(45));
      expect(await audit()).toBe(true);
    });

    it('stops at the brand daily hot-wallet limit, says so, and pays the next day', async () => {
      await t.db.kysely
        .insertInto('params')
        .values({
          brand: 'novamart',
          code: 'chain_hot_wallet_daily_limit',
          value: '100',
          updated_at: t.clock.now(),
        })
        .execute();
      t.clock.advance(6_000);
      try {
        const to = (node.accounts[5] as HDAccount).address;
        const { id } = await withdrawal('200', to);
        await approve(id, financeA);
        await runPayouts();
        const waiting = (await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0];
        expect(waiting.status).toBe('limited');
        expect(waiting.reason).toMatch(/daily hot-wallet limit \(100 USDT\)/);
        expect(waiting.txHash).toBeNull();
        await t.db.kysely
          .updateTable('params')
          .set({ value: '1000' })
          .where('code', '=', 'chain_hot_wallet_daily_limit')
          .execute();
        // The next Asia/Shanghai day.
        t.clock.advance(24 * 3_600_000);
        await runPayouts();
        expect((await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0].status).toBe(
          'broadcast',
        );
        await node.mine(N + 1);
        await runPayouts();
        expect((await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0].status).toBe(
          'confirmed',
        );
      } finally {
        await t.db.kysely.deleteFrom('params').where('code', '=', 'chain_hot_wallet_daily_limit').execute();
        t.clock.advance(6_000);
      }
      expect(await audit()).toBe(true);
    });

    it('refuses binding a contract or one of our deposit addresses as a withdrawal address', async () => {
      const user = await register(t);
      expect(
        (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user)).code,
      ).toBe(0);
      const bind = (address: string) =>
        post(
          '/api/user!bindWithdrawAddress.action',
          { network: 'ERC20', address, fundPassword: '246810' },
          user,
        );
      expect((await bind(await addressOf(await register(t)))).key).toBe('WITHDRAW_ADDRESS_REFUSED');
      expect((await bind(node.token)).key).toBe('WITHDRAW_ADDRESS_REFUSED');
      expect((await bind((node.accounts[6] as HDAccount).address)).code).toBe(0);
    });

    it('refuses at payout time an address that became ours or a contract after it was bound', async () => {
      const someone = await register(t);
      const ours = await addressOf(someone);
      const { id, user } = await withdrawal('100', ours.toLowerCase(), true);
      await approve(id, financeA);
      await runPayouts();
      const view = (await post('/api/admin/wallet/withdraw/payouts', { ids: id }, financeA)).data[0];
      expect(view).toMatchObject({ status: 'refused' });
      expect((await post('/api/wallet/usdt', {}, user)).data).toMatchObject({ balance: '5000', frozen: '0' });
      const contract = await withdrawal('100', node.token.toLowerCase(), true);
      await approve(contract.id, financeA);
      await runPayouts();
      expect(
        (await post('/api/admin/wallet/withdraw/payouts', { ids: contract.id }, financeA)).data[0].reason,
      ).toMatch(/contract/);
      expect(await audit()).toBe(true);
    });
  });
});

describeEachDialect('chain rails, a token with more decimals than micro-USDT', (dialect) => {
  let node: TestNode;
  let t: TestApp;
  beforeAll(async () => {
    node = await startTestNode();
    // The same contract declared with 8 decimals: one unit is 0.00000001, finer than a micro-USDT.
    t = await createTestApp(dialect, {
      env: {
        CHAIN_EVM_RPC_URL: node.url,
        CHAIN_EVM_XPUB: node.xpub,
        CHAIN_EVM_TOKENS: `USDT:${node.token}:8`,
        CHAIN_EVM_CONFIRMATIONS: '1',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('records the deposit for finance instead of rounding it', async () => {
    const user = await register(t);
    const address = (
      await call(t, 'POST', '/api/chain/deposit/address', { channel: 'USDT-ERC20' }, { token: user.token })
    ).data.address;
    await t.services.chain?.tick();
    await node.pay(node.accounts[2] as HDAccount, address, 123_456_789n);
    await node.mine(2);
    await t.services.chain?.tick();
    const row = await t.db.kysely.selectFrom('chain_deposits').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', amount_raw: '123456789' });
    expect(row.reason).toMatch(/micro-USDT/);
    const list = (
      await call(
        t,
        'POST',
        '/api/rechargeBlockchain/list',
        { pageNum: 1, pageSize: 5 },
        { token: user.token },
      )
    ).data.pageList;
    expect(list[0]).toMatchObject({ status: 'processing', amount: '1.23456789' });
    expect((await call(t, 'POST', '/api/wallet/usdt', {}, { token: user.token })).data.balance).toBe('0');
    // Without a hot-wallet key payouts stay manual.
    expect(t.services.chain?.payouts).toBeUndefined();
    expect((await t.services.ledger.audit(t.db.kysely)).ok).toBe(true);
  });
});

describe('chain amounts', () => {
  it('turns token units into ledger units exactly or not at all', async () => {
    const { toLedgerUnits } = await import('./chain-deposits.ts');
    expect(toLedgerUnits(1_000_000n, 6)).toBe(units(1));
    expect(toLedgerUnits(10n ** 18n, 18)).toBe(units(1));
    expect(toLedgerUnits(1n, 18)).toBeUndefined();
  });
});
