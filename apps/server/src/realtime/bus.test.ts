import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Bus, type BusMessage, createMemoryBus, createRedisBus } from './bus';

const message = (i: number): BusMessage => ({ channel: `ride:${i % 3}`, event: 'driver.location', data: { i } });

/** Many messages published in one turn, a lone one in the next: every one is delivered once, in order, never inside publish(). */
async function deliversInOrder(publisher: Bus, subscriber: Bus) {
  const got: BusMessage[] = [];
  const off = subscriber.subscribe((m) => got.push(m));
  const publishes = Array.from({ length: 250 }, (_, i) => publisher.publish(message(i)));
  expect(got).toEqual([]);
  await Promise.all(publishes);
  await publisher.publish(message(250));
  const deadline = Date.now() + 5000;
  while (got.length < 251 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(got).toEqual(Array.from({ length: 251 }, (_, i) => message(i)));
  off();
}

describe('memory bus', () => {
  it('delivers every message on a later turn, in order, batches included', async () => {
    const bus = createMemoryBus();
    await deliversInOrder(bus, bus);
    await bus.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('redis bus', () => {
  it('carries a turn’s messages in one PUBLISH to another process’s bus, in order; a lone message as itself', async () => {
    const prefix = `test-bus-${randomBytes(4).toString('hex')}`;
    const errors: Error[] = [];
    const a = await createRedisBus(process.env.TEST_REDIS_URL!, prefix, (e) => errors.push(e));
    const b = await createRedisBus(process.env.TEST_REDIS_URL!, prefix, (e) => errors.push(e));
    await deliversInOrder(a, b);
    expect(errors).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });
});
