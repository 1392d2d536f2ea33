import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { clientFrameSchema, type LocationFrame, type ServerFrame, userChannel } from '@openride/shared/realtime';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../lib/logger';
import type { Bus, BusMessage } from './bus';

export type SocketUser = { id: string };

/**
 * Decides whether a user may join a channel. `user:{id}` is always the user's own; other channel kinds
 * (a ride's room, say) register an authorizer for their prefix. Unknown kinds are refused.
 */
export type ChannelAuthorizer = (user: SocketUser, channelId: string) => Promise<boolean> | boolean;

type Connection = { ws: WebSocket; user: SocketUser; channels: Set<string> };
type LiveSocket = WebSocket & { isAlive?: boolean };

export type SocketServerDeps = {
  bus: Bus;
  logger: Logger;
  /** Resolves the session from the upgrade request's cookies; null when not signed in. */
  authenticate(headers: Headers): Promise<SocketUser | null>;
  /** `host` is the upgrade request's own Host: a page at the address it was sent to is same-origin. */
  isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean;
  /**
   * A driver's GPS frame (the hot path). Returns an error frame to send back, or nothing. Frames are
   * handled one at a time per connection, in order.
   */
  onLocation?(user: SocketUser, frame: LocationFrame): Promise<Extract<ServerFrame, { type: 'error' }> | void>;
};

const MAX_CHANNELS_PER_CONNECTION = 50;

const LOCATION_KEYS = new Set(['type', 'lat', 'lng', 'accuracy', 'heading', 'speed']);
const inRange = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const optional = (v: unknown, min: number, max: number) => v === undefined || inRange(v, min, max);
const nullish = (v: unknown, min: number, max: number) => v === undefined || v === null || inRange(v, min, max);

/**
 * The hot path's check of a GPS frame: the very rules of clientFrameSchema's `location` member, without
 * zod's per-call allocations. It only ever accepts what the schema accepts, unchanged (no unknown keys to
 * strip); anything else — a frame of another type, an extra key, a value out of range — returns null and
 * goes through the schema, which answers exactly as before.
 */
export function fastLocationFrame(value: unknown): LocationFrame | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (o.type !== 'location') return null;
  for (const key in o) if (!LOCATION_KEYS.has(key)) return null;
  if (!inRange(o.lat, -90, 90) || !inRange(o.lng, -180, 180)) return null;
  if (!optional(o.accuracy, 0, 100_000) || !nullish(o.heading, 0, 360) || !nullish(o.speed, 0, 100)) return null;
  return o as LocationFrame;
}
const HEARTBEAT_MS = 30_000;

export function createSocketServer(deps: SocketServerDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const byChannel = new Map<string, Set<Connection>>();
  const authorizers = new Map<string, ChannelAuthorizer>();
  authorizers.set('user', (user, id) => id === user.id);

  const send = (ws: WebSocket, frame: ServerFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  const join = (conn: Connection, channel: string) => {
    conn.channels.add(channel);
    let set = byChannel.get(channel);
    if (!set) byChannel.set(channel, (set = new Set()));
    set.add(conn);
  };
  const leave = (conn: Connection, channel: string) => {
    conn.channels.delete(channel);
    const set = byChannel.get(channel);
    set?.delete(conn);
    if (set?.size === 0) byChannel.delete(channel);
  };

  const unsubscribeBus = deps.bus.subscribe((message: BusMessage) => {
    const set = byChannel.get(message.channel);
    if (!set) return;
    // Serialize once per event, not once per socket.
    const payload = JSON.stringify({ type: 'event', channel: message.channel, event: message.event, data: message.data } satisfies ServerFrame);
    for (const conn of set) if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(payload);
  });

  async function authorize(user: SocketUser, channel: string) {
    const sep = channel.indexOf(':');
    if (sep <= 0) return false;
    const authorizer = authorizers.get(channel.slice(0, sep));
    return authorizer ? await authorizer(user, channel.slice(sep + 1)) : false;
  }

  function onConnection(ws: WebSocket, user: SocketUser) {
    const conn: Connection = { ws, user, channels: new Set() };
    join(conn, userChannel(user.id));
    ws.on('message', async (raw) => {
      let frame;
      try {
        const json: unknown = JSON.parse(raw.toString());
        frame = fastLocationFrame(json) ?? clientFrameSchema.parse(json);
      } catch {
        return send(ws, { type: 'error', code: 'BAD_REQUEST', message: 'Malformed frame' });
      }
      if (frame.type === 'ping') return send(ws, { type: 'pong' });
      if (frame.type === 'unsubscribe') return leave(conn, frame.channel);
      if (frame.type === 'location') {
        if (!deps.onLocation) return send(ws, { type: 'error', code: 'FORBIDDEN', message: 'Location frames are not accepted here' });
        try {
          const reply = await deps.onLocation(user, frame);
          if (reply) send(ws, reply);
        } catch (err) {
          deps.logger.error({ err }, 'location frame failed');
          send(ws, { type: 'error', code: 'INTERNAL', message: 'Could not take the location' });
        }
        return;
      }
      if (conn.channels.has(frame.channel)) return send(ws, { type: 'subscribed', channel: frame.channel });
      if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return send(ws, { type: 'error', code: 'RATE_LIMITED', message: 'Too many channels' });
      try {
        if (!(await authorize(user, frame.channel))) {
          return send(ws, { type: 'error', code: 'FORBIDDEN', message: `Not allowed to join ${frame.channel}` });
        }
      } catch (err) {
        deps.logger.error({ err, channel: frame.channel }, 'channel authorization failed');
        return send(ws, { type: 'error', code: 'INTERNAL', message: 'Could not join channel' });
      }
      join(conn, frame.channel);
      send(ws, { type: 'subscribed', channel: frame.channel });
    });
    ws.on('close', () => {
      for (const channel of [...conn.channels]) leave(conn, channel);
    });
    ws.on('error', (err) => deps.logger.debug({ err }, 'socket error'));
    send(ws, { type: 'ready', userId: user.id, channels: [...conn.channels] });
  }

  // Drop sockets that stopped answering pings (a phone that lost signal never sends a close frame).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients as Set<LiveSocket>) {
      if (ws.isAlive === false) {
        ws.terminate();
        continue;
      }
      ws.isAlive = false;
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function reject(socket: Duplex, status: number, reason: string) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  /** Wire to the HTTP server's 'upgrade' event. */
  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return reject(socket, 404, 'Not Found');
    // Browsers send cookies on cross-site WebSocket upgrades: refuse foreign origins (CSWSH).
    if (!deps.isAllowedOrigin(req.headers.origin, req.headers.host)) return reject(socket, 403, 'Forbidden');
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
      else if (Array.isArray(value)) headers.set(key, value.join(', '));
    }
    let user: SocketUser | null;
    try {
      user = await deps.authenticate(headers);
    } catch (err) {
      deps.logger.error({ err }, 'socket authentication failed');
      return reject(socket, 500, 'Internal Server Error');
    }
    if (!user) return reject(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws: LiveSocket) => {
      ws.isAlive = true;
      ws.on('pong', () => (ws.isAlive = true));
      onConnection(ws, user);
    });
  }

  return {
    handleUpgrade,
    registerChannel(prefix: string, authorizer: ChannelAuthorizer) {
      authorizers.set(prefix, authorizer);
    },
    connectionCount: () => wss.clients.size,
    async close() {
      clearInterval(heartbeat);
      unsubscribeBus();
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type SocketServer = ReturnType<typeof createSocketServer>;
