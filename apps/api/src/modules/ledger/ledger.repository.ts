import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { affected, precompiled } from '../../core/db/precompiled.ts';
import type { Database } from '../../core/db/schema.ts';
import type { AccountSpec } from './ledger.accounts.ts';
import type { LedgerAccountsTable } from './ledger.table.ts';

export type TransferStatus = 'posted' | 'pending' | 'voided';

export interface TransferRow {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
  kind: string;
  status: TransferStatus;
  reference: string | null;
  memo: string | null;
  debitBalanceAfter: bigint | null;
  creditBalanceAfter: bigint | null;
  createdAt: number;
  resolvedAt: number | null;
}

export interface AccountRow {
  id: string;
  kind: string;
  ownerId: string | null;
  currency: string;
  balance: bigint;
  pendingOut: bigint;
  allowNegative: boolean;
}

export interface NewTransfer {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
  kind: string;
  status: TransferStatus;
  reference: string | null;
  memo: string | null;
  createdAt: number;
}

const big = (v: bigint | number | string | null): bigint | null => (v === null ? null : BigInt(v));

function toAccount(row: Selectable<LedgerAccountsTable>): AccountRow {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.owner_id,
    currency: row.currency,
    balance: BigInt(row.balance),
    pendingOut: BigInt(row.pending_out),
    allowNegative: toNumber(row.allow_negative) === 1,
  };
}

function toTransfer(row: Record<string, unknown>): TransferRow {
  return {
    id: row.id as string,
    debitAccountId: row.debit_account_id as string,
    creditAccountId: row.credit_account_id as string,
    amount: BigInt(row.amount as bigint),
    currency: row.currency as string,
    kind: row.kind as string,
    status: row.status as TransferStatus,
    reference: (row.reference as string | null) ?? null,
    memo: (row.memo as string | null) ?? null,
    debitBalanceAfter: big(row.debit_balance_after as bigint | null),
    creditBalanceAfter: big(row.credit_balance_after as bigint | null),
    createdAt: toNumber(row.created_at as bigint),
    resolvedAt: row.resolved_at === null ? null : toNumber(row.resolved_at as bigint),
  };
}

// The statements of every transfer, compiled once (core/db/precompiled.ts).
const insertAccount = precompiled<{
  id: string;
  kind: string;
  owner_id: string | null;
  currency: string;
  balance: bigint;
  pending_out: bigint;
  allow_negative: number;
  created_at: number;
  updated_at: number;
}>((db, p) =>
  db
    .insertInto('ledger_accounts')
    .values(p)
    .onConflict((oc) => oc.column('id').doNothing()),
);
/** A new transfer's row as inserted: balances-after come once both accounts have moved. */
export interface TransferInsertRow extends Record<string, unknown> {
  id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: bigint;
  currency: string;
  kind: string;
  status: TransferStatus;
  reference: string | null;
  memo: string | null;
  debit_balance_after: null;
  credit_balance_after: null;
  created_at: number;
  resolved_at: null;
}

export function transferInsertRow(t: NewTransfer): TransferInsertRow {
  return {
    id: t.id,
    debit_account_id: t.debitAccountId,
    credit_account_id: t.creditAccountId,
    amount: t.amount,
    currency: t.currency,
    kind: t.kind,
    status: t.status,
    reference: t.reference,
    memo: t.memo,
    debit_balance_after: null,
    credit_balance_after: null,
    created_at: t.createdAt,
    resolved_at: null,
  };
}

type AccountsEb = ExpressionBuilder<Database, 'ledger_accounts'>;

/** The debit's floor: an account pays `amount` only if it may go negative or has it free. */
export function canPay(eb: AccountsEb, amount: bigint | Expression<unknown>): Expression<SqlBool> {
  return eb.or([eb('allow_negative', '=', 1), eb(sql`balance - pending_out`, '>=', amount)]);
}

const insertTransferRow = precompiled<TransferInsertRow>((db, p) =>
  db
    .insertInto('ledger_transfers')
    .values(p)
    .onConflict((oc) => oc.column('id').doNothing()),
);
const debitAccount = precompiled<{ amount: bigint; now: number; accountId: string }, { balance: bigint }>(
  (db, p) =>
    db
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance - ${p.amount}`, updated_at: p.now })
      .where('id', '=', p.accountId)
      .where((eb) => canPay(eb, p.amount))
      .returning('balance'),
);
const creditAccount = precompiled<{ amount: bigint; now: number; accountId: string }, { balance: bigint }>(
  (db, p) =>
    db
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${p.amount}`, updated_at: p.now })
      .where('id', '=', p.accountId)
      .returning('balance'),
);
const updateBalancesAfter = precompiled<{ debitAfter: bigint; creditAfter: bigint; id: string }>((db, p) =>
  db
    .updateTable('ledger_transfers')
    .set({ debit_balance_after: p.debitAfter, credit_balance_after: p.creditAfter })
    .where('id', '=', p.id),
);

