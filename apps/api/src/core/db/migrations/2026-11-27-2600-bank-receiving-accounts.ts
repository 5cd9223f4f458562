import type { Kysely } from 'kysely';

// The brand's bank accounts that receive bank-card deposits (issue 26), configured by finance.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_receiving_accounts')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    // An account number or an IBAN, kept without spaces.
    .addColumn('account_number', 'varchar(34)', (c) => c.notNull())
    .addColumn('swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_receiving_accounts_brand_idx')
    .on('bank_receiving_accounts')
    .column('brand')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_receiving_accounts').execute();
}
