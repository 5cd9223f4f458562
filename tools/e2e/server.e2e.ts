/**
 * The real server as a process: starts on SQLite, survives a restart on the same data, starts on
 * PostgreSQL with Redis when they are configured, and shuts down cleanly on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './harness.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function json(url: string, init?: RequestInit) {
  return (await fetch(url, init)).json();
}

describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-proc-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API on SQLite and stops cleanly on SIGTERM', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    const res = await json(server.url('/api/get/params?code=mall_max_goods_number_in_order&lang=cn'));
    expect(res).toEqual({ code: 0, msg: 'success', data: { mall_max_goods_number_in_order: '500' } });
    const sub = await json(server.url('/api/subscribe!add.action'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@shop.com' }),
    });
    expect(sub.code).toBe(0);
    expect(await server.stop()).toBe(0);
  });

  it('starts again on the same data and still has what it wrote', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    const again = await json(server.url('/api/subscribe!add.action?lang=cn'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=restart%40shop.com',
    });
    expect(again).toMatchObject({ key: 'EMAIL_ALREADY_SUBSCRIBED', msg: '该邮箱已订阅' });
    expect(await server.stop()).toBe(0);
  });

  it.runIf(postgresUrl && redisUrl)('runs on PostgreSQL and Redis, two processes side by side', async () => {
    const schema = `e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgresUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl! };
    try {
      const [a, b] = [await startServer(env), await startServer(env)];
      const subscribe = (server: typeof a) =>
        json(server.url('/api/subscribe!add.action'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'shared@shop.com' }),
        });
      expect((await subscribe(a)).code).toBe(0);
      expect(await subscribe(b)).toMatchObject({ key: 'EMAIL_ALREADY_SUBSCRIBED' });
      const tables = await admin.query(
        'select count(*)::int as n from information_schema.tables where table_schema = $1',
        [schema],
      );
      expect(tables.rows[0].n).toBeGreaterThanOrEqual(4);
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
