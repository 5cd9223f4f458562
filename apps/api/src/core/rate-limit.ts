/**
 * Fixed-window rate limits (login, register, send, subscribe). In process memory by default;
 * in Redis when REDIS_URL is set, so the limit holds across every API process.
 */
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

export interface RateLimiter {
  /** Counts one attempt; false when `key` has used up `limit` attempts in the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}

const PRUNE_AT = 10_000;

export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now();
      if (windows.size > PRUNE_AT) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return limit >= 1;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}

// INCR and set the expiry on the first hit only, atomically.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Keys are `<prefix>rl:<key>` (REDIS_PREFIX), so two malls on one Redis count apart. */
export function createRedisRateLimiter(redis: Redis, prefix = 'mall:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const count = Number(await redis.eval(HIT_SCRIPT, 1, `${prefix}rl:${key}`, String(windowMs)));
      return count <= limit;
    },
  };
}
