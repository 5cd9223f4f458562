/**
 * Property: whatever mix of recharges, withdrawals (hold, then approve or reject), order payments,
 * refunds and settlements runs, and however they interleave, no money is created or lost: the
 * audit passes, no wallet or escrow goes below zero, and every balance equals what the operations
 * that succeeded say it should be.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { type AccountSpec, ledgerAccounts } from './ledger.accounts.ts';
import type { TransferInput } from './ledger.service.ts';

type Op =
  | { type: 'recharge'; user: number; amount: bigint }
  | { type: 'withdraw'; user: number; amount: bigint }
  | { type: 'approve' | 'reject'; withdrawal: number }
  | { type: 'pay'; user: number; order: number; amount: bigint }
  | { type: 'refund'; order: number; user: number; amount: bigint }
  | { type: 'settle'; order: number; seller: number; amount: bigint; commission: bigint };

const amount = fc.bigInt({ min: 1n, max: 5_000_000_000_000n });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('recharge' as const), user: fc.nat(2), amount }),
  fc.record({ type: fc.constant('withdraw' as const), user: fc.nat(2), amount }),
  fc.record({ type: fc.constantFrom('approve' as const, 'reject' as const), withdrawal: fc.nat(7) }),
  fc.record({ type: fc.constant('pay' as const), user: fc.nat(2), order: fc.nat(3), amount }),
  fc.record({ type: fc.constant('refund' as const), order: fc.nat(3), user: fc.nat(2), amount }),
  fc.record({
    type: fc.constant('settle' as const),
    order: fc.nat(3),
    seller: fc.nat(1),
    amount,
    commission: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
  }),
);

describeEachDialect('ledger under random interleavings', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('never creates or loses money', async () => {
    const ledger = t.services.ledger;
    const db = t.db.kysely;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          const run = newId();
          const users = [0, 1, 2].map((i) => ledgerAccounts.wallet(`${run}-u${i}`));
          const sellers = [0, 1].map((i) => ledgerAccounts.wallet(`${run}-s${i}`));
          const orders = [0, 1, 2, 3].map((i) => ledgerAccounts.escrow(`${run}-o${i}`));
          const chain = ledgerAccounts.external(`chain-${run}`);
          const commission = ledgerAccounts.platform('commission');
          const holds: string[] = [];
          const expected = new Map<string, bigint>();
          const move = (from: AccountSpec, to: AccountSpec, x: bigint) => {
            expected.set(from.id, (expected.get(from.id) ?? 0n) - x);
            expected.set(to.id, (expected.get(to.id) ?? 0n) + x);
          };
          const attempt = async <R>(transfer: () => Promise<R>, onSuccess: (result: R) => void) => {
            try {
              onSuccess(await transfer());
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              expect([
                'INSUFFICIENT_BALANCE',
                'INSUFFICIENT_HOLDINGS',
                'TRANSFER_ALREADY_RESOLVED',
              ]).toContain(error.key);
            }
          };
          const plain = (
            debit: AccountSpec,
            credit: AccountSpec,
            x: bigint,
            kind: string,
          ): TransferInput => ({
            id: `${kind}:${newId()}`,
            debit,
            credit,
            amount: x,
            kind,
          });
          const heldAmounts = new Map<string, { from: AccountSpec; x: bigint }>();

          const perform = (o: Op): Promise<void> => {
            switch (o.type) {
              case 'recharge':
                return attempt(
                  () => ledger.transfer(db, plain(chain, users[o.user]!, o.amount, 'recharge')),
                  () => move(chain, users[o.user]!, o.amount),
                );
              case 'withdraw': {
                const input = plain(users[o.user]!, chain, o.amount, 'withdraw');
                return attempt(
                  () => ledger.hold(db, input),
                  () => {
                    holds.push(input.id);
                    heldAmounts.set(input.id, { from: users[o.user]!, x: o.amount });
                  },
                );
              }
              case 'approve':
              case 'reject': {
                const id = holds[o.withdrawal % Math.max(holds.length, 1)];
                if (!id) return Promise.resolve();
                const held = heldAmounts.get(id)!;
                return o.type === 'approve'
                  ? attempt(
                      () => ledger.post(db, id),
                      // Approving twice answers the first result and moves nothing more.
                      (result) => {
                        if (!result.replayed) move(held.from, chain, held.x);
                      },
                    )
                  : attempt(
                      () => ledger.void(db, id),
                      () => {},
                    );
              }
              case 'pay':
                return attempt(
                  () => ledger.transfer(db, plain(users[o.user]!, orders[o.order]!, o.amount, 'pay_order')),
                  () => move(users[o.user]!, orders[o.order]!, o.amount),
                );
              case 'refund':
                return attempt(
                  () => ledger.transfer(db, plain(orders[o.order]!, users[o.user]!, o.amount, 'refund')),
                  () => move(orders[o.order]!, users[o.user]!, o.amount),
                );
              case 'settle':
                // Settlement and its commission in one transaction: both happen or neither does.
                return attempt(
                  () =>
                    db.transaction().execute(async (tx) => {
                      await ledger.transfer(
                        tx,
                        plain(orders[o.order]!, sellers[o.seller]!, o.amount, 'settle'),
                      );
                      if (o.commission > 0n) {
                        await ledger.transfer(
                          tx,
                          plain(sellers[o.seller]!, commission, o.commission, 'commission'),
                        );
                      }
                    }),
                  () => {
                    move(orders[o.order]!, sellers[o.seller]!, o.amount);
                    if (o.commission > 0n) move(sellers[o.seller]!, commission, o.commission);
                  },
                );
            }
          };

          const commissionBefore = (await ledger.balanceOf(db, commission)).balance;
          for (const batch of batches) await Promise.all(batch.map(perform));

          const report = await ledger.audit(db);
          expect(report.malformedTransfers).toEqual([]);
          expect(report.inconsistentAccounts).toEqual([]);
          expect(report.sums.every((s) => s.total === 0n)).toBe(true);
          for (const account of [...users, ...sellers, ...orders, chain]) {
            const { balance, available } = await ledger.balanceOf(db, account);
            expect(balance, account.id).toBe(expected.get(account.id) ?? 0n);
            if (!account.allowNegative) expect(available >= 0n, account.id).toBe(true);
          }
          const commissionAfter = (await ledger.balanceOf(db, commission)).balance;
          expect(commissionAfter - commissionBefore).toBe(expected.get(commission.id) ?? 0n);
        },
      ),
      { numRuns: dialect === 'sqlite' ? 60 : 25 },
    );
  });
});
