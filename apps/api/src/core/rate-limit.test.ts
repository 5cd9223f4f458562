import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

async function exercise(limiter: RateLimiter, key: string, advance: (ms: number) => Promise<void>) {
  const results: boolean[] = [];
  // A window long enough that four hits on a loaded machine still fall inside it.
  for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 1000));
  expect(results).toEqual([true, true, true, false]);
  expect(await limiter.hit(`${key}:other`, 3, 1000)).toBe(true);
  await advance(1050);
  expect(await limiter.hit(key, 3, 1000)).toBe(true);
}

describe('rate limiter', () => {
  it('allows `limit` hits per window in memory, then opens again', async () => {
    const clock = new ManualClock(0);
    await exercise(createMemoryRateLimiter(clock), 'k', async (ms) => clock.advance(ms));
  });

  describe.runIf(redisUrl)('on Redis', () => {
    const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
    afterAll(() => redis.quit());
    it('shares the count through Redis and expires it', async () => {
      await redis.connect();
      const key = `test:${Date.now()}:${Math.random()}`;
      const a = createRedisRateLimiter(redis);
      await exercise(a, key, (ms) => new Promise((r) => setTimeout(r, ms)));
    });
  });
});
