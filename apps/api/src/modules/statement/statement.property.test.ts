/**
 * Property (issue 26): whatever random history of every kind of wallet movement runs, batches at a
 * time all at once (deposits by bank and by a rail the statement does not know, withdrawal holds
 * with their fees then paid out or returned, order payments, refunds, settlements with commission,
 * loan disbursements, repayments and interest), every user's statement reconciles to the ledger
 * exactly: closing balance and held amount equal the ledger's, each posted movement's balance after
 * equals the one the ledger stored, and any split of the period chains (one period's closing is
 * the next one's opening). Many movements share one clock reading, so the order comes from the
 * ledger's stored balances, not from time.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { type AccountSpec, ledgerAccounts } from '../ledger/index.ts';
import { buildStatement, movementsOf } from './statement-build.ts';

type Op =
  | { type: 'recharge' | 'chain_deposit' | 'loan'; user: number; amount: bigint }
  | { type: 'withdraw'; user: number; amount: bigint; fee: bigint }
  | { type: 'payout' | 'return'; withdrawal: number }
  | { type: 'pay'; user: number; order: number; amount: bigint }
  | { type: 'refund'; order: number; user: number; amount: bigint }
  | { type: 'settle'; order: number; seller: number; amount: bigint; commission: bigint }
  | { type: 'repay'; user: number; principal: bigint; interest: bigint }
  | { type: 'tick'; ms: number };

const amount = fc.bigInt({ min: 1n, max: 5_000_000_000_000n });
const user = fc.nat(3); // users 0-1 buy; 2-3 are also sellers
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constantFrom('recharge' as const, 'chain_deposit' as const, 'loan' as const),
    user,
    amount,
  }),
  fc.record({
    type: fc.constant('withdraw' as const),
    user,
    amount,
    fee: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
  }),
  fc.record({ type: fc.constantFrom('payout' as const, 'return' as const), withdrawal: fc.nat(7) }),
  fc.record({ type: fc.constant('pay' as const), user, order: fc.nat(3), amount }),
  fc.record({ type: fc.constant('refund' as const), order: fc.nat(3), user, amount }),
  fc.record({
    type: fc.constant('settle' as const),
    order: fc.nat(3),
    seller: fc.integer({ min: 2, max: 3 }),
    amount,
    commission: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
  }),
  fc.record({
    type: fc.constant('repay' as const),
    user,
    principal: amount,
    interest: fc.bigInt({ min: 0n, max: 99_000_000_000n }),
  }),
  fc.record({ type: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 40_000 }) }),
);

describeEachDialect('statement under random concurrent histories', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reconciles every wallet to the ledger exactly', async () => {
    const ledger = t.services.ledger;
    const db = t.db.kysely;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        async (batches, cuts) => {
          const run = newId();
          const userIds = [0, 1, 2, 3].map((i) => `${run}-u${i}`);
          const wallets = userIds.map((id) => ledgerAccounts.wallet(id));
          const orders = [0, 1, 2, 3].map((i) => ledgerAccounts.escrow(`${run}-o${i}`));
          const withdrawals: { hold: string; fee: string | null }[] = [];
          const started = t.clock.now();
          const attempt = async (work: () => Promise<unknown>) => {
            try {
              await work();
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              expect([
                'INSUFFICIENT_BALANCE',
                'INSUFFICIENT_HOLDINGS',
                'TRANSFER_ALREADY_RESOLVED',
              ]).toContain(error.key);
            }
          };
          const move = (
            debit: AccountSpec,
            credit: AccountSpec,
            x: bigint,
            kind: string,
            reference: string,
          ) => ledger.transfer(db, { id: `${kind}:${newId()}`, debit, credit, amount: x, kind, reference });

          const perform = (o: Op): Promise<void> => {
            switch (o.type) {
              case 'tick':
                t.clock.advance(o.ms);
                return Promise.resolve();
              case 'recharge':
                return attempt(() =>
                  move(ledgerAccounts.external('bank'), wallets[o.user]!, o.amount, 'recharge', newId()),
                );
              case 'chain_deposit':
                return attempt(() =>
                  move(
                    ledgerAccounts.external('TRC20'),
                    wallets[o.user]!,
                    o.amount,
                    'chain_deposit',
                    newId(),
                  ),
                );
              case 'loan':
                return attempt(() =>
                  move(ledgerAccounts.loanBook(), wallets[o.user]!, o.amount, 'loan_disburse', `L${run}`),
                );
              case 'repay':
                return attempt(() =>
                  db.transaction().execute(async (tx) => {
                    const ref = `L${run}`;
                    await ledger.transfer(tx, {
                      id: `loan_repay:${newId()}`,
                      debit: wallets[o.user]!,
                      credit: ledgerAccounts.loanBook(),
                      amount: o.principal,
                      kind: 'loan_repay',
                      reference: ref,
                    });
                    if (o.interest > 0n) {
                      await ledger.transfer(tx, {
                        id: `loan_interest:${newId()}`,
                        debit: wallets[o.user]!,
                        credit: ledgerAccounts.platform('interest'),
                        amount: o.interest,
                        kind: 'loan_interest',
                        reference: ref,
                      });
                    }
                  }),
                );
              case 'withdraw':
                return attempt(() =>
                  db.transaction().execute(async (tx) => {
                    const id = newId();
                    const hold = `withdraw:${id}`;
                    const fee = o.fee > 0n ? `withdraw-fee:${id}` : null;
                    await ledger.hold(tx, {
                      id: hold,
                      debit: wallets[o.user]!,
                      credit: ledgerAccounts.external('TRC20'),
                      amount: o.amount,
                      kind: 'withdraw',
                      reference: id,
                    });
                    if (fee) {
                      await ledger.hold(tx, {
                        id: fee,
                        debit: wallets[o.user]!,
                        credit: ledgerAccounts.platform('fees'),
                        amount: o.fee,
                        kind: 'withdraw_fee',
                        reference: id,
                      });
                    }
                    withdrawals.push({ hold, fee });
                  }),
                );
              case 'payout':
              case 'return': {
                const w = withdrawals[o.withdrawal % Math.max(withdrawals.length, 1)];
                if (!w) return Promise.resolve();
                return attempt(() =>
                  db.transaction().execute(async (tx) => {
                    const resolve = (id: string) =>
                      o.type === 'payout' ? ledger.post(tx, id) : ledger.void(tx, id);
                    await resolve(w.hold);
                    if (w.fee) await resolve(w.fee);
                  }),
                );
              }
              case 'pay':
                return attempt(() =>
                  move(wallets[o.user]!, orders[o.order]!, o.amount, 'pay_order', orders[o.order]!.ownerId!),
                );
              case 'refund':
                return attempt(() =>
                  move(orders[o.order]!, wallets[o.user]!, o.amount, 'refund', orders[o.order]!.ownerId!),
                );
              case 'settle':
                return attempt(() =>
                  db.transaction().execute(async (tx) => {
                    const orderId = orders[o.order]!.ownerId!;
                    await ledger.transfer(tx, {
                      id: `commission:${newId()}`,
                      debit: orders[o.order]!,
                      credit: ledgerAccounts.platform('commission'),
                      amount: o.commission + 1n,
                      kind: 'commission',
                      reference: orderId,
                    });
                    await ledger.transfer(tx, {
                      id: `settle:${newId()}`,
                      debit: orders[o.order]!,
                      credit: wallets[o.seller]!,
                      amount: o.amount,
                      kind: 'settle',
                      reference: orderId,
                    });
                  }),
                );
            }
          };

          for (const batch of batches) await Promise.all(batch.map(perform));
          t.clock.advance(1);
          const end = t.clock.now() + 1;

          for (const wallet of wallets) {
            const ledgerBalance = await ledger.balanceOf(db, wallet);
            const movements = movementsOf(await ledger.statementOf(db, wallet, end));
            const whole = buildStatement(movements, 0, end);
            expect(whole.opening).toEqual({ balance: 0n, held: 0n });
            expect(whole.closing.balance, wallet.id).toBe(ledgerBalance.balance);
            expect(whole.closing.held, wallet.id).toBe(ledgerBalance.pending);
            expect(whole.opening.balance + whole.moneyIn - whole.moneyOut).toBe(whole.closing.balance);
            for (const row of whole.rows) {
              if (row.storedAfter !== null) expect(row.balanceAfter, row.id).toBe(row.storedAfter);
              expect(row.balanceAfter >= 0n && row.heldAfter >= 0n && row.heldAfter <= row.balanceAfter).toBe(
                true,
              );
            }
            // Periods split anywhere chain: each closing is the next opening, the last is the ledger's.
            const points = [...new Set(cuts.map((c) => started + Math.floor(c * (end - started))))].sort(
              (a, b) => a - b,
            );
            let opening = { balance: 0n, held: 0n };
            let from = 0;
            let count = 0;
            for (const to of [...points, end]) {
              const part = buildStatement(movements, from, to);
              expect(part.opening).toEqual(opening);
              opening = part.closing;
              count += part.rows.length;
              from = to;
            }
            expect(opening.balance).toBe(ledgerBalance.balance);
            expect(count).toBe(whole.rows.length);
          }
        },
      ),
      { numRuns: dialect === 'sqlite' ? 40 : 15 },
    );
    // Forty histories of up to 64 concurrent movements: seconds alone, more beside other suites.
  }, 180_000);
});
