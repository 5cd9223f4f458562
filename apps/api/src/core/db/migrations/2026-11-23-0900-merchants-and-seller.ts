import type { Kysely } from 'kysely';

/**
 * Merchant applications (/merchantSettled) and what the seller's console needs: a store's contact
 * phone and e-mail, "was this goods ever ordered" by index, and a seller's orders and settlements
 * by owner.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('merchant_applications')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    // The applicant (accounts module); no foreign key across modules.
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    // The applicant's user name when they applied (user names do not change), for the admins' list.
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('store_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_phone', 'varchar(24)', (c) => c.notNull())
    .addColumn('business_email', 'varchar(64)', (c) => c.notNull())
    .addColumn('country', 'varchar(64)', (c) => c.notNull())
    .addColumn('proof_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // pending | approved | refused
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('refuse_reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    // The store opened on approval (catalogue module).
    .addColumn('seller_id', 'varchar(26)')
    .addColumn('decided_by', 'varchar(26)')
    .addColumn('decided_at', 'bigint')
    // 1 while pending, NULL afterwards: NULLs are distinct on both dialects, so the unique index
    // below allows one pending application per user and any number of decided ones.
    .addColumn('open_slot', 'smallint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('merchant_applications_open_uq')
    .on('merchant_applications')
    .columns(['user_id', 'open_slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('merchant_applications_list_idx')
    .on('merchant_applications')
    .columns(['brand', 'status', 'created_at'])
    .execute();

  // A store's contact for buyers and the platform, first copied from the merchant application.
  await db.schema
    .alterTable('sellers')
    .addColumn('contact_phone', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sellers')
    .addColumn('contact_email', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();

  // "Ever ordered?" decides whether a seller may delete a goods.
  await db.schema.createIndex('order_items_goods_idx').on('order_items').column('seller_goods_id').execute();
  // The seller's order list (newest first) and settlement history (newest settled first).
  await db.schema
    .createIndex('orders_seller_owner_idx')
    .on('orders')
    .columns(['seller_owner_user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_seller_settled_idx')
    .on('orders')
    .columns(['seller_owner_user_id', 'settled_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_seller_settled_idx').execute();
  await db.schema.dropIndex('orders_seller_owner_idx').execute();
  await db.schema.dropIndex('order_items_goods_idx').execute();
  await db.schema.alterTable('sellers').dropColumn('contact_email').execute();
  await db.schema.alterTable('sellers').dropColumn('contact_phone').execute();
  await db.schema.dropTable('merchant_applications').execute();
}
