import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Store cards read without a cache (issue 27): a store's figures (goods on sale, units sold, views)
 * and its praise (good and all reviews) were sums over its goods and reviews fetched row by row
 * from the table, 0.4-13 ms per store on the 50,000-goods catalogue; ten stores in a search's
 * answer took 25-35 ms. Each index below also holds the columns those sums read, so they are
 * answered from the index alone (0.03-0.1 ms per store). Each replaces an index of the same
 * leading columns, which it serves as well: a store's goods by sales, its reviews by rating.
 *
 * SQLite plans from the statistics ANALYZE left (the seed and bulk imports run it); a dropped
 * index's statistics go with it, and a new index without any made the planner sort a store's
 * goods by price with this index and a temporary B-tree instead of goods_seller_price_idx (0.05 ->
 * 0.15 ms). Where statistics exist, each new index is analyzed at once. PostgreSQL keeps its
 * statistics per column, which an index does not change.
 */
const INDEXES = [
  {
    table: 'goods',
    name: 'goods_seller_idx',
    was: ['seller_id', 'status', 'sold', 'id'],
    now: ['seller_id', 'status', 'sold', 'id', 'views'],
  },
  {
    table: 'reviews',
    name: 'reviews_seller_idx',
    was: ['seller_id', 'rating'],
    now: ['seller_id', 'rating', 'status'],
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, name, now } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns(now).execute();
  }
  await analyze(
    db,
    INDEXES.map((i) => i.name),
  );
}

/** SQLite: statistics for `indexes`, when the database has statistics at all (sqlite_stat1). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function analyze(db: Kysely<any>, indexes: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (rows.length === 0) return;
  for (const name of indexes) await sql`analyze ${sql.id(name)}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, name, was } of [...INDEXES].reverse()) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns(was).execute();
  }
  await analyze(
    db,
    INDEXES.map((i) => i.name),
  );
}
