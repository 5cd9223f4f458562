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
      let arrived: unknown;
      const received = nextMessage(b, topic).then((payload) => {
        arrived = payload;
      });
      // Subscribing is asynchronous in Redis and a message sent before it took hold is lost: send
      // until one arrives rather than guessing how long subscribing takes on a loaded machine.
      for (let i = 0; i < 200 && arrived === undefined; i++) {
        await a.publish(topic, { hello: 'world', n: 1 });
        await new Promise((r) => setTimeout(r, 25));
      }
      await received;
      expect(arrived).toEqual({ hello: 'world', n: 1 });
    });
  });
});
