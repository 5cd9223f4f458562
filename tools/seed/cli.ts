/**
 * `npm run seed -- --products 50000 [--sellers N] [--seed N]`: builds a demo catalogue into the
 * database the server would use (DATA_DIR/mall.sqlite, or DATABASE_URL), migrating it first.
 * Refuses a database that already holds a catalogue. Deterministic: the same seed and size give
 * the same rows (times are relative to now).
 */
import { join, resolve } from 'node:path';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { seedDemoCatalogue } from './seed.ts';

function flag(name: string, fallback: number | undefined): number | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`);
    process.exit(2);
  }
  return value;
}

const products = flag('products', 2000) as number;
const sellers = flag('sellers', undefined);
const seed = flag('seed', 1) as number;

const config = parseConfig(process.env);
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: join(resolve(config.dataDir), 'mall.sqlite'),
});
try {
  await migrateToLatest(db.kysely);
  const where = config.databaseUrl ? 'DATABASE_URL' : join(resolve(config.dataDir), 'mall.sqlite');
  console.info(`seeding ${products} products (seed ${seed}) into ${where}`);
  const result = await seedDemoCatalogue(db, {
    seed,
    products,
    ...(sellers !== undefined ? { sellers } : {}),
    now: Date.now(),
  });
  if (!result.seeded) {
    console.error('the database already holds a catalogue: use an empty DATA_DIR or database');
    process.exitCode = 1;
  } else {
    const counts = Object.entries(result.counts ?? {})
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.info(`seeded in ${(result.ms / 1000).toFixed(1)} s: ${counts}`);
  }
} finally {
  await db.close();
}
