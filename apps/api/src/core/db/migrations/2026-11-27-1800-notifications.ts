import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // A user's message centre. No text is stored: the storefront renders `kind` with `params` in the
  // reader's language, so a change of language changes every message.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    // e.g. order.paid, deposit.credited, loan.refused
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    // JSON object of strings: ids, serial numbers, amounts as decimal strings
    .addColumn('params', 'text', (c) => c.notNull())
    // order | deposit | withdrawal | loan | verification | chat
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    // A second notification with the same key is ignored (jobs and retries may repeat themselves).
    .addColumn('dedupe_key', 'varchar(160)')
    .addUniqueConstraint('notifications_dedupe', ['dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_time')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
