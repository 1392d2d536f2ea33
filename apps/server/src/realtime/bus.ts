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
  return {
    async publish(message) {
      // Delivered on a later tick, as Redis would: a publisher never runs subscribers inside its own call.
      setImmediate(() => emitter.emit('message', message));
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
    try {
      emitter.emit('message', JSON.parse(raw) as BusMessage);
    } catch (err) {
      onError(err as Error);
    }
  });
  return {
    async publish(message) {
      await pub.publish(BUS_CHANNEL, JSON.stringify(message));
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
