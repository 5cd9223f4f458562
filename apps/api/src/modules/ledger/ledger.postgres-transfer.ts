/**
 * A posted transfer on PostgreSQL in two statements instead of four. Each statement is a round trip
 * and a socket write on both sides of the connection, most of an approval's cost once the rows are
 * in memory, so the four steps are folded into two with data-modifying CTEs (SQLite has none):
 *
 * 1. insert the transfer unless its id exists and, only if it was inserted, move the account that
 *    comes first in id order;
 * 2. move the other account and write both balances-after onto the transfer.
 *
 * Accounts are still locked in id order (no deadlocks), a debit is still one conditional UPDATE that
 * refuses to go below what the account holds, and a replay moves nothing.
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';
import { canPay, type NewTransfer, type TransferInsertRow, transferInsertRow } from './ledger.repository.ts';

interface FirstValues extends TransferInsertRow {
  /** The account moved first: the lower id. */
  first: string;
}

/** Step 1; `debitFirst` says whether the first account in id order is the one paying. */
function insertAndMoveFirst(debitFirst: boolean) {
  return precompiled<FirstValues, { fresh: boolean; balance: bigint | string | null }>((db, p) =>
    db
      .with('inserted', (q) => {
        const { first: _, ...row } = p;
        return q
          .insertInto('ledger_transfers')
          .values(row)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id');
      })
      .with('moved', (q) => {
        let update = q
          .updateTable('ledger_accounts')
          .set({
            balance: debitFirst ? sql`balance - ${p.amount}` : sql`balance + ${p.amount}`,
            updated_at: p.created_at,
          })
          .where('id', '=', p.first)
          .where((eb) => eb.exists(eb.selectFrom('inserted').select('id')));
        if (debitFirst) update = update.where((eb) => canPay(eb, p.amount));
        return update.returning('balance');
      })
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('inserted').select('id')).as('fresh'),
        eb.selectFrom('moved').select('balance').as('balance'),
      ]),
  );
}

interface SecondValues extends Record<string, unknown> {
  id: string;
  second: string;
  amount: bigint;
  now: number;
  firstAfter: bigint;
}

/** Step 2: the other account, and both balances-after; `debitFirst` as in step 1. */
function moveSecondAndRecord(debitFirst: boolean) {
  return precompiled<
    SecondValues,
    { debit_balance_after: bigint | string; credit_balance_after: bigint | string }
  >((db, p) =>
    db
      .with('moved', (q) => {
        let update = q
          .updateTable('ledger_accounts')
          .set({
            balance: debitFirst ? sql`balance + ${p.amount}` : sql`balance - ${p.amount}`,
            updated_at: p.now,
          })
          .where('id', '=', p.second);
        if (!debitFirst) update = update.where((eb) => canPay(eb, p.amount));
        return update.returning('balance');
      })
      .updateTable('ledger_transfers')
      .set((eb) => {
        const second = eb.selectFrom('moved').select('balance');
        return debitFirst
          ? { debit_balance_after: p.firstAfter, credit_balance_after: second }
          : { debit_balance_after: second, credit_balance_after: p.firstAfter };
      })
      .where('id', '=', p.id)
      .where((eb) => eb.exists(eb.selectFrom('moved').select('balance')))
      .returning(['debit_balance_after', 'credit_balance_after']),
  );
}

const steps = {
  debitFirst: { first: insertAndMoveFirst(true), second: moveSecondAndRecord(true) },
  creditFirst: { first: insertAndMoveFirst(false), second: moveSecondAndRecord(false) },
};

export type PostgresTransferOutcome =
  | { kind: 'replay' }
  | { kind: 'short'; accountId: string }
  | { kind: 'moved'; debitAfter: bigint; creditAfter: bigint };

/** Writes a posted transfer and moves both balances, inside the caller's transaction. */
export async function postTransferOnPostgres(tx: Executor, t: NewTransfer): Promise<PostgresTransferOutcome> {
  const debitFirst = t.debitAccountId < t.creditAccountId;
  const [first, second] = debitFirst
    ? [t.debitAccountId, t.creditAccountId]
    : [t.creditAccountId, t.debitAccountId];
  const step = debitFirst ? steps.debitFirst : steps.creditFirst;
  const one = (await step.first(tx, { ...transferInsertRow({ ...t, status: 'posted' }), first })).rows[0];
  if (!one?.fresh) return { kind: 'replay' };
  if (one.balance === null) {
    if (debitFirst) return { kind: 'short', accountId: first };
    throw new Error(`ledger account ${first} does not exist`);
  }
  const firstAfter = BigInt(one.balance);
  const two = (await step.second(tx, { id: t.id, second, amount: t.amount, now: t.createdAt, firstAfter }))
    .rows[0];
  if (!two) {
    if (!debitFirst) return { kind: 'short', accountId: second };
    throw new Error(`ledger account ${second} does not exist`);
  }
  return {
    kind: 'moved',
    debitAfter: BigInt(two.debit_balance_after),
    creditAfter: BigInt(two.credit_balance_after),
  };
}