/** SQL of the ledger. Every balance change is one conditional UPDATE; nothing reads then writes. */
export class LedgerRepository {
  /** Creates the account unless it exists. */
  async ensureAccount(db: Executor, spec: AccountSpec, now: number): Promise<void> {
    await insertAccount(db, {
      id: spec.id,
      kind: spec.kind,
      owner_id: spec.ownerId,
      currency: spec.currency,
      balance: 0n,
      pending_out: 0n,
      allow_negative: spec.allowNegative ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  }

  async findAccount(db: Executor, id: string): Promise<AccountRow | undefined> {
    const row = await db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  /** The summed balance and holds of some rows (a sharded account's). */
  async sumOfAccounts(db: Executor, ids: readonly string[]): Promise<{ balance: bigint; pending: bigint }> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select([
        sql<string>`cast(coalesce(sum(balance), 0) as text)`.as('balance'),
        sql<string>`cast(coalesce(sum(pending_out), 0) as text)`.as('pending'),
      ])
      .where('id', 'in', [...ids])
      .executeTakeFirstOrThrow();
    return { balance: BigInt(row.balance), pending: BigInt(row.pending) };
  }

  /** Each kind of account's total balance and total held (pending out). */
  async totalsByKind(db: Executor): Promise<{ kind: string; total: bigint; held: bigint }[]> {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select([
        'kind',
        (eb) => eb.fn.sum<string>('balance').as('total'),
        (eb) => eb.fn.sum<string>('pending_out').as('held'),
      ])
      .groupBy('kind')
      .execute();
    return rows.map((r) => ({ kind: r.kind, total: BigInt(r.total ?? 0), held: BigInt(r.held ?? 0) }));
  }

  /**
   * Accounts (of one kind, or all), largest balance first: finance's balances overview. A sharded
   * account is one line, its rows (`<id>#nn`) summed.
   */
  async listAccounts(
    db: Executor,
    kind: string | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: AccountRow[]; total: number }> {
    // Written out, not a parameter: PostgreSQL matches the grouped expression by its text.
    const account = sql<string>`case when kind = 'external' and id like '%#__' then substr(id, 1, length(id) - 3) else id end`;
    const base = kind
      ? db.selectFrom('ledger_accounts').where('kind', '=', kind)
      : db.selectFrom('ledger_accounts');
    const [rows, count] = await Promise.all([
      base
        .select([
          account.as('id'),
          'kind',
          'currency',
          sql<string | null>`max(owner_id)`.as('owner_id'),
          sql<string>`cast(sum(balance) as text)`.as('balance'),
          sql<string>`cast(sum(pending_out) as text)`.as('pending_out'),
          sql<number>`max(allow_negative)`.as('allow_negative'),
        ])
        .groupBy([account, 'kind', 'currency'])
        .orderBy(sql`sum(balance)`, 'desc')
        .orderBy(account)
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select(sql<number | bigint>`count(distinct ${account})`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        ownerId: r.owner_id,
        currency: r.currency,
        balance: BigInt(r.balance),
        pendingOut: BigInt(r.pending_out),
        allowNegative: toNumber(r.allow_negative) === 1,
      })),
      total: toNumber(count.n),
    };
  }

  /** Inserts the transfer unless its id exists; false means a transfer with this id is already there. */
  async insertTransfer(db: Executor, t: NewTransfer): Promise<boolean> {
    const result = await insertTransferRow(db, transferInsertRow(t));
    return affected(result) === 1n;
  }

  async findTransfer(db: Executor, id: string): Promise<TransferRow | undefined> {
    const row = await db.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toTransfer(row as unknown as Record<string, unknown>) : undefined;
  }

  /**
   * Takes `amount` off an account's balance; refused (undefined) when a no-overdraft account would go
   * below what it holds for pending transfers. Returns the new balance.
   */
  async debit(db: Executor, accountId: string, amount: bigint, now: number): Promise<bigint | undefined> {
    const row = (await debitAccount(db, { amount, now, accountId })).rows[0];
    return row ? BigInt(row.balance) : undefined;
  }

  async credit(db: Executor, accountId: string, amount: bigint, now: number): Promise<bigint> {
    const row = (await creditAccount(db, { amount, now, accountId })).rows[0];
    if (!row) throw new Error(`ledger account ${accountId} does not exist`);
    return BigInt(row.balance);
  }

  /** Holds `amount` for a pending transfer; refused (false) when the available balance is short. */
  async hold(db: Executor, accountId: string, amount: bigint, now: number): Promise<boolean> {
    const result = await db
      .updateTable('ledger_accounts')
      .set({ pending_out: sql`pending_out + ${amount}`, updated_at: now })
      .where('id', '=', accountId)
      .where((eb) => canPay(eb, amount))
      .executeTakeFirst();
    return BigInt(result.numUpdatedRows) === 1n;
  }

  async releaseHold(db: Executor, accountId: string, amount: bigint, now: number): Promise<void> {
    await db
      .updateTable('ledger_accounts')
      .set({ pending_out: sql`pending_out - ${amount}`, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  }

  /** Turns a hold into a posted debit: the balance and the held amount both go down. */
  async debitHeld(db: Executor, accountId: string, amount: bigint, now: number): Promise<bigint> {
    const row = await db
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance - ${amount}`, pending_out: sql`pending_out - ${amount}`, updated_at: now })
      .where('id', '=', accountId)
      .returning('balance')
      .executeTakeFirstOrThrow();
    return BigInt(row.balance);
  }

  /** Moves a transfer out of `pending`; false when another caller resolved it first. */
  async resolve(db: Executor, id: string, to: 'posted' | 'voided', now: number): Promise<boolean> {
    const result = await db
      .updateTable('ledger_transfers')
      .set({ status: to, resolved_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return BigInt(result.numUpdatedRows) === 1n;
  }

  async setBalancesAfter(db: Executor, id: string, debitAfter: bigint, creditAfter: bigint): Promise<void> {
    await updateBalancesAfter(db, { debitAfter, creditAfter, id });
  }

  async transfersOfAccount(
    db: Executor,
    accountId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: TransferRow[]; total: number }> {
    const base = db
      .selectFrom('ledger_transfers')
      .where((eb) =>
        eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]),
      );
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => toTransfer(r as unknown as Record<string, unknown>)),
      total: toNumber(count.n as bigint),
    };
  }

  async findTransfers(db: Executor, ids: readonly string[]): Promise<TransferRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => toTransfer(r as unknown as Record<string, unknown>));
  }

  /**
   * What settlements paid into one wallet (`settle` transfers credited to it) and the commission
   * taken from the same orders (`commission` transfers with those orders as reference).
   */
  async settlementTotals(db: Executor, walletId: string): Promise<{ net: bigint; commission: bigint }> {
    const settled = db
      .selectFrom('ledger_transfers')
      .where('kind', '=', 'settle')
      .where('status', '=', 'posted')
      .where('credit_account_id', '=', walletId);
    const [net, commission] = await Promise.all([
      settled
        .select(sql<string>`cast(coalesce(sum(amount), 0) as text)`.as('total'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('ledger_transfers')
        .select(sql<string>`cast(coalesce(sum(amount), 0) as text)`.as('total'))
        .where('kind', '=', 'commission')
        .where('status', '=', 'posted')
        .where('reference', 'in', settled.select('reference'))
        .executeTakeFirstOrThrow(),
    ]);
    return { net: BigInt(net.total), commission: BigInt(commission.total) };
  }

  // --- audit -------------------------------------------------------------------------------------

  async sumOfBalances(db: Executor): Promise<{ currency: string; total: bigint }[]> {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['currency', sql<string>`cast(sum(balance) as text)`.as('total')])
      .groupBy('currency')
      .execute();
    return rows.map((r) => ({ currency: r.currency, total: BigInt(r.total ?? '0') }));
  }

  /** Accounts whose stored balance or hold disagrees with their transfers, or that broke their floor. */
  async inconsistentAccounts(
    db: Executor,
  ): Promise<
    { id: string; balance: bigint; fromTransfers: bigint; pendingOut: bigint; heldByTransfers: bigint }[]
  > {
    const rows = await sql<{
      id: string;
      balance: string;
      pending_out: string;
      allow_negative: number | bigint;
      credits: string;
      debits: string;
      held: string;
    }>`
      select a.id,
        cast(a.balance as text) as balance,
        cast(a.pending_out as text) as pending_out,
        a.allow_negative,
        cast(coalesce((select sum(t.amount) from ledger_transfers t
          where t.credit_account_id = a.id and t.status = 'posted'), 0) as text) as credits,
        cast(coalesce((select sum(t.amount) from ledger_transfers t
          where t.debit_account_id = a.id and t.status = 'posted'), 0) as text) as debits,
        cast(coalesce((select sum(t.amount) from ledger_transfers t
          where t.debit_account_id = a.id and t.status = 'pending'), 0) as text) as held
      from ledger_accounts a`.execute(db);
    const bad = [];
    for (const r of rows.rows) {
      const balance = BigInt(r.balance);
      const pendingOut = BigInt(r.pending_out);
      const fromTransfers = BigInt(r.credits) - BigInt(r.debits);
      const heldByTransfers = BigInt(r.held);
      const floorBroken = toNumber(r.allow_negative) !== 1 && balance - pendingOut < 0n;
      if (balance !== fromTransfers || pendingOut !== heldByTransfers || floorBroken) {
        bad.push({ id: r.id, balance, fromTransfers, pendingOut, heldByTransfers });
      }
    }
    return bad;
  }

  async malformedTransfers(db: Executor): Promise<string[]> {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('amount', '<=', 0n),
          eb('debit_account_id', '=', eb.ref('credit_account_id')),
          eb('status', 'not in', ['posted', 'pending', 'voided']),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }
}
