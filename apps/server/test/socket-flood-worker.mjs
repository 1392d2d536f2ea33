// A socket abuser in a thread of its own (so its writing does not steal the test's event loop): opens
// `sockets` sockets as one user, writes a burst of 25,000 frames, then keeps writing pings and subscribes to random rides as fast as it can, reopens a
// socket the server closes (after 100 ms), and stops when told; then reports how many frames it wrote.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { url, cookie, origin, sockets } = workerData;
let flooding = true;
let sent = 0;
let closedByServer = 0;
const ping = JSON.stringify({ type: 'ping' });
const subscribes = Array.from({ length: 500 }, () => JSON.stringify({ type: 'subscribe', channel: `ride:${randomUUID()}` }));

async function floodOne() {
  while (flooding) {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: { cookie, origin } });
    ws.on('error', () => undefined);
    ws.on('close', (code) => code === 4429 && closedByServer++);
    await new Promise((resolve) => (ws.once('open', resolve), ws.once('close', resolve)));
    while (flooding && ws.readyState === WebSocket.OPEN) {
      // Writes as fast as the connection takes them (a real client is held back by TCP the same way).
      if (ws.bufferedAmount > 1 << 20) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      for (let i = 0; i < 200; i++) ws.send(i % 4 === 0 ? subscribes[(sent + i) % subscribes.length] : ping);
      sent += 200;
      await new Promise((resolve) => setImmediate(resolve));
    }
    ws.terminate();
    // Reconnects at once, as a client does; not in a tight loop (a connection storm is the proxy's to limit).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

parentPort.on('message', (msg) => {
  if (msg === 'stop') flooding = false;
});
// First the burst of the finding: each socket written 2,000 pings and 500 subscribes to random rides at once.
const opened = await Promise.all(
  Array.from({ length: sockets }, async () => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: { cookie, origin } });
    ws.on('error', () => undefined);
    ws.on('close', (code) => code === 4429 && closedByServer++);
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('unexpected-response', () => reject(new Error('refused')))));
    return ws;
  }),
);
for (const ws of opened) for (let i = 0; i < 2500; i++, sent++) ws.send(i % 5 === 0 ? subscribes[i % subscribes.length] : ping);
parentPort.postMessage({ type: 'started', sent });
// Then more of the same, for as long as the test measures.
await new Promise((resolve) => setTimeout(resolve, 50));
const floods = Array.from({ length: sockets }, floodOne);
await Promise.all(floods);
// The burst's sockets: the server closes each that flooded (within a second or so).
const deadline = new Promise((resolve) => setTimeout(resolve, 5000));
await Promise.race([
  deadline,
  Promise.all(opened.map((ws) => (ws.readyState === WebSocket.CLOSED ? null : new Promise((resolve) => ws.once('close', resolve))))),
]);
parentPort.postMessage({ type: 'done', sent, closedByServer });
