import { Redis } from 'ioredis';

/** `channel` is the room the event belongs to: `user:{id}`, `ride:{id}` (packages/shared/src/realtime.ts). */
export type BusMessage = { channel: string; event: string; data: unknown };
export type BusHandler = (message: BusMessage) => void;

/** One listener of one room. `ready` settles once events published after it are sure to arrive. */
export type BusSubscription = { ready: Promise<void>; unsubscribe(): void };

/**
 * Events raised after commit travel on the bus; a process hears only the rooms it subscribed to (those its
 * sockets are in, and the few its own services follow), from this process or another (decision 0029).
 * Messages of one room arrive in the order they were published, on a later tick than publish().
 */
export type Bus = {
  publish(message: BusMessage): Promise<void>;
  /**
   * Listen to one room until unsubscribe(). Listeners of a room are counted: the first one subscribes the
   * process to it, the last one to leave unsubscribes it. A handler added twice is two listeners.
   */
  subscribe(room: string, handler: BusHandler): BusSubscription;
  /** For /metrics: rooms this process is subscribed to, and messages that have reached it (for any of them). */
  stats(): { rooms: number; received: number };
  close(): Promise<void>;
};

/** The local listeners of each room, reference-counted: `first`/`last` run when a room gains its first or loses its last. */
function createRooms(onFirst: (room: string) => Promise<void>, onLast: (room: string) => void) {
  const rooms = new Map<string, { handlers: Set<{ handler: BusHandler }>; ready: Promise<void> }>();
  let received = 0;
  return {
    rooms,
    stats: () => ({ rooms: rooms.size, received }),
    subscribe(room: string, handler: BusHandler): BusSubscription {
      let entry = rooms.get(room);
      if (!entry) rooms.set(room, (entry = { handlers: new Set(), ready: onFirst(room) }));
      // A box per listener: the same function subscribed twice is two listeners, each unsubscribed once.
      const box = { handler };
      entry.handlers.add(box);
      let done = false;
      return {
        ready: entry.ready,
        unsubscribe() {
          if (done) return;
          done = true;
          const current = rooms.get(room);
          if (!current?.handlers.delete(box)) return;
          if (current.handlers.size === 0) {
            rooms.delete(room);
            onLast(room);
          }
        },
      };
    },
    /**
     * Every listener of the message's room, in the order they joined; one that throws does not stop the
     * rest. A listener that leaves during delivery is skipped (a Set's iteration sees deletions).
     */
    deliver(message: BusMessage, onError: (err: Error) => void) {
      const entry = rooms.get(message.channel);
      if (!entry) return;
      received++;
      for (const { handler } of entry.handlers) {
        try {
          handler(message);
        } catch (err) {
          onError(err as Error);
        }
      }
    },
  };
}

export function createMemoryBus(): Bus {
  const rooms = createRooms(
    () => Promise.resolve(),
    () => {},
  );
  let queue: BusMessage[] = [];
  const deliver = () => {
    const batch = queue;
    queue = [];
    for (const message of batch) {
      rooms.deliver(message, (err) => {
        // As an EventEmitter listener's throw would: surfaced, not swallowed (on a later tick, not here).
        queueMicrotask(() => {
          throw err;
        });
      });
    }
  };
  return {
    async publish(message) {
      // Delivered on a later tick, as Redis would: a publisher never runs subscribers inside its own call.
      // One immediate per turn of the event loop carries every message published in it, in order.
      queue.push(message);
      if (queue.length === 1) setImmediate(deliver);
    },
    subscribe: rooms.subscribe,
    stats: rooms.stats,
    async close() {
      rooms.rooms.clear();
    },
  };
}

