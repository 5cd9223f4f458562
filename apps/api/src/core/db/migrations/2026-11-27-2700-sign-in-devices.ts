import type { Kysely } from 'kysely';

// Where each account signs up and signs in from (issue 26, underwriting): the device id the
// storefront keeps, and the client address. One row per user, device and address, counted.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    // '' when the client sent none (the spec's own clients, the console).
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('first_event', 'varchar(16)', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_devices_pk', ['user_id', 'device_id', 'ip'])
    .execute();
  await db.schema
    .createIndex('sign_in_devices_device_idx')
    .on('sign_in_devices')
    .columns(['brand', 'device_id'])
    .execute();
  await db.schema
    .createIndex('sign_in_devices_ip_idx')
    .on('sign_in_devices')
    .columns(['brand', 'ip'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_devices').execute();
}
