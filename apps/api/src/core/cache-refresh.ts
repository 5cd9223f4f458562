/**
 * Per-process copies of shared state are kept in step by bus messages, and a message can be lost
 * (Redis restarted, a process's connection dropped). So each copy also has a time bound: it is
 * read again every `everyMs`, and at once when the bus reports it is connected again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus.ts';

export interface CacheRefresh {
  bus: Bus;
  log: FastifyBaseLogger;
  everyMs: number;
  /** Reloads what has no time bound of its own (brand settings). */
  periodic: () => Promise<unknown>;
  /** Drops or reloads every cache the bus keeps in step, after messages may have been missed. */
  afterReconnect: () => Promise<unknown>;
}

/** Starts both; answers the function that stops them. */
export function keepCachesFresh(options: CacheRefresh): () => void {
  const { bus, log } = options;
  const timer = setInterval(() => {
    options.periodic().catch((error) => log.warn({ err: error }, 'periodic cache reload failed'));
  }, options.everyMs);
  timer.unref();
  const off = bus.onReconnect(() => {
    log.info('bus reconnected: reloading cached state');
    options
      .afterReconnect()
      .catch((error) => log.warn({ err: error }, 'cache reload after reconnect failed'));
  });
  return () => {
    clearInterval(timer);
    off();
  };
}
