import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BusMessage = { channel: string; event: string; data: unknown };
export type BusHandler = (message: BusMessage) => void;

/** Events raised after commit travel on the bus; every server process delivers them to its own sockets. */
export type Bus = {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
};

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let queue: BusMessage[] = [];
  const deliver = () => {
    const batch = queue;
    queue = [];
    for (const message of batch) emitter.emit('message', message);
  };
  return {
    async publish(message) {
      // Delivered on a later tick, as Redis would: a publisher never runs subscribers inside its own call.
      // One immediate per turn of the event loop carries every message published in it, in order.
      queue.push(message);
      if (queue.length === 1) setImmediate(deliver);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub between processes. One Redis channel carries every event and each process filters by its
 * own sockets' subscriptions: simple, and enough until fan-out per process becomes the bottleneck (then
 * subscribe per room). A subscriber connection cannot issue other commands, hence two clients.
 *
 * Messages published in one turn of the event loop travel together: one PUBLISH whose payload is a JSON
 * array of them, in order (a lone message is sent as itself). Under load — thousands of GPS frames a
 * second — that is one Redis command and one delivery per turn instead of one per frame.
 */
export async function createRedisBus(url: string, prefix: string, onError: (err: Error) => void): Promise<Bus> {
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
    publish(message) {
      queue.push(JSON.stringify(message));
      pending ??= new Promise<void>((resolve, reject) => setImmediate(() => flush().then(resolve, reject)));
      return pending;
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
