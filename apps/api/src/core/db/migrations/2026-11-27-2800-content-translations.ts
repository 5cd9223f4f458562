import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Goods, stores and reviews in the buyer's language. Each keeps its original text where it was
 * (the seller's or the reviewer's words) and learns the language it is written in (`lang`, null
 * where nobody said: every row before this migration). Translations are rows of their own, one per
 * (row, language), owned by the catalogue: goods_texts and seller_texts. A read asks for its rows by
 * primary key; a missing row means the original is shown, marked as such. A review's few short
 * lines in other languages are a JSON object by language code on the review itself (`translations`,
 * as categories keep `names`): a page of reviews is read whole anyway, and the demo's tens of
 * thousands of reviews would otherwise be twenty times as many rows to write at start-up.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // On SQLite the rows live in their primary key's tree (WITHOUT ROWID): one tree to write at
  // seed time and to read per (id, language), not a table and an index beside it.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['goods', 'sellers', 'reviews']) {
    await db.schema.alterTable(table).addColumn('lang', 'varchar(8)').execute();
  }
  await db.schema
    .createTable('goods_texts')
    .addColumn('goods_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('goods_texts_pk', ['goods_id', 'lang'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createTable('seller_texts')
    .addColumn('seller_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seller_texts_pk', ['seller_id', 'lang'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema.alterTable('reviews').addColumn('translations', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('translations').execute();
  for (const table of ['seller_texts', 'goods_texts']) await db.schema.dropTable(table).execute();
  for (const table of ['goods', 'sellers', 'reviews']) {
    await db.schema.alterTable(table).dropColumn('lang').execute();
  }
}
