/**
 * Test harness: every database test runs on SQLite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL too, each in a fresh in-memory database or a fresh schema so runs never meet.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp, type MallApp } from '../app.ts';
import { parseConfig } from '../config/env.ts';
import type { Bus } from '../core/bus.ts';
import { type Clock, ManualClock } from '../core/clock.ts';
import { type Db, type DialectName, openDatabase } from '../core/db/database.ts';
import { migrateToLatest } from '../core/db/migrate.ts';
import type { ObjectStorage } from '../core/storage/storage.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

export const DIALECTS: DialectName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  cleanup(): Promise<void>;
}

export async function createTestDb(dialect: DialectName): Promise<TestDb> {
  if (dialect === 'sqlite') {
    // A real file, as the server has: WAL with its separate reader connection.
    const dir = mkdtempSync(join(tmpdir(), 'mall-test-'));
    const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite'), durability: 'fast' });
    await migrateToLatest(db.kysely);
    return {
      db,
      async cleanup() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDatabase({
    databaseUrl: postgresUrl,
    pgSchema: schema,
    refusePoolReadsInTransactions: true,
  });
  await migrateToLatest(db.kysely);
  return {
    db,
    async cleanup() {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

export interface TestApp extends MallApp {
  db: Db;
  clock: ManualClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  bus?: Bus;
  /** Object storage to use instead of the one the env chooses (fault injection). */
  storage?: ObjectStorage;
}

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDb(dialect);
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0));
  const config = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mall-test', ...options.env });
  const mall = await buildApp({
    config,
    db: testDb.db,
    clock: options.clock ?? clock,
    logger: false,
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  return {
    ...mall,
    db: testDb.db,
    clock,
    async close() {
      await mall.app.close();
      await testDb.cleanup();
    },
  };
}

/** `describe` once per dialect, with the dialect in the title. */
export function describeEachDialect(title: string, body: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) describe(`${title} [${dialect}]`, () => body(dialect));
}
