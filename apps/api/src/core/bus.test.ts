import { afterAll, describe, expect, it } from 'vitest';
import { type Bus, createLocalBus, createRedisBus } from './bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function nextMessage(bus: Bus, topic: string): Promise<unknown> {
  return new Promise((resolve) => {
    const off = bus.subscribe(topic, (payload) => {
      off();
      resolve(payload);
    });
  });
}

describe('bus', () => {
  it('delivers in process', async () => {
    const bus = createLocalBus();
    const received = nextMessage(bus, 'params.changed');
    await bus.publish('params.changed', { brand: 'lumen' });
    expect(await received).toEqual({ brand: 'lumen' });
    await bus.close();
  });

  describe.runIf(redisUrl)('on Redis', () => {
    const buses: Bus[] = [];
    afterAll(async () => {
      for (const b of buses) await b.close();
    });
    it('fans a message out from one process to another', async () => {
      const a = await createRedisBus(redisUrl!);
      const b = await createRedisBus(redisUrl!);
      buses.push(a, b);
      const topic = `test.${Date.now()}`;
      const received = nextMessage(b, topic);
      // Subscribing is asynchronous in Redis; give it a moment before publishing.
      await new Promise((r) => setTimeout(r, 100));
      await a.publish(topic, { hello: 'world', n: 1 });
      expect(await received).toEqual({ hello: 'world', n: 1 });
    });
  });
});
