import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Catalogue (categories, stores, goods, specifications, banners, activities, recent views),
 * reviews, favourites and follows. Keyword search: an FTS5 trigram index on SQLite, a pg_trgm GIN
 * index on PostgreSQL, so substrings of Chinese, Thai or Arabic names match.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(26)', (c) => c.references('categories.id'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    // Translations of the name by UI language code, as a JSON object; English is `name`.
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('icon_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recommend', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('sellers')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    // The user who runs the store; users belong to the accounts module, so no foreign key.
    .addColumn('owner_user_id', 'varchar(26)')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('logo_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('banner_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('country', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('is_recommend', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sellers_listing_idx')
    .on('sellers')
    .columns(['status', 'is_recommend', 'created_at'])
    .execute();
  await db.schema.createIndex('sellers_owner_idx').on('sellers').column('owner_user_id').execute();

  await db.schema
    .createTable('goods')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('seller_id', 'varchar(26)', (c) => c.notNull().references('sellers.id'))
    .addColumn('category_id', 'varchar(26)', (c) => c.notNull().references('categories.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'varchar(512)', (c) => c.notNull())
    // JSON array of { imgUrl, zoomImg }.
    .addColumn('images', 'text', (c) => c.notNull())
    // What a buyer pays now (discount_price when set, else selling_price), kept for sorting and filters.
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('selling_price', 'bigint', (c) => c.notNull())
    .addColumn('discount_price', 'bigint')
    .addColumn('retail_price', 'bigint', (c) => c.notNull())
    .addColumn('original_price', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('buy_min', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sold', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('dispatch_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('distance_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('is_new', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_hot', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recommend', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('goods_stock_nonnegative', sql`stock >= 0`)
    .addCheckConstraint('goods_sold_nonnegative', sql`sold >= 0`)
    .addCheckConstraint('goods_buy_min_positive', sql`buy_min >= 1`)
    .execute();
  // Lists always filter on status = 1 and sort by sales, newest or price.
  await db.schema.createIndex('goods_sold_idx').on('goods').columns(['status', 'sold', 'id']).execute();
  await db.schema
    .createIndex('goods_created_idx')
    .on('goods')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('goods_price_idx').on('goods').columns(['status', 'price', 'id']).execute();
  await db.schema
    .createIndex('goods_category_idx')
    .on('goods')
    .columns(['category_id', 'status', 'sold', 'id'])
    .execute();
  await db.schema
    .createIndex('goods_seller_idx')
    .on('goods')
    .columns(['seller_id', 'status', 'sold', 'id'])
    .execute();

  await db.schema
    .createTable('goods_specs')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('goods_id', 'varchar(26)', (c) => c.notNull().references('goods.id'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    // Null: the goods price / the goods stock apply.
    .addColumn('price', 'bigint')
    .addColumn('stock', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('goods_specs_name_uq', ['goods_id', 'name'])
    .addCheckConstraint('goods_specs_stock_nonnegative', sql`stock is null or stock >= 0`)
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('position', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('link', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('link', 'varchar(512)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Goods a signed-in user looked at (for "guess you like"), written in batches.
  await db.schema
    .createTable('recent_views')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_views_pk', ['user_id', 'goods_id'])
    .execute();

  await db.schema
    .createTable('catalogue_meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('goods_id', 'varchar(26)', (c) => c.notNull().references('goods.id'))
    .addColumn('seller_id', 'varchar(26)', (c) => c.notNull())
    // The order line reviewed; null for reviews imported with demo data.
    .addColumn('order_id', 'varchar(26)')
    .addColumn('user_id', 'varchar(26)')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image_count', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('attr_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reviews_order_line_uq', ['order_id', 'goods_id', 'attr_name'])
    .addCheckConstraint('reviews_rating_range', sql`rating between 1 and 3`)
    .execute();
  await db.schema
    .createIndex('reviews_goods_idx')
    .on('reviews')
    .columns(['goods_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reviews_goods_rating_idx')
    .on('reviews')
    .columns(['goods_id', 'rating', 'created_at'])
    .execute();
  await db.schema.createIndex('reviews_seller_idx').on('reviews').columns(['seller_id', 'rating']).execute();

  await db.schema
    .createTable('keep_goods')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(26)', (c) => c.notNull().references('goods.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('keep_goods_pk', ['user_id', 'goods_id'])
    .execute();
  await db.schema.createIndex('keep_goods_goods_idx').on('keep_goods').column('goods_id').execute();
  await db.schema
    .createIndex('keep_goods_user_time_idx')
    .on('keep_goods')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('seller_follows')
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('seller_id', 'varchar(26)', (c) => c.notNull().references('sellers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('seller_follows_pk', ['user_id', 'seller_id'])
    .execute();
  await db.schema.createIndex('seller_follows_seller_idx').on('seller_follows').column('seller_id').execute();
  await db.schema
    .createIndex('seller_follows_user_time_idx')
    .on('seller_follows')
    .columns(['user_id', 'created_at'])
    .execute();

  if (postgres) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. It lives in
    // one schema per database; the advisory lock keeps concurrent migrations (tests, several
    // processes) from racing to create it, and the index names the schema it really lives in.
    await sql`select pg_advisory_xact_lock(7311001)`.execute(db);
    const found = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    let schema = found.rows[0]?.schema;
    if (!schema) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      schema = 'public';
    }
    const opclass = sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`);
    await sql`create index goods_name_trgm_idx on goods using gin (name ${opclass})`.execute(db);
    await sql`create index sellers_name_trgm_idx on sellers using gin (name ${opclass})`.execute(db);
  } else {
    // External-content FTS5 index over goods names, kept in step by triggers.
    await sql`create virtual table goods_fts using fts5(name, content='goods', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger goods_fts_ai after insert on goods begin
      insert into goods_fts(rowid, name) values (new.rowid, new.name);
    end`.execute(db);
    await sql`create trigger goods_fts_ad after delete on goods begin
      insert into goods_fts(goods_fts, rowid, name) values ('delete', old.rowid, old.name);
    end`.execute(db);
    await sql`create trigger goods_fts_au after update of name on goods begin
      insert into goods_fts(goods_fts, rowid, name) values ('delete', old.rowid, old.name);
      insert into goods_fts(rowid, name) values (new.rowid, new.name);
    end`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger if exists goods_fts_au`.execute(db);
    await sql`drop trigger if exists goods_fts_ad`.execute(db);
    await sql`drop trigger if exists goods_fts_ai`.execute(db);
    await sql`drop table if exists goods_fts`.execute(db);
  }
  for (const table of [
    'seller_follows',
    'keep_goods',
    'reviews',
    'catalogue_meta',
    'recent_views',
    'activities',
    'banners',
    'goods_specs',
    'goods',
    'sellers',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
