import type { Kysely } from 'kysely';

/**
 * Indexes that let a page of goods be picked from an index alone (ids first, then the 12 rows):
 * by category or store, sorted by price or newest; and units-sold order with the name in the index,
 * so a keyword too short for the trigram index scans names without reading whole goods rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('goods_sold_idx').execute();
  await db.schema
    .createIndex('goods_sold_name_idx')
    .on('goods')
    .columns(['status', 'sold', 'id', 'name'])
    .execute();
  await db.schema
    .createIndex('goods_category_price_idx')
    .on('goods')
    .columns(['category_id', 'status', 'price', 'id'])
    .execute();
  await db.schema
    .createIndex('goods_category_created_idx')
    .on('goods')
    .columns(['category_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('goods_seller_price_idx')
    .on('goods')
    .columns(['seller_id', 'status', 'price', 'id'])
    .execute();
  await db.schema
    .createIndex('goods_seller_created_idx')
    .on('goods')
    .columns(['seller_id', 'status', 'created_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'goods_seller_created_idx',
    'goods_seller_price_idx',
    'goods_category_created_idx',
    'goods_category_price_idx',
    'goods_sold_name_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('goods_sold_idx').on('goods').columns(['status', 'sold', 'id']).execute();
}
