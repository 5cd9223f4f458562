/**
 * The wallet's concurrency rules hold across two API processes sharing PostgreSQL and Redis
 * (issue 5): 200 concurrent withdrawals spread over both processes hold exactly what the balance
 * covers; 200 repeats of one form token make one withdrawal with one reply; finance decisions
 * racing on two processes resolve each request once; a chain hash is credited once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, loginAs, type Reply, type RunningServer, startServer, uploadPng } from './harness.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hash = () => randomBytes(32).toString('hex');

describe.runIf(postgresUrl && redisUrl)('wallet on two processes (PostgreSQL + Redis)', () => {
  const schema = `e2e_wallet_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let buyer: string;
  let finance: string;
  let proof: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgresUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl! };
    a = await startServer(env);
    b = await startServer(env);
    await admin.query(
      `insert into ${schema}.params (brand, code, value, updated_at) values
        ('novamart', 'withdraw_daily_count', '100000', 0), ('novamart', 'withdraw_max_processing', '100000', 0),
        ('novamart', 'recharge_max_processing', '100000', 0)
       on conflict (brand, code) do update set value = excluded.value`,
    );
    // Params are cached for a few seconds per process.
    await new Promise((r) => setTimeout(r, 5500));
    buyer = await loginAs(a, 'demobuyer');
    finance = await loginAs(b, 'demofinance');
    proof = await uploadPng(a, buyer, 'proof');
    const bind = await apiAs(a, buyer)('/api/user!bindWithdrawAddress.action', {
      network: 'TRC20',
      address: ADDRESS,
      fundPassword: '246810',
    });
    expect(bind.code).toBe(0);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  const on = (i: number) => (i % 2 === 0 ? a : b);

  async function deposit(amount: string): Promise<void> {
    const claim = await apiAs(a, buyer)('/api/rechargeBlockchain/recharge', {
      channel: 'USDT-TRC20',
      amount,
      txHash: hash(),
      proof,
    });
    expect(claim.code).toBe(0);
    const ok = await apiAs(b, finance)('/api/admin/wallet/recharge/approve', {
      id: claim.data.id,
      amountReceived: amount,
      remark: 'ok',
    });
    expect(ok.code).toBe(0);
  }

  async function available(): Promise<string> {
    return (await apiAs(a, buyer)('/api/wallet/usdt')).data.available;
  }

  it('holds exactly what the balance covers for 200 concurrent withdrawals on two processes', async () => {
    await deposit('100');
    const tokens = await Promise.all(
      Array.from(
        { length: 200 },
        async (_, i) => (await apiAs(on(i), buyer)('/api/withdraw!get.action')).data.token as string,
      ),
    );
    const replies = await Promise.all(
      tokens.map((token, i) =>
        apiAs(on(i + 1), buyer)('/api/withdraw/apply', {
          token,
          channel: 'USDT-TRC20',
          amount: '10',
          fundPassword: '246810',
        }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.key === 'INSUFFICIENT_BALANCE')).toHaveLength(190);
    expect(await available()).toBe('0');
  });

  it('makes one withdrawal of 200 repeats of one form token, with one reply', async () => {
    await deposit('15');
    const token = (await apiAs(a, buyer)('/api/withdraw!get.action')).data.token;
    const replies: Reply[] = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apiAs(on(i), buyer)('/api/withdraw/apply', {
          token,
          channel: 'USDT-TRC20',
          amount: '15',
          fundPassword: '246810',
        }),
      ),
    );
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(replies[0]!.code).toBe(0);
    expect(await available()).toBe('0');
    const mismatch = await apiAs(b, buyer)('/api/withdraw/apply', {
      token,
      channel: 'USDT-TRC20',
      amount: '14',
      fundPassword: '246810',
    });
    expect(mismatch.key).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('resolves each withdrawal once when two processes pay and reject it at the same time', async () => {
    const pending = (
      await apiAs(a, finance)('/api/admin/wallet/withdraw/list', { status: 'processing', pageSize: 100 })
    ).data.pageList as { id: string }[];
    expect(pending.length).toBeGreaterThanOrEqual(11);
    for (const w of pending) {
      const [paid, rejected] = await Promise.all([
        apiAs(a, finance)('/api/admin/wallet/withdraw/paid', { id: w.id, txHash: hash() }),
        apiAs(b, finance)('/api/admin/wallet/withdraw/reject', { id: w.id, remark: 'race' }),
      ]);
      expect(
        [paid.code, rejected.code].filter((c) => c === 0),
        w.id,
      ).toHaveLength(1);
      expect([paid.key, rejected.key].filter(Boolean)).toEqual(['TRANSFER_ALREADY_RESOLVED']);
    }
    const audit = await apiAs(a, finance)('/api/admin/ledger/audit');
    expect(audit.data).toMatchObject({ ok: true });
  });

  it('credits one chain transaction once when it is claimed through both processes', async () => {
    // Two buyers race one hash through both processes; the same buyer's repeat is a double submit.
    const other = await loginAs(b, 'demoseller');
    const otherProof = await uploadPng(b, other, 'proof');
    const tx = hash();
    const claim = (server: RunningServer, token: string, image: string) =>
      apiAs(server, token)('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-TRC20',
        amount: '5',
        txHash: tx,
        proof: image,
      });
    const [first, repeat, rival] = await Promise.all([
      claim(a, buyer, proof),
      claim(b, buyer, proof),
      claim(b, other, otherProof),
    ]);
    const claims = [first, repeat, rival];
    expect(claims.filter((c) => c.code === 0)).toHaveLength(1);
    const refusals = claims.filter((c) => c.code !== 0).map((c) => c.key);
    if (rival.code === 0)
      expect(refusals).toEqual(['TX_HASH_ALREADY_SUBMITTED', 'TX_HASH_ALREADY_SUBMITTED']);
    else expect(rival.key).toBe('TX_HASH_ALREADY_SUBMITTED');
    expect(refusals.every((k) => k === 'TX_HASH_ALREADY_SUBMITTED' || k === 'DUPLICATE_SUBMISSION')).toBe(
      true,
    );
  });
});
