/**
 * `npm start`: parse config, open and migrate the database, connect the bus, listen, and on
 * SIGTERM/SIGINT stop taking requests, finish the ones in flight and close everything.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS } from '@mall/contract';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { parseConfig } from './config/env.ts';
import { createLocalBus, createRedisBus } from './core/bus.ts';
import { systemClock } from './core/clock.ts';
import { openDatabase } from './core/db/database.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './core/rate-limit.ts';
import { seedDemoAccounts } from './modules/accounts/index.ts';

const defaultDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultConsoleDist = fileURLToPath(new URL('../../console/dist', import.meta.url));

async function main(): Promise<void> {
  const config = parseConfig({ WEB_DIST: defaultDist, CONSOLE_DIST: defaultConsoleDist, ...process.env });
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(resolve(config.dataDir), 'mall.sqlite'),
    groupCommit: config.sqliteGroupCommit,
  });
  const applied = await migrateToLatest(db.kysely);
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createLocalBus();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const rateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(systemClock);
  const { app, services, log } = await buildApp({ config, db, bus, rateLimiter });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  if (config.demoAccounts) for (const line of await seedDemoAccounts(services.accounts)) console.info(line);
  if (config.seedDemo) {
    // Loaded only when needed: the generator and its word lists stay out of a production start.
    const { STARTER_CATALOGUE, seedDemoCatalogue } = await import('../../../tools/seed/seed.ts');
    const seeded = await seedDemoCatalogue(db, { ...STARTER_CATALOGUE, now: Date.now() });
    if (seeded.seeded) {
      log.info(
        { ...seeded.counts, ms: Math.round(seeded.ms) },
        'demo catalogue seeded (SEED_DEMO=false turns this off)',
      );
    }
  }

  if (config.demoAccounts) {
    // The demo seller runs one of the demo stores in each brand (the catalogue must exist first).
    const ids = await Promise.all(BRANDS.map((b) => services.accounts.userIdByName(b.key, 'demoseller')));
    await services.seller.claimDemoStores(ids.filter((id): id is string => id !== undefined));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  services.jobs.start();
  services.catalogue.views.start((error) => log.error({ err: error }, 'page views flush failed'));
  log.info(
    { address, dialect: db.dialect, bus: config.redisUrl ? 'redis' : 'local', brand: config.brandKey },
    'mall is up',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