/**
 * Redis pub/sub between processes, one Redis channel per room: `{prefix}:room:{room}`. A process is
 * subscribed (SUBSCRIBE) to a room while it has a listener for it — a socket in that room, say — and
 * unsubscribed (UNSUBSCRIBE) when the last leaves, so Redis sends it only the events of its own rooms and
 * adding processes spreads the fan-out instead of repeating it in each (decision 0029; before, one channel
 * carried every event to every process). A subscriber connection cannot issue other commands, hence two
 * clients. SUBSCRIBE and UNSUBSCRIBE of one room go in order on that one connection, so a room left and
 * joined again in quick succession ends subscribed; `ready` is the SUBSCRIBE's acknowledgement, after which
 * Redis delivers every PUBLISH to the room. ioredis subscribes again to every room after a reconnect.
 *
 * Messages published in one turn of the event loop travel together: one PUBLISH per room whose payload is
 * a JSON array of that room's messages, in order (a lone message is sent as itself), and the PUBLISHes of
 * one turn go as one command, a small Lua script that runs them in order (one round trip; a pipeline of
 * PUBLISHes cost the publisher half as much CPU again in `npm run bench -- --only bus-fanin`). Under load
 * — thousands of GPS frames a second — that is one command to Redis per turn instead of one per frame.
 */
/** The PUBLISHes of one turn as one command: ARGV is channel, payload, channel, payload… */
const PUBLISH_MANY = "for i = 1, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end return #ARGV / 2";

export async function createRedisBus(url: string, prefix: string, onError: (err: Error) => void): Promise<Bus> {
  const channelPrefix = `${prefix}:room:`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  // A Redis without scripting (some hosted ones) gets a pipeline of PUBLISHes instead: same effect, more CPU here.
  const publishManySha = (await pub.script('LOAD', PUBLISH_MANY).catch(() => null)) as string | null;
  const rooms = createRooms(
    (room) =>
      sub.subscribe(channelPrefix + room).then(
        () => {},
        (err: Error) => {
          onError(err);
          throw err;
        },
      ),
    (room) => void sub.unsubscribe(channelPrefix + room).catch(onError),
  );
  sub.on('message', (_channel: string, raw: string) => {
    let parsed: BusMessage | BusMessage[];
    try {
      parsed = JSON.parse(raw) as BusMessage | BusMessage[];
    } catch (err) {
      return onError(err as Error);
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) rooms.deliver(message, onError);
  });
  let queue = new Map<string, string[]>();
  let pending: Promise<void> | null = null;
  const payload = (batch: string[]) => (batch.length === 1 ? batch[0]! : `[${batch.join(',')}]`);
  const flush = async () => {
    const batch = queue;
    queue = new Map();
    pending = null;
    if (batch.size === 1) {
      const [room, messages] = batch.entries().next().value!;
      await pub.publish(channelPrefix + room, payload(messages));
      return;
    }
    if (publishManySha) {
      const args: string[] = [];
      for (const [room, messages] of batch) args.push(channelPrefix + room, payload(messages));
      await pub.evalsha(publishManySha, 0, ...args).catch((err: Error) => {
        // The script cache was flushed (or Redis restarted): send the script itself, which reloads it.
        if (!err.message.startsWith('NOSCRIPT')) throw err;
        return pub.eval(PUBLISH_MANY, 0, ...args);
      });
      return;
    }
    const pipeline = pub.pipeline();
    for (const [room, messages] of batch) pipeline.publish(channelPrefix + room, payload(messages));
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (failed) throw failed;
  };
  return {
    publish(message) {
      const serialized = JSON.stringify(message);
      const room = queue.get(message.channel);
      if (room) room.push(serialized);
      else queue.set(message.channel, [serialized]);
      pending ??= new Promise<void>((resolve, reject) => setImmediate(() => flush().then(resolve, reject)));
      return pending;
    },
    subscribe(room, handler) {
      const subscription = rooms.subscribe(room, handler);
      // Failures are reported through onError; a caller that does not wait must not see an unhandled rejection.
      subscription.ready.catch(() => {});
      return subscription;
    },
    stats: rooms.stats,
    async close() {
      rooms.rooms.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
