/**
 * Several malls on one Redis, and a Redis connection lost while serving (issue 25): every key and
 * channel carries REDIS_PREFIX, and a process that was cut off reloads what it may have missed.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type Bus, createRedisBus } from './bus.ts';
import { ManualClock } from './clock.ts';
import { createRedisRateLimiter } from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('on a shared Redis', () => {
  const url = redisUrl ?? '';
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });
  const prefix = () => `test-${randomBytes(4).toString('hex')}:`;
  async function bus(p: string): Promise<Bus> {
    const b = await createRedisBus(url, p);
    closing.push(() => b.close());
    return b;
  }

  it('two malls with their own REDIS_PREFIX never hear each other', async () => {
    const mallA = prefix();
    const mallB = prefix();
    const [a1, a2, b1] = await Promise.all([bus(mallA), bus(mallA), bus(mallB)]);
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    a2.subscribe('brand.changed', (p) => heardA.push(p));
    b1.subscribe('brand.changed', (p) => heardB.push(p));
    // Subscribing takes hold asynchronously: send until the own mall's process hears one.
    for (let i = 0; i < 200 && heardA.length === 0; i++) {
      await a1.publish('brand.changed', { brand: 'lumen' });
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(heardA.length).toBeGreaterThan(0);
    expect(heardB).toEqual([]);
  });

  it('two malls count rate limits apart', async () => {
    const redis = new Redis(url);
    closing.push(() => redis.quit());
    const a = createRedisRateLimiter(redis, prefix());
    const b = createRedisRateLimiter(redis, prefix());
    const key = 'login:192.0.2.1';
    expect([await a.hit(key, 2, 60_000), await a.hit(key, 2, 60_000), await a.hit(key, 2, 60_000)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await b.hit(key, 2, 60_000)).toBe(true);
  });

  it('a process whose Redis connection dropped wears brand and param changes it missed as soon as it is back', async () => {
    const p = prefix();
    const processB = await bus(p);
    let t: TestApp | undefined;
    t = await createTestApp('sqlite', { bus: processB, clock: new ManualClock(Date.now()) });
    closing.push(() => (t as TestApp).close());
    const title = async () =>
      (await (t as TestApp).app.inject({ method: 'GET', url: '/api/brand' })).json().data.title;
    const before = await title();
    // Another process changed the brand while this one's subscription was cut: its message is lost.
    await t.db.kysely
      .insertInto('brand_settings')
      .values({
        brand: 'novamart',
        overrides_json: JSON.stringify({ title: 'Missed message' }),
        updated_by: 'test',
        updated_at: 1n,
      })
      .execute();
    expect(await title()).toBe(before);
    // A param changed the same way (this process has it cached; its clock stands still, so only the
    // reconnect can drop the copy).
    const param = async () =>
      (
        await (t as TestApp).app.inject({ method: 'GET', url: '/api/get/params?code=user_address_max' })
      ).json().data.user_address_max;
    const paramBefore = await param();
    await t.db.kysely
      .insertInto('params')
      .values({ brand: 'novamart', code: 'user_address_max', value: '7', updated_at: 1n })
      .execute();
    expect(await param()).toBe(paramBefore);
    const admin = new Redis(url);
    closing.push(() => admin.quit());
    const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const id = clients
      .split('\n')
      .find((line) => line.includes(` name=${p}bus-sub `))
      ?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.call('CLIENT', 'KILL', 'ID', id as string);
    await expect.poll(title, { timeout: 5000, interval: 50 }).toBe('Missed message');
    await expect.poll(param, { timeout: 2000, interval: 50 }).toBe('7');
  });
});

describe.runIf(redisUrl)('a bus whose Redis connection is gone', () => {
  it('does not fail the publisher (the change is committed); the error is reported', async () => {
    const errors: string[] = [];
    const bus = await createRedisBus(redisUrl ?? '', `test-${randomBytes(4).toString('hex')}:`, {
      onError: (e) => errors.push(e.message),
    });
    await bus.close();
    await expect(bus.publish('brand.changed', { brand: 'lumen' })).resolves.toBeUndefined();
    expect(errors.join()).toMatch(/closed/i);
  });
});
