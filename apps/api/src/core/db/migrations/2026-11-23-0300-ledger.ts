import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(40)')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    // Posted credits minus posted debits, in atomic units.
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    // Held by pending transfers out of this account (two-phase withdrawals).
    .addColumn('pending_out', 'bigint', (c) => c.notNull().defaultTo(0))
    // 1: may go below zero (external money, the loan book); 0: never below zero.
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_accounts_owner_idx').on('ledger_accounts').column('owner_id').execute();

  await db.schema
    .createTable('ledger_transfers')
    // The caller's idempotency key: the same key never moves money twice.
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('debit_account_id', 'varchar(80)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'varchar(80)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // posted | pending | voided
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('reference', 'varchar(80)')
    .addColumn('memo', 'varchar(200)')
    // Balances right after this transfer was posted, so a replay answers exactly what the first did.
    .addColumn('debit_balance_after', 'bigint')
    .addColumn('credit_balance_after', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('ledger_transfers_debit_idx')
    .on('ledger_transfers')
    .columns(['debit_account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_transfers_credit_idx')
    .on('ledger_transfers')
    .columns(['credit_account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_transfers_reference_idx')
    .on('ledger_transfers')
    .column('reference')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
