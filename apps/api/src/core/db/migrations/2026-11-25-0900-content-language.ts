import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The language a banner or an activity is written in: the mall's own marketing speaks the buyer's
 * language, as its labels do. Null is a banner or an activity for every language (what every row
 * was before this migration, so they keep showing to everyone).
 *
 * Their pictures' URLs get room too: a drawn banner carries its two lines in its URL, and 40 + 60
 * characters of Thai or Hindi, percent-encoded, are 900 (9 per character) beyond the path, past
 * the 512 of the first catalogue migration. SQLite does not hold text to a declared length.
 */
const TABLES = ['banners', 'activities'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('lang', 'text').execute();
    if (isPostgres(db)) {
      await db.schema
        .alterTable(table)
        .alterColumn('image_url', (c) => c.setDataType('varchar(2048)'))
        .execute();
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    // Back to 512 only holds when no longer URL was written since; such a row makes this fail.
    if (isPostgres(db)) {
      await db.schema
        .alterTable(table)
        .alterColumn('image_url', (c) => c.setDataType('varchar(512)'))
        .execute();
    }
    await db.schema.alterTable(table).dropColumn('lang').execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
