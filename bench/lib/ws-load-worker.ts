/**
 * One load-generator process of the location bench (run with an IPC channel by ws-load.ts). It holds a
 * share of the driver/rider socket pairs — a process may hold ~20,000 open files — connects them, then
 * has each driver send a `location` frame every `intervalMs` and each rider time the fan-out it receives.
 * Every frame carries its sequence number (in `heading`, which the server forwards unchanged), so each
 * receipt is matched to the frame that caused it: a frame never matched is dropped.
 */
import { WebSocket } from 'ws';

/** `url`, when set, is the server this pair's sockets go to (instead of the init's): pairs spread over processes. */
export type WorkerPair = { id: string; rideId: string; driverCookie?: string; riderCookie?: string; lat: number; lng: number; url?: string };
export type WorkerInit = { type: 'init'; mode: 'app' | 'bare'; url: string; origin: string; localAddress?: string; pairs: WorkerPair[]; concurrency: number };
export type WorkerStart = { type: 'start'; intervalMs: number; warmupMs: number; durationMs: number; drainMs: number; phaseOffset: number };
export type WorkerResult = {
  type: 'done';
  sent: number;
  received: number;
  duplicates: number;
  measuredSent: number;
  measuredReceived: number;
  latencies: number[];
  errorFrames: number;
  closedSockets: number;
};

type Pair = WorkerPair & { driver?: WebSocket; rider?: WebSocket; sentAt: Float64Array; got: Uint8Array; sent: number };

let pairs: Pair[] = [];
let init: WorkerInit;
let errorFrames = 0;
let closedSockets = 0;
let received = 0;
let duplicates = 0;
let measuredFrom = Infinity;
let measuredTo = Infinity;
const latencies: number[] = [];
const MAX_SEQ = 360; // heading is 0–360

/**
 * Frames that arrive before anyone listens (the server's `ready` can be read in the same turn as the
 * upgrade) wait here; `onFrame` takes them once set.
 */
type Socket = WebSocket & { backlog: Buffer[]; onFrame?: (raw: Buffer) => void };

function setHandler(ws: Socket, handler: ((raw: Buffer) => void) | undefined) {
  ws.onFrame = handler;
  while (handler && ws.backlog.length && ws.onFrame === handler) handler(ws.backlog.shift()!);
}

function open(url: string, cookie: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: init.origin };
    if (cookie) headers.cookie = cookie;
    const ws = new WebSocket(url, { headers, localAddress: init.localAddress, perMessageDeflate: false }) as Socket;
    ws.backlog = [];
    ws.on('message', (raw: Buffer) => (ws.onFrame ? ws.onFrame(raw) : ws.backlog.push(raw)));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('open', () => resolve(ws));
    ws.on('close', () => closedSockets++);
  });
}

/** The next frame on a socket that matches, as parsed JSON. */
function nextFrame(ws: Socket, match: (f: { type: string; channel?: string }) => boolean, timeoutMs = 30_000) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no expected frame')), timeoutMs);
    const onMessage = (raw: Buffer) => {
      const f = JSON.parse(raw.toString()) as { type: string; channel?: string };
      if (f.type === 'error') {
        clearTimeout(timer);
        ws.onFrame = undefined;
        reject(new Error(`error frame: ${raw.toString()}`));
      } else if (match(f)) {
        clearTimeout(timer);
        ws.onFrame = undefined;
        resolve();
      }
    };
    setHandler(ws, onMessage);
  });
}

function onRiderMessage(pair: Pair, raw: Buffer) {
  const now = performance.now();
  const f = JSON.parse(raw.toString()) as { type: string; event?: string; heading?: number; data?: { heading?: number } };
  let seq: number | undefined;
  if (init.mode === 'bare') seq = f.type === 'location' ? f.heading : undefined;
  else if (f.type === 'event' && f.event === 'driver.location') seq = f.data?.heading;
  else if (f.type === 'error') errorFrames++;
  if (seq === undefined || !Number.isInteger(seq) || seq < 0 || seq >= pair.sent) return;
  if (pair.got[seq]) {
    duplicates++;
    return;
  }
  pair.got[seq] = 1;
  received++;
  const at = pair.sentAt[seq]!;
  if (at >= measuredFrom && at < measuredTo) latencies.push(now - at);
}

