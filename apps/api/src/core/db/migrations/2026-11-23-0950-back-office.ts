import type { Kysely } from 'kysely';

/**
 * The admin side of the back office (issue 9): custom staff roles per brand (each grants some of
 * the built-in role capabilities) and who holds them, per-brand setting overrides, and indexes
 * for the audit log's filters by actor and by action.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    // Lower-cased name: role names are unique per brand whatever their case.
    .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    // Comma list of the built-in roles this role grants (admin, finance, risk, agent, seller).
    .addColumn('grants', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('staff_roles_brand_name_uq', ['brand', 'name_key'])
    .execute();

  // No cascade from the role: a role someone holds cannot be deleted, even by a racing request.
  await db.schema
    .createTable('user_staff_roles')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(26)', (c) => c.notNull().references('staff_roles.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_staff_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_staff_roles_role_idx').on('user_staff_roles').column('role_id').execute();

  await db.schema
    .createTable('brand_settings')
    .addColumn('brand', 'varchar(32)', (c) => c.primaryKey())
    // Only the fields an operator changed, as JSON; the rest follow the built-in brand.
    .addColumn('overrides_json', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(26)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('audit_log_actor_time_idx')
    .on('audit_log')
    .columns(['brand', 'actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_time_idx')
    .on('audit_log')
    .columns(['brand', 'action', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_action_time_idx').execute();
  await db.schema.dropIndex('audit_log_actor_time_idx').execute();
  await db.schema.dropTable('brand_settings').execute();
  await db.schema.dropTable('user_staff_roles').execute();
  await db.schema.dropTable('staff_roles').execute();
}
