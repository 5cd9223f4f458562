import { BRANDS, units } from '@mall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/env.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { demoAddress } from './chain-address.ts';
import { type GatewayNotification, hmacGateway } from './gateway.ts';
import { luhnValid } from './recharge.service.ts';
import { serialNumber } from './wallet.service.ts';

/** A tiny valid PNG: what an uploaded payment proof looks like. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082',
  'hex',
);

const novamart = BRANDS.find((b) => b.key === 'novamart')!;
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const txHash = () => Buffer.from(newId().padEnd(32, '0')).toString('hex');

describeEachDialect('wallet', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let finance: Registered;

  const post = (url: string, payload: Record<string, unknown>, user: Registered | undefined = buyer) =>
    call(t, 'POST', url, payload, { token: user?.token });

  async function uploadProof(user: Registered): Promise<string> {
    const boundary = '----mall';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="moduleName"\r\n\r\nproof\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/img',
      headers: {
        host: 'novamart.localhost',
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    const json = res.json();
    if (json.code !== 0) throw new Error(`upload failed: ${JSON.stringify(json)}`);
    return json.data.data as string;
  }

  async function userWithFundPassword(): Promise<Registered> {
    const user = await register(t);
    expect(
      (await post('/api/user/SetSafeWord', { safeword: '246810', reSafeword: '246810' }, user)).code,
    ).toBe(0);
    return user;
  }

  async function credit(user: Registered, amount: bigint) {
    await t.services.ledger.transfer(t.db.kysely, {
      id: `test-credit:${newId()}`,
      debit: ledgerAccounts.external('test'),
      credit: ledgerAccounts.wallet(user.userId),
      amount,
      kind: 'recharge',
    });
  }

  const balance = async (user: Registered) => (await post('/api/wallet/usdt', {}, user)).data;
  const audit = async () => (await t.services.ledger.audit(t.db.kysely)).ok;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    buyer = await userWithFundPassword();
    finance = await register(t);
    await grantRoles(t, finance.userId, ['finance']);
  });
  afterAll(() => t.close());

  describe('balance and channels', () => {
    it('answers the USDT balance of the signed-in user, zero at first', async () => {
      expect(await balance(buyer)).toEqual({ currency: 'USDT', balance: '0', frozen: '0', available: '0' });
      expect((await call(t, 'POST', '/api/wallet/usdt', {})).code).toBe(403);
    });

    it('lists the brand channels and a deposit address that passes its own checksum', async () => {
      const list = (await post('/api/channel/list', {})).data;
      expect(list.map((c: { code: string }) => c.code)).toEqual(
        expect.arrayContaining(['USDT-TRC20', 'USDT-ERC20', 'BTC', 'BANK']),
      );
      const info = (await post('/api/rechargeBlockchain!get.action', { channel: 'USDT-TRC20' })).data;
      expect(info).toMatchObject({
        network: 'TRC20',
        coin: 'USDT',
        min: '1',
        address: demoAddress('TRC20', 'novamart:USDT-TRC20'),
      });
      const other = await call(
        t,
        'POST',
        '/api/rechargeBlockchain!get.action',
        { channel: 'USDT-TRC20' },
        { token: buyer.token, host: 'lumen.localhost' },
      );
      // Another brand has its own addresses (and this token is not valid there).
      expect(other.code).toBe(403);
      expect((await post('/api/rechargeBlockchain!get.action', { channel: 'NOPE' })).key).toBe(
        'CHANNEL_NOT_OPEN',
      );
    });
  });

  describe('chain recharge', () => {
    it('records a claim, then finance credits what really arrived, once', async () => {
      const proof = await uploadProof(buyer);
      const hash = txHash();
      const claim = await post('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-TRC20',
        amount: '100.50',
        txHash: hash,
        proof,
      });
      expect(claim).toMatchObject({
        code: 0,
        data: { status: 'processing', amount: '100.5', actualAmount: '0', balance: null },
      });
      const list = (await post('/api/rechargeBlockchain/list', {})).data;
      expect(list.pageInfo).toMatchObject({ pageNum: 1, pageSize: 8, total: 1 });
      expect(list.pageList[0]).toMatchObject({
        serialNo: claim.data.serialNo,
        txHash: hash,
        // A private proof is shown through a short-lived signed link (core/storage/private-links.ts).
        proofUrl: expect.stringMatching(new RegExp(`^${proof}\\?exp=\\d+&sig=`)),
      });

      // Only finance may review.
      expect(
        (
          await post('/api/admin/wallet/recharge/approve', {
            id: claim.data.id,
            amountReceived: '100',
            remark: 'x',
          })
        ).key,
      ).toBe('NO_PERMISSION');
      const approved = await post(
        '/api/admin/wallet/recharge/approve',
        { id: claim.data.id, amountReceived: '99.5', remark: 'Underpaid by 1 USDT on chain' },
        finance,
      );
      expect(approved.data).toMatchObject({
        status: 'success',
        amount: '100.5',
        actualAmount: '99.5',
        balance: '99.5',
      });
      expect(await balance(buyer)).toMatchObject({ balance: '99.5', available: '99.5' });
      const again = await post(
        '/api/admin/wallet/recharge/reject',
        { id: claim.data.id, remark: 'late' },
        finance,
      );
      expect(again.key).toBe('TRANSFER_ALREADY_RESOLVED');
      expect(await balance(buyer)).toMatchObject({ balance: '99.5' });
      const entries = await t.services.audit.list(
        { brand: 'novamart', targetType: 'recharge', targetId: claim.data.id },
        { pageNum: 1, pageSize: 10 },
      );
      expect(entries.rows.map((e) => e.action)).toEqual(['recharge.approve']);
      expect(await audit()).toBe(true);
    });

    it('refuses bad claims and writes nothing', async () => {
      const proof = await uploadProof(buyer);
      const base = { channel: 'USDT-TRC20', amount: '10', txHash: txHash(), proof };
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: '0.99' }, 'DEPOSIT_UNDER_MIN'],
        [{ amount: '1000001' }, 'DEPOSIT_OVER_MAX'],
        [{ amount: '1.234' }, 'AMOUNT_FORMAT'],
        [{ amount: '-5' }, 'AMOUNT_FORMAT'],
        [{ amount: '1e3' }, 'AMOUNT_FORMAT'],
        [{ amount: 'NaN' }, 'AMOUNT_FORMAT'],
        [{ amount: 12.5 }, 'AMOUNT_FORMAT'],
        [{ txHash: 'abc' }, 'TX_HASH_FORMAT'],
        [{ proof: '/uploads/someone-else.png' }, 'IMAGE_NOT_FOUND'],
        [{ channel: 'BANK' }, 'CHANNEL_NOT_OPEN'],
      ];
      const before = (await post('/api/rechargeBlockchain/list', {})).data.pageInfo.total;
      for (const [change, key] of cases) {
        expect(
          (await post('/api/rechargeBlockchain/recharge', { ...base, ...change })).key,
          JSON.stringify(change),
        ).toBe(key);
      }
      expect((await post('/api/rechargeBlockchain/list', {})).data.pageInfo.total).toBe(before);
    });

    it('credits one chain transaction once, even when two users claim it', async () => {
      const other = await register(t);
      const hash = txHash();
      const first = await post('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-ERC20',
        amount: '20',
        txHash: `0x${hash}`,
        proof: await uploadProof(buyer),
      });
      expect(first.code).toBe(0);
      const second = await post(
        '/api/rechargeBlockchain/recharge',
        {
          channel: 'USDT-ERC20',
          amount: '20',
          txHash: `0x${hash.toUpperCase()}`,
          proof: await uploadProof(other),
        },
        other,
      );
      expect(second.key).toBe('TX_HASH_ALREADY_SUBMITTED');
      // The same user sending the same claim again is told not to submit twice.
      const repeat = await post('/api/rechargeBlockchain/recharge', {
        channel: 'USDT-ERC20',
        amount: '20',
        txHash: `0x${hash}`,
        proof: await uploadProof(buyer),
      });
      expect(repeat.key).toBe('DUPLICATE_SUBMISSION');
      expect((await post('/api/rechargeBlockchain!get.action', {})).key).toBe('SELECT_CURRENCY_FIRST');
      expect((await post('/api/thirdPartyRecharge!recharge.action', { amount: '20' })).key).toBe(
        'SELECT_CURRENCY_FIRST',
      );
    });

    it('lets approve and reject race 50 times, each claim resolved exactly once', async () => {
      const user = await register(t);
      const proof = await uploadProof(user);
      let credited = 0n;
      for (let i = 0; i < 50; i++) {
        const claim = await post(
          '/api/rechargeBlockchain/recharge',
          { channel: 'USDT-TRC20', amount: '2', txHash: txHash(), proof },
          user,
        );
        const [a, b] = await Promise.all([
          post(
            '/api/admin/wallet/recharge/approve',
            { id: claim.data.id, amountReceived: '2', remark: 'ok' },
            finance,
          ),
          post('/api/admin/wallet/recharge/reject', { id: claim.data.id, remark: 'no' }, finance),
        ]);
        expect([a.code === 0, b.code === 0].filter(Boolean)).toHaveLength(1);
        expect([a.key, b.key].filter(Boolean)).toEqual(['TRANSFER_ALREADY_RESOLVED']);
        if (a.code === 0) credited += units(2);
      }
      expect((await balance(user)).balance).toBe(String(credited / units(1)));
      expect(await audit()).toBe(true);
    });

    it('lets two operators approve one claim at once with different amounts 20 times: one credit each', async () => {
      const user = await register(t);
      const proof = await uploadProof(user);
      let credited = 0n;
      for (let i = 0; i < 20; i++) {
        const claim = await post(
          '/api/rechargeBlockchain/recharge',
          { channel: 'USDT-TRC20', amount: '4', txHash: txHash(), proof },
          user,
        );
        const replies = await Promise.all(
          ['3', '4'].map((amountReceived) =>
            post(
              '/api/admin/wallet/recharge/approve',
              { id: claim.data.id, amountReceived, remark: 'ok' },
              finance,
            ),
          ),
        );
        const won = replies.filter((r) => r.code === 0);
        expect(won).toHaveLength(1);
        expect(replies.filter((r) => r.code !== 0).map((r) => r.key)).toEqual(['TRANSFER_ALREADY_RESOLVED']);
        credited += units(Number(won[0].data.actualAmount));
      }
      expect((await balance(user)).balance).toBe(String(credited / units(1)));
      expect(await audit()).toBe(true);
    });

    // Each approval's transaction holds a pooled connection; a channel read outside it, once the
    // channel cache had expired, needed one more, and with the pool (10) full of approvals waiting
    // for such reads PostgreSQL approvals hung for good.
    it('approves 20 claims at once after the channel cache has expired', async () => {
      const claims: string[] = [];
      for (let u = 0; u < 4; u++) {
        const user = await register(t);
        const proof = await uploadProof(user);
        for (let i = 0; i < 5; i++) {
          const claim = await post(
            '/api/rechargeBlockchain/recharge',
            { channel: 'USDT-TRC20', amount: '3', txHash: txHash(), proof },
            user,
          );
          claims.push(claim.data.id);
        }
      }
      t.clock.advance(60_000);
      const replies = await Promise.all(
        claims.map((id) =>
          post('/api/admin/wallet/recharge/approve', { id, amountReceived: '3', remark: 'ok' }, finance),
        ),
      );
      expect(replies.map((r) => r.code)).toEqual(claims.map(() => 0));
      expect(await audit()).toBe(true);
    }, 20_000);

    it('refuses more unfinished recharges than the limit', async () => {
      const user = await register(t);
      const proof = await uploadProof(user);
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await post(
              '/api/rechargeBlockchain/recharge',
              { channel: 'USDT-TRC20', amount: '5', txHash: txHash(), proof },
              user,
            )
          ).code,
        ).toBe(0);
      }
      const sixth = await post(
        '/api/rechargeBlockchain/recharge',
        { channel: 'USDT-TRC20', amount: '5', txHash: txHash(), proof },
        user,
      );
      expect(sixth.key).toBe('UNFINISHED_RECHARGE_OR_WITHDRAWAL');
    });
  });

  describe('bank card recharge', () => {
    it('keeps only the last four digits and checks the card number', async () => {
      expect(luhnValid('4111111111111111')).toBe(true);
      expect(luhnValid('4111111111111112')).toBe(false);
      const user = await register(t);
      const proof = await uploadProof(user);
      const bad = await post(
        '/api/rechargeBank/recharge',
        { amount: '50', bankName: 'Bank', cardNumber: '4111 1111 1111 1112', proof },
        user,
      );
      expect(bad.key).toBe('CARD_NUMBER_FORMAT');
      expect(
        (
          await post(
            '/api/rechargeBank/recharge',
            { amount: '50', bankName: ' ', cardNumber: '4111111111111111', proof },
            user,
          )
        ).key,
      ).toBe('BANK_NAME_REQUIRED');
      const ok = await post(
        '/api/rechargeBank/recharge',
        { amount: '50', bankName: 'Harbor Bank', cardNumber: '4111 1111 1111 1111', proof },
        user,
      );
      expect(ok.data).toMatchObject({
        type: 'bank',
        bankName: 'Harbor Bank',
        cardNumber: '**** **** **** 1111',
        status: 'processing',
      });
      const stored = await t.db.kysely
        .selectFrom('recharge_requests')
        .select('card_last4')
        .where('id', '=', ok.data.id)
        .executeTakeFirstOrThrow();
      expect(stored.card_last4).toBe('1111');
    });
  });

  describe('payment gateway', () => {
    it('credits a paid gateway payment once on its signed notification, and refuses bad signatures', async () => {
      const user = await register(t);
      const checkout = await post('/api/thirdPartyRecharge!PHP_recharge.action', { amount: '1000' }, user);
      expect(checkout.data).toMatchObject({ coin: 'PHP', amount: '1000', credited: '17.2' });
      const paymentId = checkout.data.payUrl.split('/').pop();
      const notification = { paymentId, gatewayRef: 'SBX-1', status: 'paid', amount: '1000', coin: 'PHP' };
      const forged = await call(t, 'POST', '/api/thirdPartyRecharge/notify/sandbox', {
        ...notification,
        signature: 'a'.repeat(64),
      });
      expect(forged.key).toBe('GATEWAY_SIGNATURE_INVALID');
      expect((await balance(user)).balance).toBe('0');

      // The sandbox gateway's page pays it, delivering a correctly signed notification.
      const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${paymentId}` });
      expect(page.body).toContain('1000 PHP');
      const paid = await t.app.inject({
        method: 'POST',
        url: `/sandbox-gateway/pay/${paymentId}`,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
      expect((await balance(user)).balance).toBe('17.2');
      // A repeated delivery changes nothing.
      const row = await t.db.kysely
        .selectFrom('recharge_requests')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('success');
      const replay = await t.app.inject({
        method: 'POST',
        url: `/sandbox-gateway/pay/${paymentId}`,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(replay.statusCode).toBe(303);
      expect((await balance(user)).balance).toBe('17.2');
      expect(await audit()).toBe(true);
    });

    it('expires unpaid gateway payments so they stop counting as unfinished', async () => {
      const user = await register(t);
      const checkout = await post(
        '/api/thirdPartyRecharge!recharge.action',
        { channel: 'USD', amount: '20' },
        user,
      );
      const id = checkout.data.payUrl.split('/').pop();
      t.clock.advance(31 * 60_000);
      await t.services.jobs.runDue();
      t.clock.advance(-31 * 60_000);
      const row = await t.db.kysely
        .selectFrom('recharge_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('fail');
    });

    it('credits once when 21 deliveries (paid and failed) and the expiry race, and never credits a payment ended as failed', async () => {
      const sandbox = hmacGateway(
        'sandbox',
        parseConfig({}).gatewaySandboxSecret ?? '',
        '/sandbox-gateway/pay',
      );
      const notify = (n: GatewayNotification) =>
        call(t, 'POST', '/api/thirdPartyRecharge/notify/sandbox', { ...n, signature: sandbox.sign(n) });
      for (let round = 0; round < 10; round++) {
        const user = await register(t);
        const checkout = await post(
          '/api/thirdPartyRecharge!recharge.action',
          { channel: 'USD', amount: '20' },
          user,
        );
        const paymentId = checkout.data.payUrl.split('/').pop() as string;
        const base = { paymentId, gatewayRef: `SBX-R${round}`, amount: '20', coin: 'USD' };
        t.clock.advance(31 * 60_000);
        const [replies] = await Promise.all([
          Promise.all(
            Array.from({ length: 21 }, (_, i) =>
              notify({ ...base, status: i % 2 === 0 ? 'failed' : 'paid' }),
            ),
          ),
          t.services.jobs.runDue(),
        ]);
        t.clock.advance(-31 * 60_000);
        const row = await t.db.kysely
          .selectFrom('recharge_requests')
          .select('status')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow();
        const credited = (await balance(user)).balance;
        // Exactly one outcome, and the wallet agrees with it.
        expect(credited, `round ${round}`).toBe(row.status === 'success' ? '20' : '0');
        const ok = replies.filter((r) => r.code === 0).map((r) => r.data.status);
        expect(new Set(ok), `round ${round}`).toEqual(new Set([row.status]));
        for (const r of replies.filter((r) => r.code !== 0)) expect(r.key).toBe('TRANSFER_ALREADY_RESOLVED');
      }
      expect(await audit()).toBe(true);
    });
  });

  describe('withdrawal', () => {
    let user: Registered;

    beforeAll(async () => {
      user = await userWithFundPassword();
      await credit(user, units(1000));
    });

    const apply = async (amount: string, token?: string, who: Registered = user, password = '246810') => {
      const formToken = token ?? (await post('/api/withdraw!get.action', {}, who)).data.token;
      return post(
        '/api/withdraw/apply',
        { token: formToken, channel: 'USDT-TRC20', amount, fundPassword: password },
        who,
      );
    };

    it('needs a bound address, bound once with a valid checksum and the fund password', async () => {
      expect((await apply('50')).key).toBe('WITHDRAW_ADDRESS_NOT_BOUND');
      const bind = (address: string, fundPassword = '246810') =>
        post('/api/user!bindWithdrawAddress.action', { network: 'TRC20', address, fundPassword }, user);
      expect((await bind(`${TRC20_ADDRESS.slice(0, -1)}u`)).key).toBe('WITHDRAW_ADDRESS_FORMAT');
      expect((await bind(TRC20_ADDRESS, '000000')).key).toBe('WRONG_FUND_PASSWORD');
      expect((await bind(TRC20_ADDRESS)).data).toEqual({ network: 'TRC20', address: TRC20_ADDRESS });
      expect((await bind(demoAddress('TRC20', 'other'))).key).toBe('WITHDRAW_ADDRESS_ALREADY_BOUND');
      const open = (await post('/api/withdraw/open', {}, user)).data;
      expect(open).toMatchObject({ open: true, boundAddress: { network: 'TRC20', address: TRC20_ADDRESS } });
    });

    it('holds amount and fee, then finance pays it with the chain hash', async () => {
      expect((await post('/api/withdraw/fee', { channel: 'USDT-TRC20', amount: '100' }, user)).data).toEqual({
        channel: 'USDT-TRC20',
        amount: '100',
        fee: '1',
        actualAmount: '99',
      });
      const w = await apply('100');
      expect(w.data).toMatchObject({
        status: 'processing',
        amount: '100',
        fee: '1',
        actualAmount: '99',
        balance: '900',
        address: TRC20_ADDRESS,
      });
      expect(await balance(user)).toMatchObject({ balance: '1000', frozen: '100', available: '900' });
      const paid = await post(
        '/api/admin/wallet/withdraw/paid',
        { id: w.data.id, txHash: 'b'.repeat(64) },
        finance,
      );
      expect(paid.data).toMatchObject({ status: 'success', txHash: 'b'.repeat(64) });
      expect(await balance(user)).toMatchObject({ balance: '900', frozen: '0', available: '900' });
      const fees = await t.services.ledger.balanceOf(t.db.kysely, ledgerAccounts.platform('fees'));
      expect(fees.balance).toBeGreaterThanOrEqual(units(1));
      expect(await audit()).toBe(true);
    });

    it('gives the money back when finance rejects', async () => {
      const w = await apply('200');
      expect(await balance(user)).toMatchObject({ available: '700' });
      const rejected = await post(
        '/api/admin/wallet/withdraw/reject',
        { id: w.data.id, remark: 'Address flagged by compliance' },
        finance,
      );
      expect(rejected.data).toMatchObject({ status: 'fail', remark: 'Address flagged by compliance' });
      // Nothing was paid out, no fee charged, the balance never moved: the record says so.
      expect(rejected.data).toMatchObject({ actualAmount: '0', fee: '0', balance: null });
      expect(await balance(user)).toMatchObject({ balance: '900', available: '900' });
      expect(
        (await post('/api/admin/wallet/withdraw/paid', { id: w.data.id, txHash: 'c'.repeat(64) }, finance))
          .key,
      ).toBe('TRANSFER_ALREADY_RESOLVED');
    });

    it('refuses bad withdrawals and holds nothing', async () => {
      const cases: [string, string][] = [
        ['5', 'WITHDRAW_UNDER_LIMIT'],
        ['100001', 'WITHDRAW_OVER_LIMIT'],
        ['0', 'AMOUNT_FORMAT'],
        ['-10', 'AMOUNT_FORMAT'],
        ['1.12345678901', 'AMOUNT_FORMAT'],
        ['Infinity', 'AMOUNT_FORMAT'],
        ['NaN', 'AMOUNT_FORMAT'],
        ['1e3', 'AMOUNT_FORMAT'],
        ['2E1', 'AMOUNT_FORMAT'],
        ['', 'AMOUNT_FORMAT'],
        // Under the day's C3 threshold (withdraw_c3_daily_amount), above the balance.
        ['5000', 'INSUFFICIENT_BALANCE'],
      ];
      for (const [amount, key] of cases) expect((await apply(amount)).key, amount).toBe(key);
      expect((await apply('20', 'not-a-token')).key).toBe('FORM_TOKEN_INVALID');
      expect((await apply('20', undefined, user, '111111')).key).toBe('WRONG_FUND_PASSWORD');
      const otherToken = (await post('/api/withdraw!get.action', {}, buyer)).data.token;
      expect((await apply('20', otherToken)).key).toBe('FORM_TOKEN_INVALID');
      expect(await balance(user)).toMatchObject({ frozen: '0', available: '900' });
    });

    it('counts wrong fund passwords toward the 3-minute lock and holds nothing', async () => {
      const guesser = await userWithFundPassword();
      await post(
        '/api/user!bindWithdrawAddress.action',
        { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: '246810' },
        guesser,
      );
      await credit(guesser, units(100));
      const transfers = async () =>
        (await t.db.kysely.selectFrom('ledger_transfers').select('id').execute()).length;
      const before = await transfers();
      expect((await apply('20', undefined, guesser, '111111')).key).toBe('WRONG_FUND_PASSWORD');
      expect((await apply('20', undefined, guesser, '222222')).key).toBe('WRONG_FUND_PASSWORD');
      expect((await apply('20', undefined, guesser, '333333')).key).toBe('FUND_PASSWORD_LOCKED');
      expect((await apply('20', undefined, guesser)).key).toBe('FUND_PASSWORD_LOCKED');
      expect(await transfers()).toBe(before);
      t.clock.advance(3 * 60_000);
      expect((await apply('20', undefined, guesser)).code).toBe(0);
      t.clock.advance(-3 * 60_000);
      expect(await balance(guesser)).toMatchObject({ frozen: '20', available: '80' });
    });

    it('refuses a business-locked user and holds nothing', async () => {
      const held = await userWithFundPassword();
      await post(
        '/api/user!bindWithdrawAddress.action',
        { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: '246810' },
        held,
      );
      await credit(held, units(100));
      await t.db.kysely
        .updateTable('users')
        .set({ business_locked: 1 })
        .where('id', '=', held.userId)
        .execute();
      await t.services.accounts.forget(held.userId);
      expect((await apply('20', undefined, held)).key).toBe('BUSINESS_LOCKED');
      expect(await balance(held)).toMatchObject({ frozen: '0', available: '100' });
    });

    it('keeps to the open hours and the daily count', async () => {
      await t.services.params.set(novamart, 'withdraw_daily_count', '2');
      const today = await post('/api/withdraw/open', {}, user);
      // Two were asked for today, one was rejected: one more fits.
      expect(today.data.usedToday).toBe(1);
      expect((await apply('10')).code).toBe(0);
      expect((await apply('10')).key).toBe('WITHDRAW_DAILY_COUNT');
      await t.services.params.set(novamart, 'withdraw_daily_count', '20');
      await t.services.params.set(novamart, 'withdraw_open_time', '00:00');
      await t.services.params.set(novamart, 'withdraw_close_time', '00:01');
      expect((await apply('10')).key).toBe('WITHDRAW_OUTSIDE_TIME');
      await t.services.params.set(novamart, 'withdraw_close_time', '24:00');
    });

    it('lets 200 concurrent withdrawals hold exactly what the balance covers', async () => {
      const rich = await userWithFundPassword();
      await post(
        '/api/user!bindWithdrawAddress.action',
        { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: '246810' },
        rich,
      );
      await credit(rich, units(100));
      await t.services.params.set(novamart, 'withdraw_daily_count', '1000');
      await t.services.params.set(novamart, 'withdraw_max_processing', '1000');
      const tokens = await Promise.all(
        Array.from(
          { length: 200 },
          async () => (await post('/api/withdraw!get.action', {}, rich)).data.token,
        ),
      );
      const replies = await Promise.all(tokens.map((token) => apply('10', token, rich)));
      expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
      expect(replies.filter((r) => r.key === 'INSUFFICIENT_BALANCE')).toHaveLength(190);
      expect(await balance(rich)).toMatchObject({ balance: '100', frozen: '100', available: '0' });
      expect(await audit()).toBe(true);
    });

    it('answers 200 repeats of one form token with one withdrawal and the same reply', async () => {
      const token = (await post('/api/withdraw!get.action', {}, user)).data.token;
      const before = await balance(user);
      const replies = await Promise.all(Array.from({ length: 200 }, () => apply('15', token)));
      expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(replies[0].code).toBe(0);
      expect(Number((await balance(user)).available)).toBe(Number(before.available) - 15);
      expect((await apply('16', token)).key).toBe('IDEMPOTENCY_MISMATCH');
      const rows = await t.db.kysely
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.userId)
        .where('amount', '=', units(15))
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('resolves a withdrawal once when paid and reject race, 200 times', async () => {
      const racer = await userWithFundPassword();
      await post(
        '/api/user!bindWithdrawAddress.action',
        { network: 'TRC20', address: TRC20_ADDRESS, fundPassword: '246810' },
        racer,
      );
      await credit(racer, units(2500));
      let paid = 0;
      for (let i = 0; i < 200; i++) {
        const w = await apply('10', undefined, racer);
        expect(w.code, `withdrawal ${i}: ${w.key}`).toBe(0);
        const [a, b] = await Promise.all([
          post('/api/admin/wallet/withdraw/paid', { id: w.data.id, txHash: 'd'.repeat(64) }, finance),
          post('/api/admin/wallet/withdraw/reject', { id: w.data.id, remark: 'race' }, finance),
        ]);
        expect([a.code, b.code].filter((c) => c === 0)).toHaveLength(1);
        expect([a.key, b.key].filter(Boolean)).toEqual(['TRANSFER_ALREADY_RESOLVED']);
        if (a.code === 0) paid++;
      }
      // Paid ones left the wallet, refused ones came back whole.
      expect(await balance(racer)).toMatchObject({ frozen: '0', balance: String(2500 - 10 * paid) });
      expect(await audit()).toBe(true);
    }, 180_000);
  });
});

describe('serial numbers', () => {
  it('carry the prefix, the Shanghai second and 12 random digits, distinct within one second', () => {
    const now = Date.UTC(2026, 10, 22, 4, 0, 0);
    expect(serialNumber('W', now)).toMatch(/^W20261122120000\d{12}$/);
    const many = new Set(Array.from({ length: 20_000 }, () => serialNumber('R', now)));
    expect(many.size).toBe(20_000);
  });
});