async function connectPair(pair: Pair) {
  if (init.mode === 'bare') {
    pair.rider = await open(`${init.url}?role=rider&id=${pair.id}`, undefined);
    pair.driver = await open(`${init.url}?role=driver&id=${pair.id}`, undefined);
  } else {
    const rider = await open(pair.url ?? init.url, pair.riderCookie);
    await nextFrame(rider, (f) => f.type === 'ready');
    const subscribed = nextFrame(rider, (f) => f.type === 'subscribed' && f.channel === `ride:${pair.rideId}`);
    rider.send(JSON.stringify({ type: 'subscribe', channel: `ride:${pair.rideId}` }));
    await subscribed;
    pair.rider = rider;
    const driver = await open(pair.url ?? init.url, pair.driverCookie);
    await nextFrame(driver, (f) => f.type === 'ready');
    setHandler(driver, (raw: Buffer) => {
      if (raw.toString().startsWith('{"type":"error"')) errorFrames++;
    });
    pair.driver = driver;
  }
  const rider = pair.rider as Socket;
  setHandler(rider, (raw: Buffer) => onRiderMessage(pair, raw));
}

async function connectAll() {
  let next = 0;
  let failures = 0;
  let firstError = '';
  const worker = async () => {
    while (next < pairs.length) {
      const pair = pairs[next++]!;
      try {
        await connectPair(pair);
      } catch (err) {
        failures++;
        firstError ||= String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: init.concurrency }, worker));
  process.send!({ type: 'connected', failures, firstError });
}

function start(msg: WorkerStart) {
  const t0 = performance.now();
  measuredFrom = t0 + msg.warmupMs;
  measuredTo = t0 + msg.durationMs;
  const timers: NodeJS.Timeout[] = [];
  pairs.forEach((pair, i) => {
    const send = () => {
      if (performance.now() >= measuredTo || pair.sent >= MAX_SEQ || pair.driver?.readyState !== WebSocket.OPEN) return;
      const seq = pair.sent++;
      const lat = pair.lat + seq * 0.00005;
      pair.sentAt[seq] = performance.now();
      pair.driver.send(`{"type":"location","lat":${lat},"lng":${pair.lng},"accuracy":10,"heading":${seq},"speed":8}`);
    };
    const phase = ((i / pairs.length + msg.phaseOffset) % 1) * msg.intervalMs;
    timers.push(
      setTimeout(() => {
        send();
        timers.push(setInterval(send, msg.intervalMs));
      }, phase),
    );
  });
  setTimeout(() => {
    for (const t of timers) clearTimeout(t);
    setTimeout(() => {
      let sent = 0;
      let measuredSent = 0;
      let measuredReceived = 0;
      for (const p of pairs) {
        sent += p.sent;
        for (let s = 0; s < p.sent; s++) {
          if (p.sentAt[s]! >= measuredFrom && p.sentAt[s]! < measuredTo) {
            measuredSent++;
            measuredReceived += p.got[s]!;
          }
        }
      }
      const result: WorkerResult = { type: 'done', sent, received, duplicates, measuredSent, measuredReceived, latencies, errorFrames, closedSockets };
      process.send!(result);
    }, msg.drainMs);
  }, msg.durationMs);
}

async function stop() {
  for (const p of pairs) {
    p.driver?.terminate();
    p.rider?.terminate();
  }
  process.exit(0);
}

process.on('message', (msg: WorkerInit | WorkerStart | { type: 'stop' }) => {
  if (msg.type === 'init') {
    init = msg;
    pairs = msg.pairs.map((p) => ({ ...p, sentAt: new Float64Array(MAX_SEQ), got: new Uint8Array(MAX_SEQ), sent: 0 }));
    void connectAll();
  } else if (msg.type === 'start') start(msg);
  else if (msg.type === 'stop') void stop();
});
