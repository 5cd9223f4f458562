import { units } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { ledgerAccounts } from './ledger.accounts.ts';
import type { LedgerService } from './ledger.service.ts';

const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
};

describeEachDialect('ledger', (dialect) => {
  let t: TestApp;
  let ledger: LedgerService;
  const db = () => t.db.kysely;
  const chain = ledgerAccounts.external('TRC20');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ledger = t.services.ledger;
  });
  afterAll(() => t.close());

  const fund = (userId: string, amount: bigint) =>
    ledger.transfer(db(), {
      id: `recharge:${newId()}`,
      debit: chain,
      credit: ledgerAccounts.wallet(userId),
      amount,
      kind: 'recharge',
    });
  const available = async (userId: string) =>
    (await ledger.balanceOf(db(), ledgerAccounts.wallet(userId))).available;
  const transferCount = async () =>
    Number(
      (
        await db()
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('moves money between accounts and keeps every balance equal to its transfers', async () => {
    const buyer = newId();
    const order = newId();
    const result = await fund(buyer, units(100));
    expect(result).toMatchObject({ status: 'posted', creditBalanceAfter: units(100), replayed: false });
    const paid = await ledger.transfer(db(), {
      id: `pay:${order}`,
      debit: ledgerAccounts.wallet(buyer),
      credit: ledgerAccounts.escrow(order),
      amount: units(30),
      kind: 'pay_order',
      reference: order,
    });
    expect(paid.debitBalanceAfter).toBe(units(70));
    expect(paid.creditBalanceAfter).toBe(units(30));
    expect(await available(buyer)).toBe(units(70));
    expect((await ledger.balanceOf(db(), chain)).balance).toBeLessThan(0n);
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('spreads an external account over its rows: one balance, one overview line, a replay on its row', async () => {
    const bank = ledgerAccounts.external(`bank-${newId()}`);
    const users = Array.from({ length: 40 }, () => newId());
    const moves = users.map((userId, i) => ({
      id: `recharge:${userId}`,
      debit: bank,
      credit: ledgerAccounts.wallet(userId),
      amount: units(i + 1),
      kind: 'recharge',
    }));
    const results = await Promise.all(moves.map((m) => ledger.transfer(db(), m)));
    const rows = new Set(results.map((r) => r.debitAccountId));
    expect(rows.size).toBeGreaterThan(4);
    for (const row of rows) expect(row).toMatch(new RegExp(`^${bank.id}#\\d\\d$`));
    const again = await ledger.transfer(db(), moves[7]!);
    expect(again).toMatchObject({ replayed: true, debitAccountId: results[7]!.debitAccountId });
    const total = -units((40 * 41) / 2);
    expect(await ledger.balanceOf(db(), bank)).toMatchObject({ balance: total, available: total });
    const overview = await ledger.accounts(db(), 'external', 100, 0);
    const lines = overview.rows.filter((a) => a.id.startsWith(bank.id));
    expect(lines).toEqual([expect.objectContaining({ id: bank.id, kind: 'external', balance: total })]);
    expect(overview.rows.every((a) => !a.id.includes('#'))).toBe(true);
    expect(overview.total).toBe(overview.rows.length);
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('refuses a debit the account cannot pay and writes nothing', async () => {
    const buyer = newId();
    await fund(buyer, units(5));
    const before = await transferCount();
    const key = await keyOf(
      ledger.transfer(db(), {
        id: `pay:${newId()}`,
        debit: ledgerAccounts.wallet(buyer),
        credit: ledgerAccounts.escrow(newId()),
        amount: units(5) + 1n,
        kind: 'pay_order',
      }),
    );
    expect(key).toBe('INSUFFICIENT_BALANCE');
    expect(await transferCount()).toBe(before);
    expect(await available(buyer)).toBe(units(5));
    // An escrow short of money is not something the user can deposit into.
    const escrowShort = await keyOf(
      ledger.transfer(db(), {
        id: `refund:${newId()}`,
        debit: ledgerAccounts.escrow(newId()),
        credit: ledgerAccounts.wallet(buyer),
        amount: 1n,
        kind: 'refund',
      }),
    );
    expect(escrowShort).toBe('INSUFFICIENT_HOLDINGS');
  });

  it('refuses zero, negative, self and cross-currency transfers', async () => {
    const buyer = newId();
    await fund(buyer, units(1));
    const base = {
      id: `x:${newId()}`,
      debit: ledgerAccounts.wallet(buyer),
      credit: ledgerAccounts.escrow('o'),
      kind: 'pay_order',
    };
    expect(await keyOf(ledger.transfer(db(), { ...base, amount: 0n }))).toBe('AMOUNT_FORMAT');
    expect(await keyOf(ledger.transfer(db(), { ...base, amount: -1n }))).toBe('AMOUNT_FORMAT');
    expect(await keyOf(ledger.transfer(db(), { ...base, credit: base.debit, amount: 1n }))).toBe(
      'PARAMETER_ERROR',
    );
    expect(
      await keyOf(ledger.transfer(db(), { ...base, credit: ledgerAccounts.escrow('o', 'USDC'), amount: 1n })),
    ).toBe('PARAMETER_ERROR');
    expect(await keyOf(ledger.transfer(db(), { ...base, id: 'k'.repeat(81), amount: 1n }))).toBe(
      'PARAMETER_ERROR',
    );
    expect(await available(buyer)).toBe(units(1));
  });

  it('answers a repeated id with the first result and a changed one with IDEMPOTENCY_MISMATCH', async () => {
    const buyer = newId();
    const id = `recharge:${newId()}`;
    const input = {
      id,
      debit: chain,
      credit: ledgerAccounts.wallet(buyer),
      amount: units(10),
      kind: 'recharge',
    };
    const first = await ledger.transfer(db(), input);
    await fund(buyer, units(1));
    const again = await ledger.transfer(db(), input);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await available(buyer)).toBe(units(11));
    expect(await keyOf(ledger.transfer(db(), { ...input, amount: units(11) }))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await keyOf(ledger.hold(db(), input))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await available(buyer)).toBe(units(11));
  });

  it('holds, then posts or voids exactly once', async () => {
    const user = newId();
    await fund(user, units(50));
    const out = ledgerAccounts.external('TRC20');
    const hold = await ledger.hold(db(), {
      id: `withdraw:${newId()}`,
      debit: ledgerAccounts.wallet(user),
      credit: out,
      amount: units(20),
      kind: 'withdraw',
    });
    expect(hold.status).toBe('pending');
    expect(await ledger.balanceOf(db(), ledgerAccounts.wallet(user))).toMatchObject({
      balance: units(50),
      pending: units(20),
      available: units(30),
    });
    // The held amount cannot be spent twice.
    expect(
      await keyOf(
        ledger.transfer(db(), {
          id: `pay:${newId()}`,
          debit: ledgerAccounts.wallet(user),
          credit: ledgerAccounts.escrow(newId()),
          amount: units(31),
          kind: 'pay_order',
        }),
      ),
    ).toBe('INSUFFICIENT_BALANCE');
    const posted = await ledger.post(db(), hold.id);
    expect(posted).toMatchObject({ status: 'posted', debitBalanceAfter: units(30), replayed: false });
    expect(await ledger.post(db(), hold.id)).toMatchObject({ status: 'posted', replayed: true });
    expect(await keyOf(ledger.void(db(), hold.id))).toBe('TRANSFER_ALREADY_RESOLVED');
    expect(await ledger.balanceOf(db(), ledgerAccounts.wallet(user))).toMatchObject({
      balance: units(30),
      pending: 0n,
    });

    const second = await ledger.hold(db(), {
      id: `withdraw:${newId()}`,
      debit: ledgerAccounts.wallet(user),
      credit: out,
      amount: units(30),
      kind: 'withdraw',
    });
    expect((await ledger.void(db(), second.id)).status).toBe('voided');
    expect(await keyOf(ledger.post(db(), second.id))).toBe('TRANSFER_ALREADY_RESOLVED');
    expect(await keyOf(ledger.post(db(), 'no-such-transfer'))).toBe('TRANSFER_NOT_FOUND');
    expect(await available(user)).toBe(units(30));
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('lets 200 concurrent holds take exactly what the balance covers', async () => {
    const user = newId();
    await fund(user, units(100));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        keyOf(
          ledger.hold(db(), {
            id: `withdraw:${newId()}`,
            debit: ledgerAccounts.wallet(user),
            credit: chain,
            amount: units(10),
            kind: 'withdraw',
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_BALANCE')).toHaveLength(190);
    expect(await ledger.balanceOf(db(), ledgerAccounts.wallet(user))).toMatchObject({
      balance: units(100),
      available: 0n,
    });
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('moves money once for 200 concurrent requests with one id, answering all of them alike', async () => {
    const user = newId();
    const id = `recharge:${newId()}`;
    const input = {
      id,
      debit: chain,
      credit: ledgerAccounts.wallet(user),
      amount: units(7),
      kind: 'recharge',
    };
    const results = await Promise.all(Array.from({ length: 200 }, () => ledger.transfer(db(), input)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const { replayed: _r, ...first } = results[0]!;
    for (const r of results) expect({ ...r, replayed: false }).toEqual({ ...first, replayed: false });
    expect(await available(user)).toBe(units(7));
  });

  it('resolves a hold once when posts and voids race, 200 times over', async () => {
    const user = newId();
    await fund(user, units(200));
    let posted = 0;
    let voided = 0;
    for (let i = 0; i < 200; i++) {
      const hold = await ledger.hold(db(), {
        id: `withdraw:${newId()}`,
        debit: ledgerAccounts.wallet(user),
        credit: chain,
        amount: units(1),
        kind: 'withdraw',
      });
      const [a, b] = await Promise.all([
        keyOf(ledger.post(db(), hold.id)),
        keyOf(ledger.void(db(), hold.id)),
      ]);
      expect([a, b].sort()).toEqual(['TRANSFER_ALREADY_RESOLVED', 'ok']);
      const row = await ledger.findTransfer(db(), hold.id);
      if (row?.status === 'posted') posted++;
      else voided++;
    }
    expect(posted + voided).toBe(200);
    expect(await ledger.balanceOf(db(), ledgerAccounts.wallet(user))).toMatchObject({
      balance: units(200 - posted),
      pending: 0n,
    });
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('takes part in the caller transaction: a later failure undoes the transfer', async () => {
    const user = newId();
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await ledger.transfer(tx, {
            id: `recharge:${newId()}`,
            debit: chain,
            credit: ledgerAccounts.wallet(user),
            amount: units(3),
            kind: 'recharge',
          });
          throw new Error('the rest of the flow failed');
        }),
    ).rejects.toThrow('the rest of the flow failed');
    expect(await available(user)).toBe(0n);
  });

  it('forgets an account created in a transaction that rolled back, though a later transfer in it saw it', async () => {
    const seller = ledgerAccounts.wallet(newId());
    const escrow = ledgerAccounts.escrow(newId());
    const buyer = newId();
    await fund(buyer, units(1));
    await ledger.transfer(db(), {
      id: `pay:${newId()}`,
      debit: ledgerAccounts.wallet(buyer),
      credit: escrow,
      amount: units(1),
      kind: 'pay_order',
    });
    // A settlement creates the seller's wallet; its commission, in the same transaction, finds the
    // wallet there and cannot be paid from it, so the whole transaction rolls back.
    const settle = (commission: bigint) =>
      inTransaction(db(), async (tx) => {
        await ledger.transfer(tx, {
          id: `settle:${newId()}`,
          debit: escrow,
          credit: seller,
          amount: units(1),
          kind: 'settle',
        });
        await ledger.transfer(tx, {
          id: `commission:${newId()}`,
          debit: seller,
          credit: ledgerAccounts.platform('commission'),
          amount: commission,
          kind: 'commission',
        });
      });
    expect(await keyOf(settle(units(2)))).toBe('INSUFFICIENT_BALANCE');
    // The seller's wallet is gone with it: crediting it again must create it again.
    expect(await keyOf(settle(units(1) / 2n))).toBe('ok');
    expect((await ledger.balanceOf(db(), seller)).balance).toBe(units(1) / 2n);
    expect((await ledger.audit(db())).ok).toBe(true);
  });

  it('finds a tampered balance in the audit', async () => {
    const user = newId();
    await fund(user, units(2));
    const account = ledgerAccounts.wallet(user).id;
    await db()
      .updateTable('ledger_accounts')
      .set({ balance: units(3) })
      .where('id', '=', account)
      .execute();
    const report = await ledger.audit(db());
    expect(report.ok).toBe(false);
    expect(report.inconsistentAccounts.map((a) => a.id)).toContain(account);
    await db()
      .updateTable('ledger_accounts')
      .set({ balance: units(2) })
      .where('id', '=', account)
      .execute();
    expect((await ledger.audit(db())).ok).toBe(true);
  });
});
