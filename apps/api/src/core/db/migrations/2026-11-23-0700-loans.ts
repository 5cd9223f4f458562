import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loans')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('serial_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    // applying | success | failed | repaid | overdue
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    // 1 while applying, success or overdue; null afterwards (one open loan per user, see index).
    .addColumn('open_slot', 'integer')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull())
    .addColumn('annual_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('overdue_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('payout_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('nationality', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('id_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_photo', 'varchar(300)', (c) => c.notNull())
    .addColumn('total_interest', 'bigint', (c) => c.notNull())
    .addColumn('refuse_reason', 'varchar(200)')
    .addColumn('reviewed_by', 'varchar(26)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('disbursed_at', 'bigint')
    .addColumn('maturity_at', 'bigint')
    .addColumn('repaid_at', 'bigint')
    .addColumn('paid_principal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_interest', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_overdue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('loans_amount_positive', sql`amount > 0`)
    .addCheckConstraint('loans_paid_within_amount', sql`paid_principal <= amount`)
    .execute();
  // Nulls are distinct in a unique index on both dialects: many closed loans, one open one.
  await db.schema
    .createIndex('loans_open_uq')
    .on('loans')
    .columns(['user_id', 'open_slot'])
    .unique()
    .execute();
  await db.schema.createIndex('loans_user_idx').on('loans').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('loans_status_idx')
    .on('loans')
    .columns(['brand', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('loan_instalments')
    .addColumn('loan_id', 'varchar(26)', (c) => c.notNull().references('loans.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('period_days', 'integer', (c) => c.notNull())
    .addColumn('opening_principal', 'bigint', (c) => c.notNull())
    .addColumn('principal', 'bigint', (c) => c.notNull())
    .addColumn('interest', 'bigint', (c) => c.notNull())
    // pending | overdue | paid
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('overdue_at', 'bigint')
    .addColumn('paid_principal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_interest', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_overdue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'bigint')
    .addColumn('repayment_id', 'varchar(26)')
    .addPrimaryKeyConstraint('loan_instalments_pk', ['loan_id', 'seq'])
    .execute();

  await db.schema
    .createTable('loan_repayments')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('loan_id', 'varchar(26)', (c) => c.notNull().references('loans.id'))
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    // instalment | full
    .addColumn('type', 'varchar(12)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('principal', 'bigint', (c) => c.notNull())
    .addColumn('interest', 'bigint', (c) => c.notNull())
    .addColumn('overdue', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('loan_repayments_key_uq')
    .on('loan_repayments')
    .columns(['loan_id', 'request_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('loan_events')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('loan_id', 'varchar(26)', (c) => c.notNull().references('loans.id'))
    // applied | approved | refused | repayment | overdue | repaid
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(12)')
    .addColumn('to_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('seq', 'integer')
    .addColumn('remark', 'varchar(200)')
    .addColumn('actor_id', 'varchar(26)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('loan_events_loan_idx').on('loan_events').columns(['loan_id', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['loan_events', 'loan_repayments', 'loan_instalments', 'loans']) {
    await db.schema.dropTable(table).execute();
  }
}
