/**
 * Events between API processes: in-process by default, Redis pub/sub when REDIS_URL is set, so
 * several processes behind a load balancer hear the same events (cache invalidation, chat fan-out).
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BusHandler = (payload: unknown) => void;

export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): () => void;
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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL_PREFIX = 'mall:';

export async function createRedisBus(url: string): Promise<Bus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createLocalBus();
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
      await publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload));
    },
    subscribe(topic, handler) {
      if (!subscribed.has(topic)) {
        subscribed.add(topic);
        void subscriber.subscribe(CHANNEL_PREFIX + topic);
      }
      return local.subscribe(topic, handler);
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
