import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index.ts';

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * The schema the migrator's own tables live in. Without it, Kysely looks for them in every schema
 * of the database, so a second database in another schema (tests run each in a fresh one, side by
 * side) made it skip creating its own and fail: "kysely_migration_lock does not exist".
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
async function migrationSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** Runs every pending migration; throws (and the server does not start) if one fails. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    // Domains land migrations named by the time they were planned, so a new file may sort before
    // one a database has already run (2026-11-23-0900 after 2300); Kysely would refuse to start.
    // Each migration only touches its own tables, so running a late one out of order is safe.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
