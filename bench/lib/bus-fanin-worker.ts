/**
 * One subscribing process of the bus-fanin bench (run with an IPC channel by bench/bus-fanin.ts): a server
 * process's bus and what its socket server does with an event of one of its rooms (find the room, serialize
 * the frame once), without the sockets. `single` is the bus before decision 0029 (every event arrives and is
 * filtered here), `rooms` the per-room bus (only this process's rooms arrive).
 */
import { createRedisBus, type BusMessage } from '../../apps/server/src/realtime/bus';
import { createSingleChannelBus } from './single-channel-bus';

export type FaninInit = { type: 'init'; mode: 'single' | 'rooms'; url: string; prefix: string; rooms: string[] };
export type FaninReport = { type: 'report'; received: number; delivered: number };

let received = 0;
let delivered = 0;
let close: () => Promise<void> = async () => {};

async function start(init: FaninInit) {
  const mine = new Set(init.rooms);
  const onError = (err: Error) => console.error('bus error', err);
  // What the socket server does per event of a room it has sockets in: one serialization.
  const deliver = (message: BusMessage) => {
    delivered++;
    JSON.stringify({ type: 'event', channel: message.channel, event: message.event, data: message.data });
  };
  if (init.mode === 'single') {
    const bus = await createSingleChannelBus(init.url, init.prefix, onError);
    bus.subscribe((message) => {
      received++;
      if (mine.has(message.channel)) deliver(message);
    });
    close = bus.close;
  } else {
    const bus = await createRedisBus(init.url, init.prefix, onError);
    const subs = init.rooms.map((room) =>
      bus.subscribe(room, (message) => {
        received++;
        deliver(message);
      }),
    );
    await Promise.all(subs.map((s) => s.ready));
    close = bus.close;
  }
  process.send!({ type: 'ready' });
}

process.on('message', (msg: FaninInit | { type: 'report' } | { type: 'stop' }) => {
  if (msg.type === 'init') void start(msg);
  else if (msg.type === 'report') process.send!({ type: 'report', received, delivered } satisfies FaninReport);
  else if (msg.type === 'stop') void close().then(() => process.exit(0));
});
