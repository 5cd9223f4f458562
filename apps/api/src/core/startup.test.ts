import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config/env.ts';
import { createLocalBus } from './bus.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedAtStart } from './startup.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** What server.ts does before it listens, as one process would, on its own connection pool. */
async function startLikeAProcess(schema: string, seedCatalogue: boolean) {
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgresUrl,
    SEED_DEMO: String(seedCatalogue),
  });
  const db = openDatabase({ databaseUrl: postgresUrl, pgSchema: schema });
  try {
    await migrateToLatest(db.kysely);
    const mall = await buildApp({ config, db, bus: createLocalBus(), logger: false });
    try {
      await seedAtStart(config, db, mall.services, mall.log, () => {});
    } finally {
      await mall.app.close();
    }
  } finally {
    await db.close();
  }
}

describe.runIf(postgresUrl)('three processes starting at the same moment [postgres]', () => {
  it('migrate and seed the demo once, with no crash, in 10 tries', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const failures: string[] = [];
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const schema = `t_start_${randomBytes(5).toString('hex')}`;
        await admin.query(`create schema ${schema}`);
        try {
          // The catalogue (2,000 goods) takes a second to write: seeded together in the first tries only.
          const seedCatalogue = attempt < 2;
          const results = await Promise.allSettled(
            [0, 1, 2].map(() => startLikeAProcess(schema, seedCatalogue)),
          );
          for (const r of results) if (r.status === 'rejected') failures.push(String(r.reason));
          const users = await admin.query(
            `select brand, username_key, count(*)::int as n from ${schema}.users group by 1, 2 having count(*) > 1`,
          );
          expect(users.rows).toEqual([]);
          const stores = await admin.query(
            `select u.brand, count(*)::int as n from ${schema}.users u join ${schema}.sellers s on s.owner_user_id = u.id where u.username = 'demoseller' group by 1`,
          );
          // One demo store per brand's demo seller, never two.
          if (seedCatalogue) expect(stores.rows.every((r) => r.n === 1) && stores.rows.length > 0).toBe(true);
        } finally {
          await admin.query(`drop schema ${schema} cascade`);
        }
      }
    } finally {
      await admin.end();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
