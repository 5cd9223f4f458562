import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('serial_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('seller_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('seller_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('seller_owner_user_id', 'varchar(26)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('refund_status', 'integer', (c) => c.notNull())
    .addColumn('pay_method', 'varchar(16)')
    .addColumn('goods_amount', 'bigint', (c) => c.notNull())
    .addColumn('freight', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('handling_fee', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('paid_amount', 'bigint', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull())
    // The delivery address as it was when the order was placed.
    .addColumn('receiver_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('receiver_email', 'varchar(64)', (c) => c.notNull())
    .addColumn('receiver_area_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('receiver_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('receiver_nation', 'varchar(64)', (c) => c.notNull())
    .addColumn('receiver_state', 'varchar(64)', (c) => c.notNull())
    .addColumn('receiver_city', 'varchar(64)', (c) => c.notNull())
    .addColumn('receiver_post_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('receiver_address', 'varchar(256)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('cancel_reason', 'integer')
    .addColumn('cancel_text', 'varchar(200)', (c) => c.notNull())
    .addColumn('return_reason', 'integer')
    .addColumn('return_amount', 'bigint')
    .addColumn('return_remark', 'varchar(500)', (c) => c.notNull())
    .addColumn('return_images', 'text', (c) => c.notNull())
    // The status a refund or return was asked from, to go back to when it is refused.
    .addColumn('refund_from_status', 'integer')
    .addColumn('reminded_at', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('shipped_at', 'bigint')
    .addColumn('received_at', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status']).execute();
  await db.schema
    .createIndex('orders_seller_idx')
    .on('orders')
    .columns(['seller_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(26)', (c) => c.notNull().references('orders.id'))
    .addColumn('seller_goods_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('attr_id', 'varchar(26)')
    .addColumn('attr_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('freight', 'bigint', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('reviewed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(26)', (c) => c.notNull().references('orders.id'))
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(40)')
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_logistics')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(26)', (c) => c.notNull().references('orders.id'))
    .addColumn('carrier', 'varchar(64)', (c) => c.notNull())
    .addColumn('tracking_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(300)', (c) => c.notNull())
    .addColumn('location', 'varchar(120)', (c) => c.notNull())
    .addColumn('event_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_logistics_order_idx')
    .on('order_logistics')
    .columns(['order_id', 'event_at'])
    .execute();

  // One submission key makes its orders once; a repeat answers the same orders.
  await db.schema
    .createTable('order_submissions')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('submit_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_submissions_pk', ['user_id', 'submit_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_submissions', 'order_logistics', 'order_events', 'order_items', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
