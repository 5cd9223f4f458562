import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';

describeEachDialect('finance set-up and balances', (dialect) => {
  let t: TestApp;
  let finance: Registered;
  let buyer: Registered;
  const post = (url: string, payload: Record<string, unknown>, user: Registered = finance) =>
    call(t, 'POST', url, payload, { token: user.token });
  const channel = async (code: string) =>
    (await post('/api/admin/wallet/channels', {})).data.find((c: { code: string }) => c.code === code);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await register(t);
    await grantRoles(t, finance.userId, ['finance']);
    buyer = await register(t);
  });
  afterAll(() => t.close());

  it('changes limits and fees, audited with before and after; buyers see the new limits', async () => {
    const before = await channel('USDT-TRC20');
    const reply = await post('/api/admin/wallet/channel/update', {
      code: 'USDT-TRC20',
      rechargeMin: '5',
      withdrawFeeFixed: '1.5',
      withdrawFeeRateBp: 25,
    });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ rechargeMin: '5', withdrawFeeFixed: '1.5', withdrawFeeRateBp: 25 });
    const info = await post('/api/rechargeBlockchain!get.action', { channel: 'USDT-TRC20' }, buyer);
    expect(info.data.min).toBe('5');
    const entries = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'wallet.channel.update')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: finance.userId, target_id: 'USDT-TRC20' });
    expect(JSON.parse(entries[0]!.before_json!).rechargeMin).toBe(before.rechargeMin);
    expect(JSON.parse(entries[0]!.after_json!).rechargeMin).toBe('5');
  });

  it('refuses a minimum over the maximum, a bad amount or address, and writes nothing', async () => {
    const before = await channel('USDT-ERC20');
    const over = await post('/api/admin/wallet/channel/update', {
      code: 'USDT-ERC20',
      withdrawMin: '200000',
    });
    expect(over).toMatchObject({ key: 'PARAMETER_ERROR', data: { field: 'withdrawMax' } });
    expect((await post('/api/admin/wallet/channel/update', { code: 'USDT-ERC20', rate: 'abc' })).key).toBe(
      'PARAMETER_ERROR',
    );
    const address = await post('/api/admin/wallet/channel/update', {
      code: 'USDT-ERC20',
      depositAddress: '0x1234',
    });
    expect(address.key).toBe('WITHDRAW_ADDRESS_FORMAT');
    expect(await channel('USDT-ERC20')).toEqual(before);
    expect((await post('/api/admin/wallet/channels', {}, buyer)).code).not.toBe(0);
  });

  it('sets the withdrawal hours, checked as HH:mm, and the buyers see them', async () => {
    expect((await post('/api/admin/wallet/hours', {})).data).toEqual({
      openTime: '00:00',
      closeTime: '24:00',
    });
    for (const bad of [
      { openTime: '9:00', closeTime: '18:00' },
      { openTime: '09:00', closeTime: '25:00' },
      { openTime: '09:00', closeTime: '09:00' },
      { openTime: '24:00', closeTime: '09:00' },
    ]) {
      expect((await post('/api/admin/wallet/hours/update', bad)).key).toBe('PARAMETER_ERROR');
    }
    expect((await post('/api/admin/wallet/hours', {})).data).toEqual({
      openTime: '00:00',
      closeTime: '24:00',
    });
    const set = await post('/api/admin/wallet/hours/update', { openTime: '09:30', closeTime: '02:00' });
    expect(set.data).toEqual({ openTime: '09:30', closeTime: '02:00' });
    const open = await post('/api/withdraw/open', {}, buyer);
    expect(open.data).toMatchObject({ openTime: '09:30', closeTime: '02:00' });
    expect((await post('/api/admin/wallet/hours/update', set.data, buyer)).code).not.toBe(0);
  });

  it('pages the accounts, largest balance first, optionally of one kind', async () => {
    for (const [i, amount] of [5n, 9n, 7n].entries()) {
      await t.services.ledger.transfer(t.db.kysely, {
        id: `test-credit:${i}`,
        debit: {
          id: 'external:test:USDT',
          kind: 'external',
          ownerId: null,
          currency: 'USDT',
          allowNegative: true,
        },
        credit: {
          id: `wallet:u${i}:USDT`,
          kind: 'wallet',
          ownerId: `u${i}`,
          currency: 'USDT',
          allowNegative: false,
        },
        amount: amount * 10n ** 10n,
        kind: 'recharge',
      });
    }
    const first = await post('/api/admin/ledger/balances', { kind: 'wallet', pageSize: 2 });
    expect(first.data.accounts.pageInfo).toEqual({ pageNum: 1, pageSize: 2, total: 3 });
    expect(first.data.accounts.pageList.map((a: { balance: string }) => a.balance)).toEqual(['9', '7']);
    const second = await post('/api/admin/ledger/balances', { kind: 'wallet', pageSize: 2, pageNum: 2 });
    expect(second.data.accounts.pageList).toEqual([
      { id: 'wallet:u0:USDT', kind: 'wallet', ownerId: 'u0', currency: 'USDT', balance: '5', held: '0' },
    ]);
    expect(first.data.byKind).toEqual(expect.arrayContaining([{ kind: 'wallet', total: '21', held: '0' }]));
    expect((await post('/api/admin/ledger/balances', { kind: 'nope' })).key).toBe('PARAMETER_ERROR');
    expect((await post('/api/admin/ledger/audit', {})).data.ok).toBe(true);
  });
});
