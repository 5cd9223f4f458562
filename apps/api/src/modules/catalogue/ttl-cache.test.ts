import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { LoadingCache, TtlCache } from './ttl-cache.ts';

/** A cache of one key over a load the test finishes (or fails) by hand, on its own clock. */
function counter() {
  const clock = new ManualClock(0);
  const cache = new LoadingCache<string>(new TtlCache<string>(clock, 1000, 10));
  let loads = 0;
  let release: (() => void) | undefined;
  let fail = false;
  const load = () => {
    loads++;
    const n = loads;
    return new Promise<string>((resolve, reject) => {
      release = () => (fail ? reject(new Error('database gone')) : resolve(`v${n}`));
    });
  };
  return {
    cache,
    get: () => cache.get('home', load),
    loads: () => loads,
    finish: async () => {
      release?.();
      await new Promise((r) => setImmediate(r));
    },
    failNext: () => {
      fail = true;
    },
    /** Loads the first value, v1. */
    fill: async () => {
      cache.get('home', load);
      release?.();
      await new Promise((r) => setImmediate(r));
    },
    expire: () => clock.advance(1001),
  };
}

describe('loading cache', () => {
  it('loads a missing key once however many ask, then answers synchronously', async () => {
    const c = counter();
    const first = c.get();
    const second = c.get();
    expect(first).toBeInstanceOf(Promise);
    expect(c.loads()).toBe(1);
    await c.finish();
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(c.get()).toBe('v1');
  });

  it('answers an expired value at once while one refresh runs, then the new one', async () => {
    const c = counter();
    await c.fill();
    c.expire();
    expect(c.get()).toBe('v1');
    expect(c.get()).toBe('v1');
    expect(c.loads()).toBe(2);
    await c.finish();
    expect(c.get()).toBe('v2');
    expect(c.loads()).toBe(2);
  });

  it('makes a request wait for the new value once the key was dropped for a change', async () => {
    const c = counter();
    await c.fill();
    c.cache.delete('home');
    const waiting = c.get();
    expect(waiting).toBeInstanceOf(Promise);
    await c.finish();
    expect(await waiting).toBe('v2');
    c.cache.clear();
    expect(c.get()).toBeInstanceOf(Promise);
  });

  it('keeps answering the expired value when a refresh fails, and tries again on the next request', async () => {
    const c = counter();
    await c.fill();
    c.expire();
    c.failNext();
    expect(c.get()).toBe('v1');
    await c.finish();
    expect(c.get()).toBe('v1');
    expect(c.loads()).toBe(3);
  });
});
