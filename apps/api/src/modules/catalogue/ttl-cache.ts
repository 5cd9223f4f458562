/**
 * A small per-process cache: entries live `ttlMs`, the oldest go first beyond `capacity`. Hot
 * catalogue reads (home, lists, search, goods pages) are answered from it; a change to the
 * catalogue clears it in every process through the bus.
 */
import type { Clock } from '../../core/clock.ts';

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly capacity: number,
  ) {}

  /** The value while it is fresh; an expired one is kept (see `stale`) until replaced or evicted. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires <= this.clock.now()) return undefined;
    return hit.value;
  }

  /** The value even when it has expired: what a refresh may answer while it runs. */
  stale(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V): V {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.clock.now() + this.ttlMs });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Answers from the cache synchronously when it can (no promise on the hot path), else loads once
 * per key even when many requests miss together. An entry that has only expired is answered while
 * one refresh runs in the background (stale-while-revalidate): requests never queue behind the
 * rebuild of a hot page (home took 40-200 ms on the 50,000-goods catalogue, every minute). An entry
 * dropped because the catalogue changed is gone: the next request waits for the new value.
 */
export class LoadingCache<V> {
  private readonly inflight = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(readonly cache: TtlCache<V>) {}

  get(key: string, load: () => Promise<V>): V | Promise<V> {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const stale = this.cache.stale(key);
    const running = this.inflight.get(key) ?? this.load(key, load);
    if (stale === undefined) return running;
    // The refresh's failure reaches whoever waits for it; answering the stale value, nobody does.
    running.catch(() => {});
    return stale;
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.inflight.delete(key);
        // A change while loading makes this value suspect: answer it, but do not keep it.
        if (generation === this.generation) this.cache.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.generation++;
    this.cache.delete(key);
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
    this.inflight.clear();
  }
}
