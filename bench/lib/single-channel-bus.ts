import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { BusMessage } from '../../apps/server/src/realtime/bus';

/**
 * The Redis bus as it was before decision 0029, kept as the bus-fanin bench's baseline: one Redis channel
 * (`{prefix}:bus`) carries every event to every process, which filters by its own rooms; a turn's messages
 * go as one PUBLISH (a JSON array). Not used by the server.
 */
export async function createSingleChannelBus(url: string, prefix: string, onError: (err: Error) => void) {
  const BUS_CHANNEL = `${prefix}:bus`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(BUS_CHANNEL);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  sub.on('message', (_channel: string, raw: string) => {
    let parsed: BusMessage | BusMessage[];
    try {
      parsed = JSON.parse(raw) as BusMessage | BusMessage[];
    } catch (err) {
      return onError(err as Error);
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      try {
        emitter.emit('message', message);
      } catch (err) {
        onError(err as Error);
      }
    }
  });
  let queue: string[] = [];
  let pending: Promise<void> | null = null;
  const flush = async () => {
    const batch = queue;
    queue = [];
    pending = null;
    await pub.publish(BUS_CHANNEL, batch.length === 1 ? batch[0]! : `[${batch.join(',')}]`);
  };
  return {
    publish(message: BusMessage): Promise<void> {
      queue.push(JSON.stringify(message));
      pending ??= new Promise<void>((resolve, reject) => setImmediate(() => flush().then(resolve, reject)));
      return pending;
    },
    subscribe(handler: (message: BusMessage) => void) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
