import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('usercode', 'varchar(16)', (c) => c.notNull())
    .addColumn('username', 'varchar(32)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(32)')
    .addColumn('email', 'varchar(64)')
    .addColumn('area_code', 'varchar(8)')
    .addColumn('phone', 'varchar(16)')
    .addColumn('phone_key', 'varchar(24)')
    .addColumn('password_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('fund_password_hash', 'varchar(128)')
    .addColumn('fund_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fund_locked_until', 'bigint')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('business_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invited_by', 'varchar(26)')
    .addColumn('agent_code', 'varchar(32)')
    .addColumn('realname_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('c3_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('real_name', 'varchar(64)')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addUniqueConstraint('users_brand_usercode_uq', ['brand', 'usercode'])
    .addUniqueConstraint('users_brand_username_uq', ['brand', 'username_key'])
    .addUniqueConstraint('users_brand_email_uq', ['brand', 'email'])
    .addUniqueConstraint('users_brand_phone_uq', ['brand', 'phone_key'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  // Failed sign-ins per Asia/Shanghai day, keyed by user (or by the typed name when it matches
  // no user, so unknown and known accounts behave alike).
  await db.schema
    .createTable('login_attempts')
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('login_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_attempts_pk', ['brand', 'login_key'])
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(80)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['brand', 'purpose', 'target'])
    .execute();

  await db.schema
    .createTable('slide_challenges')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_x', 'integer', (c) => c.notNull())
    .addColumn('piece_y', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint')
    .addColumn('pass_hash', 'varchar(64)')
    .addColumn('pass_expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('slide_challenges_pass_idx')
    .on('slide_challenges')
    .column('pass_hash')
    .execute();

  await db.schema
    .createTable('cancelled_identities')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cancelled_identities_value_idx')
    .on('cancelled_identities')
    .columns(['brand', 'kind', 'value'])
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(64)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('nation', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(64)', (c) => c.notNull())
    .addColumn('city', 'varchar(64)', (c) => c.notNull())
    .addColumn('post_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
  // At most one default address per user, whatever races the requests run.
  await sql`create unique index addresses_one_default_uq on addresses (user_id) where is_default = 1`.execute(
    db,
  );

  await db.schema
    .createTable('identity_verifications')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)')
    .addColumn('id_number', 'varchar(32)')
    .addColumn('nationality', 'varchar(64)')
    .addColumn('front_img', 'varchar(255)')
    .addColumn('back_img', 'varchar(255)')
    .addColumn('handheld_img', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('reviewer_id', 'varchar(26)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('identity_verifications_user_idx')
    .on('identity_verifications')
    .columns(['user_id', 'kind'])
    .execute();
  // One open (pending or approved) application per user and kind.
  await sql`create unique index identity_verifications_open_uq on identity_verifications (user_id, kind) where status in ('pending', 'approved')`.execute(
    db,
  );

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('audit_log_brand_time_idx')
    .on('audit_log')
    .columns(['brand', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(80)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('outbox_recipient_idx')
    .on('outbox')
    .columns(['recipient', 'created_at'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('module', 'varchar(32)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'uploads',
    'outbox',
    'audit_log',
    'identity_verifications',
    'addresses',
    'cancelled_identities',
    'slide_challenges',
    'verification_codes',
    'login_attempts',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
