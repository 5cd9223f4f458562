/**
 * Brute force on sign-in (issue 4): the failure count is exact under parallel requests, holds
 * across API processes sharing one database, and a long run of wrong passwords never gets in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MallApp } from '../../app.ts';
import { parseConfig } from '../../config/env.ts';
import { ManualClock } from '../../core/clock.ts';
import { type Db, openDatabase } from '../../core/db/database.ts';
import { migrateToLatest } from '../../core/db/migrate.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, register } from './accounts.test-helpers.ts';

describeEachDialect('sign-in brute force', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('counts 20 parallel wrong sign-ins exactly 20', async () => {
    const u = await register(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', '/api/login', { username: u.email, password: 'wrongpass' }, { ip: '192.0.2.20' }),
      ),
    );
    expect(replies.every((r) => r.code !== 0)).toBe(true);
    expect(replies.filter((r) => r.key === 'WRONG_PASSWORD').length).toBeLessThanOrEqual(3);
    expect(await t.services.accounts.loginFailuresToday('novamart', u.userId)).toBe(20);
  });

  it('refuses 1,000 wrong sign-ins in a row from one client, and none gets in', async () => {
    const u = await register(t);
    const keys = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const reply = await call(
        t,
        'POST',
        '/api/login',
        // The last tries carry the right password: the lock still holds.
        { username: u.email, password: i >= 990 ? 'secret12' : `guess${i}x` },
        { ip: '192.0.2.99' },
      );
      expect(reply.code).not.toBe(0);
      keys.set(reply.key, (keys.get(reply.key) ?? 0) + 1);
    }
    expect(keys.get('WRONG_PASSWORD')).toBe(3);
    expect([...keys.keys()].sort()).toEqual(['PASSWORD_LOCKED_TODAY', 'TOO_FREQUENT', 'WRONG_PASSWORD']);
  });
});

async function twoApps(db1: Db, db2: Db) {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0));
  const config = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mall-test' });
  const a = await buildApp({ config, db: db1, clock, logger: false });
  const b = await buildApp({ config, db: db2, clock, logger: false });
  return { a, b, clock };
}

async function lockAcross(a: MallApp, b: MallApp, t: TestApp) {
  const u = await register(t);
  const login = (app: MallApp, password: string, ip: string) =>
    app.app
      .inject({
        method: 'POST',
        url: '/api/login?lang=en',
        headers: { host: 'novamart.localhost' },
        remoteAddress: ip,
        payload: { username: u.email, password },
      })
      .then((r) => r.json());
  // Two wrong on each process, in parallel: four in all, so the account is locked everywhere.
  const replies = await Promise.all([
    login(a, 'wrong1', '198.51.100.1'),
    login(b, 'wrong2', '198.51.100.2'),
    login(a, 'wrong3', '198.51.100.3'),
    login(b, 'wrong4', '198.51.100.4'),
  ]);
  expect(replies.every((r) => r.code !== 0)).toBe(true);
  expect(await login(a, 'secret12', '198.51.100.5')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
  expect(await login(b, 'secret12', '198.51.100.6')).toMatchObject({ key: 'PASSWORD_LOCKED_TODAY' });
  expect(await a.services.accounts.loginFailuresToday('novamart', u.userId)).toBe(6);
}

describe('the day lock holds across two API processes sharing a database', () => {
  const pgUrl = process.env.TEST_DATABASE_URL;

  it.skipIf(!pgUrl)('on PostgreSQL (two pools on one schema)', async () => {
    const t = await createTestApp('postgres');
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db.kysely)).rows[0]?.s;
    const db1 = openDatabase({ databaseUrl: pgUrl, pgSchema: schema as string });
    const db2 = openDatabase({ databaseUrl: pgUrl, pgSchema: schema as string });
    const { a, b } = await twoApps(db1, db2);
    try {
      await lockAcross(a, b, t);
    } finally {
      await a.app.close();
      await b.app.close();
      await db1.close();
      await db2.close();
      await t.close();
    }
  });

  it('on one SQLite file (two connections)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mall-lock-'));
    const file = join(dir, 'mall.sqlite');
    const db1 = openDatabase({ sqliteFile: file });
    await migrateToLatest(db1.kysely);
    const db2 = openDatabase({ sqliteFile: file });
    const { a, b, clock } = await twoApps(db1, db2);
    const t = { ...a, db: db1, clock, close: async () => {} } as TestApp;
    try {
      await lockAcross(a, b, t);
    } finally {
      await a.app.close();
      await b.app.close();
      await db1.close();
      await db2.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no account enumeration by timing', () => {
  it('hashes against a dummy for unknown accounts, exactly as for a wrong password', async () => {
    const { createArgon2Hasher } = await import('./password-hasher.ts');
    const real = createArgon2Hasher();
    const calls: string[] = [];
    const hasher = {
      hash: real.hash,
      verify: async (h: string, p: string) => {
        calls.push('verify');
        return real.verify(h, p);
      },
      verifyDummy: async (p: string) => {
        calls.push('dummy');
        return real.verifyDummy(p);
      },
    };
    const t = await createTestApp('sqlite');
    const mall = await buildApp({
      config: parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mall-test' }),
      db: t.db,
      clock: t.clock,
      logger: false,
      hasher,
    });
    try {
      const u = await register({ ...t, ...mall } as TestApp);
      calls.length = 0;
      const login = (username: string | undefined) =>
        mall.app
          .inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrongpass' } })
          .then((r) => r.json());
      expect(await login(u.email)).toMatchObject({ key: 'WRONG_PASSWORD' });
      expect(await login('nobody@nowhere.com')).toMatchObject({ key: 'WRONG_PASSWORD' });
      expect(calls).toEqual(['verify', 'dummy']);
    } finally {
      await mall.app.close();
      await t.close();
    }
  });
});
