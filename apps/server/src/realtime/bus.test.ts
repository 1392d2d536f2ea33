import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type Bus, type BusMessage, createMemoryBus, createRedisBus } from './bus';

const message = (i: number): BusMessage => ({ channel: `ride:${i % 3}`, event: 'driver.location', data: { i } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await sleep(10);
}

/** A publishing bus and a subscribing one (the same bus in memory, two processes' buses on Redis). */
type Setup = {
  publisher: Bus;
  subscriber: Bus;
  /** How many subscriptions Redis holds for a room (null where there is no Redis). */
  redisSubscribers(room: string): Promise<number | null>;
  errors: Error[];
  close(): Promise<void>;
};

function busContract(name: string, setup: () => Promise<Setup>) {
  describe(name, () => {
    let s: Setup;
    afterEach(async () => {
      expect(s.errors).toEqual([]);
      await s.close();
    });

    it('delivers the messages of the rooms subscribed to, each room in order, batches included, never inside publish()', async () => {
      s = await setup();
      const got: BusMessage[] = [];
      const a = s.subscriber.subscribe('ride:0', (m) => got.push(m));
      const b = s.subscriber.subscribe('ride:1', (m) => got.push(m));
      await Promise.all([a.ready, b.ready]);
      // 250 messages over three rooms in one turn, then a lone one in the next.
      const publishes = Array.from({ length: 250 }, (_, i) => s.publisher.publish(message(i)));
      expect(got).toEqual([]);
      await Promise.all(publishes);
      await s.publisher.publish(message(250));
      const wanted = Array.from({ length: 251 }, (_, i) => message(i)).filter((m) => m.channel !== 'ride:2');
      await until(() => got.length >= wanted.length);
      await sleep(50);
      for (const room of ['ride:0', 'ride:1']) expect(got.filter((m) => m.channel === room)).toEqual(wanted.filter((m) => m.channel === room));
      expect(got).toHaveLength(wanted.length);
      expect(got.some((m) => m.channel === 'ride:2')).toBe(false);
      a.unsubscribe();
      b.unsubscribe();
    });

    it('counts listeners per room: the room stays subscribed until its last listener leaves, then nothing arrives', async () => {
      s = await setup();
      const first: unknown[] = [];
      const second: unknown[] = [];
      const one = s.subscriber.subscribe('user:u1', (m) => first.push(m.data));
      const two = s.subscriber.subscribe('user:u1', (m) => second.push(m.data));
      await Promise.all([one.ready, two.ready]);
      expect(await s.redisSubscribers('user:u1')).toBeOneOf([1, null]);

      await s.publisher.publish({ channel: 'user:u1', event: 'e', data: 1 });
      await until(() => first.length === 1 && second.length === 1);
      expect([first, second]).toEqual([[1], [1]]);

      one.unsubscribe();
      one.unsubscribe(); // twice is once
      expect(await s.redisSubscribers('user:u1')).toBeOneOf([1, null]);
      await s.publisher.publish({ channel: 'user:u1', event: 'e', data: 2 });
      await until(() => second.length === 2);
      expect([first, second]).toEqual([[1], [1, 2]]);

      two.unsubscribe();
      await until(async () => (await s.redisSubscribers('user:u1')) !== 1);
      await sleep(50);
      expect(await s.redisSubscribers('user:u1')).toBeOneOf([0, null]);
      await s.publisher.publish({ channel: 'user:u1', event: 'e', data: 3 });
      await sleep(100);
      expect([first, second]).toEqual([[1], [1, 2]]);

      // Joined again: subscribed again, and what is published once it is ready arrives.
      const again: unknown[] = [];
      const three = s.subscriber.subscribe('user:u1', (m) => again.push(m.data));
      await three.ready;
      await s.publisher.publish({ channel: 'user:u1', event: 'e', data: 4 });
      await until(() => again.length === 1);
      expect(again).toEqual([4]);
      three.unsubscribe();
    });

    it('the same handler subscribed twice is two listeners; a room left and joined in one turn ends subscribed', async () => {
      s = await setup();
      const got: unknown[] = [];
      const handler = (m: BusMessage) => got.push(m.data);
      const x = s.subscriber.subscribe('ride:9', handler);
      const y = s.subscriber.subscribe('ride:9', handler);
      await x.ready;
      await s.publisher.publish({ channel: 'ride:9', event: 'e', data: 'a' });
      await until(() => got.length === 2);
      expect(got).toEqual(['a', 'a']);
      x.unsubscribe();
      y.unsubscribe();
      const z = s.subscriber.subscribe('ride:9', handler);
      await z.ready;
      expect(await s.redisSubscribers('ride:9')).toBeOneOf([1, null]);
      await s.publisher.publish({ channel: 'ride:9', event: 'e', data: 'b' });
      await until(() => got.length === 3);
      await sleep(50);
      expect(got).toEqual(['a', 'a', 'b']);
      z.unsubscribe();
    });
  });
}

busContract('memory bus', async () => {
  const bus = createMemoryBus();
  return { publisher: bus, subscriber: bus, redisSubscribers: async () => null, errors: [], close: () => bus.close() };
});

describe.runIf(process.env.TEST_REDIS_URL)('redis', () => {
  busContract('redis bus (two processes’ buses)', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const prefix = `test-bus-${randomBytes(4).toString('hex')}`;
    const errors: Error[] = [];
    const publisher = await createRedisBus(url, prefix, (e) => errors.push(e));
    const subscriber = await createRedisBus(url, prefix, (e) => errors.push(e));
    const admin = new Redis(url);
    return {
      publisher,
      subscriber,
      errors,
      async redisSubscribers(room) {
        const [, count] = (await admin.pubsub('NUMSUB', `${prefix}:room:${room}`)) as [string, number];
        return Number(count);
      },
      async close() {
        await Promise.all([publisher.close(), subscriber.close()]);
        admin.disconnect();
      },
    };
  });

  it('sends one PUBLISH per room per turn, all in one command, and nothing to rooms no one published to', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const prefix = `test-bus-${randomBytes(4).toString('hex')}`;
    const errors: Error[] = [];
    const bus = await createRedisBus(url, prefix, (e) => errors.push(e));
    const monitor = new Redis(url);
    const raw: Array<[string, string]> = [];
    await monitor.psubscribe(`${prefix}:room:*`);
    monitor.on('pmessage', (_p: string, channel: string, payload: string) => raw.push([channel, payload]));
    await Promise.all(Array.from({ length: 10 }, (_, i) => bus.publish(message(i))));
    await bus.publish(message(3));
    await until(() => raw.length === 4);
    await sleep(50);
    const byRoom = (room: string) => raw.filter(([c]) => c === `${prefix}:room:${room}`).map(([, p]) => JSON.parse(p) as unknown);
    expect(byRoom('ride:0')).toEqual([[0, 3, 6, 9].map(message), message(3)]);
    expect(byRoom('ride:1')).toEqual([[1, 4, 7].map(message)]);
    expect(byRoom('ride:2')).toEqual([[2, 5, 8].map(message)]);
    expect(raw).toHaveLength(4);
    expect(errors).toEqual([]);
    monitor.disconnect();
    await bus.close();
  });
});
