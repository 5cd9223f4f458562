import type { Kysely } from 'kysely';

/**
 * Operators' "needs advanced verification" flags (issue 30): risk or an admin raises one on an
 * account with a reason; the account's gated calls answer C3_REQUIRED until a C3 approval decided
 * after the flag, or until an operator lifts it. Rows are kept once lifted: they are the history.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_flags')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('raised_by', 'varchar(26)', (c) => c.notNull())
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    // How it ended: 'operator' (lifted by hand) or 'c3' (an advanced verification approved after it).
    .addColumn('lifted_how', 'varchar(16)')
    .addColumn('lifted_by', 'varchar(26)')
    .addColumn('lifted_at', 'bigint')
    .addColumn('lift_remark', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('verification_flags_user_idx')
    .on('verification_flags')
    .columns(['user_id', 'raised_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verification_flags').execute();
}
