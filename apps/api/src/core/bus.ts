/**
 * Events between API processes: in-process by default, Redis pub/sub when REDIS_URL is set, so
 * several processes behind a load balancer hear the same events (cache invalidation, chat fan-out).
 */
import { EventEmitter } from 'node:events';
import { connectRedis, type RedisOptions } from './redis.ts';

export type BusHandler = (payload: unknown) => void;

export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Called after the bus lost its connection and has it back: messages sent meanwhile were not
   * heard, so caches kept in step by the bus reload (core/cache-refresh.ts). Never on a local bus.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    onReconnect() {
      return () => {};
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Channels are `<prefix>bus:<topic>`: the prefix (REDIS_PREFIX, by default from the database's
 * name) keeps two malls on one Redis apart.
 */
export async function createRedisBus(
  url: string,
  prefix = 'mall:',
  options: RedisOptions = {},
): Promise<Bus> {
  const CHANNEL_PREFIX = `${prefix}bus:`;
  const [publisher, subscriber] = await Promise.all([
    connectRedis(url, { ...options, name: `${prefix}bus-pub` }),
    connectRedis(url, { ...options, name: `${prefix}bus-sub` }),
  ]);
  const local = createLocalBus();
  const reconnected = new EventEmitter();
  let lost = false;
  subscriber.on('close', () => {
    lost = true;
  });
  // ioredis subscribes again to every channel on its own once it is back.
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    reconnected.emit('back');
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return; // Not ours: ignore rather than crash a listener.
    }
    void local.publish(channel.slice(CHANNEL_PREFIX.length), payload);
  });
  const subscribed = new Set<string>();
  return {
    async publish(topic, payload) {
      // The change this announces is committed: a lost announcement must not fail the request.
      // Other processes catch up when their caches expire or their subscription reconnects.
      try {
        await publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload));
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      }
    },
    subscribe(topic, handler) {
      if (!subscribed.has(topic)) {
        subscribed.add(topic);
        void subscriber.subscribe(CHANNEL_PREFIX + topic);
      }
      return local.subscribe(topic, handler);
    },
    onReconnect(handler) {
      reconnected.on('back', handler);
      return () => reconnected.off('back', handler);
    },
    async close() {
      reconnected.removeAllListeners();
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
