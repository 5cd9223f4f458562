/**
 * `npm run migrate`: applies every pending migration to the configured database and exits, for
 * deployments that migrate before starting the new processes (a start migrates too).
 */
import { parseConfig } from './config/env.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { reachDatabase } from './core/startup.ts';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const db = await reachDatabase(config);
  try {
    const applied = await migrateToLatest(db.kysely);
    console.info(applied.length > 0 ? `migrations applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
