/**
 * What a process does before it listens, shared by server.ts and the tests that start several
 * processes at once: reach the database and Redis (a clear message when either is unreachable),
 * and write the demo data under a database lock, so N processes starting together seed it once.
 */
import { join, resolve } from 'node:path';
import { BRANDS } from '@mall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Services } from '../app.ts';
import type { Config } from '../config/env.ts';
import { seedDemoAccounts } from '../modules/accounts/index.ts';
import { type Bus, createLocalBus, createRedisBus } from './bus.ts';
import { systemClock } from './clock.ts';
import { type Db, openDatabase } from './db/database.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';
import { connectRedis, redactUrl } from './redis.ts';

const REACH_TIMEOUT_MS = 5000;

export interface Stores {
  db: Db;
  bus: Bus;
  /** The rate limiter's connection (the bus has its own two); undefined without REDIS_URL. */
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/** Opens the database and answers once a query went through, or throws a message naming it. */
export async function reachDatabase(config: Config, options: { pgSchema?: string } = {}): Promise<Db> {
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(resolve(config.dataDir), 'mall.sqlite'),
    groupCommit: config.sqliteGroupCommit,
    ...options,
  });
  try {
    await Promise.race([
      sql`select 1`.execute(db.kysely),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${REACH_TIMEOUT_MS} ms`)), REACH_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch (error) {
    void db.close().catch(() => {});
    const where = config.databaseUrl ? redactUrl(config.databaseUrl) : `SQLite in ${resolve(config.dataDir)}`;
    throw new Error(
      `Cannot reach the database at ${where} (${reasonOf(error)}): check DATABASE_URL and that the database runs`,
    );
  }
  return db;
}

/** The bus and rate limits: in Redis with REDIS_URL (every key and channel under REDIS_PREFIX). */
export async function connectShared(config: Config, warn: (line: string) => void = console.warn) {
  if (!config.redisUrl) {
    return { bus: createLocalBus(), redis: undefined, rateLimiter: createMemoryRateLimiter(systemClock) };
  }
  let warned = 0;
  // A lost connection is retried for ever; one line per second at most.
  const onError = (error: Error) => {
    if (Date.now() - warned < 1000) return;
    warned = Date.now();
    warn(`Redis connection error: ${error.message}`);
  };
  const bus = await createRedisBus(config.redisUrl, config.redisPrefix, { onError });
  let redis: Redis;
  try {
    redis = await connectRedis(config.redisUrl, { onError });
  } catch (error) {
    await bus.close();
    throw error;
  }
  return { bus, redis, rateLimiter: createRedisRateLimiter(redis, config.redisPrefix) };
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock of this database and schema, so processes
 * started at the same moment take turns (SQLite serves one process). Held on one connection of
 * the pool; `work` uses the others.
 */
export async function underStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    const key = sql`hashtext(current_schema() || ':mall-startup')`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** DEMO_ACCOUNTS and SEED_DEMO: written once, whichever process gets the lock first. */
export async function seedAtStart(
  config: Config,
  db: Db,
  services: Services,
  log: Pick<FastifyBaseLogger, 'info'>,
  print: (line: string) => void = console.info,
): Promise<void> {
  if (!config.demoAccounts && !config.seedDemo) return;
  await underStartupLock(db, async () => {
    if (config.demoAccounts) for (const line of await seedDemoAccounts(services.accounts)) print(line);
    if (config.seedDemo) {
      // Loaded only when needed: the generator and its word lists stay out of a production start.
      const { STARTER_CATALOGUE, seedDemoCatalogue } = await import('../../../../tools/seed/seed.ts');
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
  });
}
