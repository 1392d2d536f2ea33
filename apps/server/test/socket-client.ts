import { REALTIME_EVENTS, type ServerFrame } from '@openride/shared/realtime';
import { WebSocket } from 'ws';
import { z } from 'zod';
import type { TestClient } from './http-client';

/** A socket as the browser opens it: the page's cookies, the page's origin. Collects frames for assertions. */
export async function openSocket(client: TestClient, baseUrl = client.baseUrl) {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { cookie: client.cookieHeader, origin: client.baseUrl } });
  const frames: ServerFrame[] = [];
  const waiters: Array<{ match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as ServerFrame;
    checkEventContract(frame);
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const next = <T extends ServerFrame>(match: (f: ServerFrame) => boolean, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      const found = frames.find(match);
      if (found) return resolve(found as T);
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
      waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f as T)) });
    });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  await next((f) => f.type === 'ready');
  return {
    ws,
    frames,
    next,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    close: () => ws.close(),
  };
}

/**
 * Every event the server sends must be one of the shared map's, with data of its schema (decision 0017):
 * an unknown or drifted event throws here, which fails the test that received it.
 */
function checkEventContract(frame: ServerFrame) {
  if (frame.type !== 'event') return;
  const schema = (REALTIME_EVENTS as Record<string, z.ZodType>)[frame.event];
  if (!schema) throw new Error(`socket event ${frame.event} is not in REALTIME_EVENTS (packages/shared/src/realtime.ts)`);
  const result = schema.safeParse(frame.data);
  if (!result.success)
    throw new Error(`socket event ${frame.event} does not match its schema:\n${z.prettifyError(result.error)}\ndata: ${JSON.stringify(frame.data)}`);
}

/** Attempt an upgrade and report the HTTP status the server answered with. */
export function upgradeStatus(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers });
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => undefined);
  });
}
