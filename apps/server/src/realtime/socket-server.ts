import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { clientFrameSchema, type LocationFrame, type ServerFrame, userChannel } from '@openride/shared/realtime';
import { errorText } from '@openride/shared/error-text';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../lib/logger';
import type { Bus, BusMessage, BusSubscription } from './bus';

export type SocketUser = { id: string };

/**
 * Decides whether a user may join a channel. `user:{id}` is always the user's own; other channel kinds
 * (a ride's room, say) register an authorizer for their prefix, and a bare room (`admins`) for its name (the
 * id is then ''). Unknown kinds are refused.
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
  /** Tests may tighten the abuse limits; the defaults are SOCKET_LIMITS. */
  limits?: Partial<SocketLimits>;
};

/**
 * What one account and one socket may do (decision 0024). A person's app opens a socket per tab and sends
 * a ping or a GPS fix a second; these are far above that and far below a script.
 */
export const SOCKET_LIMITS = {
  /** Open sockets per account, in this process: the next upgrade is closed with TOO_MANY_SOCKETS. */
  socketsPerUser: 10,
  /** Frames per second per socket (a token bucket); beyond it frames are dropped unread. */
  framesPerSecond: 20,
  /** The bucket's size: a burst a client may send at once (a reconnect re-subscribing, say). */
  frameBurst: 40,
  /** Frames dropped in a row (no frame accepted in between) before the socket is closed as a flood. */
  floodDrops: 100,
  /** After a flood, the same session's upgrades are refused (429, before any lookup) for this long. */
  floodCooldownMs: 10_000,
  /** Channel checks (each a database query) per second per socket, and their burst; cached answers are free. */
  subscribeChecksPerSecond: 2,
  subscribeCheckBurst: 20,
  /** How long a (user, channel) answer is reused: a denial briefly, so a newly assigned driver gets in. */
  allowCacheMs: 5_000,
  denyCacheMs: 2_000,
};
export type SocketLimits = typeof SOCKET_LIMITS;

/** The close code of a socket refused or closed for going over a limit (4000-4999: the application's own). */
export const CLOSE_TOO_MANY = 4429;

/** A token bucket: `rate` tokens a second up to `burst`; take() says whether one was there. */
function tokenBucket(rate: number, burst: number) {
  let tokens = burst;
  let last = performance.now();
  return {
    take() {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

const CHANNEL_CACHE_MAX = 10_000;

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
  const limits = { ...SOCKET_LIMITS, ...deps.limits };
  const socketsOf = new Map<string, number>();
  // (user, channel) → the authorizer's answer, for a short while: the same subscribe sent again (a script's
  // loop, or every tab reconnecting) is answered without a database query. Oldest entries go first.
  const answers = new Map<string, { allowed: boolean; until: number }>();
  // Cookie headers of sockets closed for flooding → until when their upgrades are refused. Keyed by the
  // cookie (not the user) so the refusal costs no session lookup: a flooder reconnecting in a loop would
  // otherwise cost a database query per attempt.
  const flooders = new Map<string, number>();
  // Checks under way: the same subscribe sent again before the first answer shares that answer.
  const checking = new Map<string, Promise<boolean>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const authorizers = new Map<string, ChannelAuthorizer>();
  authorizers.set('user', (user, id) => id === user.id);

  const send = (ws: WebSocket, frame: ServerFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  // Each room this process has sockets in: those sockets, and the bus subscription that brings the room's
  // events here. The first socket to join subscribes the process to the room, the last to leave
  // unsubscribes it (decision 0029): a process hears only its own sockets' rooms.
  const byChannel = new Map<string, { conns: Set<Connection>; bus: BusSubscription }>();
  const deliver = (message: BusMessage) => {
    const room = byChannel.get(message.channel);
    if (!room) return;
    // Serialize once per event, not once per socket.
    const payload = JSON.stringify({ type: 'event', channel: message.channel, event: message.event, data: message.data } satisfies ServerFrame);
    for (const conn of room.conns) if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(payload);
  };

  /** Resolves once the room's events reach this socket: only then is the client told it has joined. */
  const join = (conn: Connection, channel: string): Promise<void> => {
    conn.channels.add(channel);
    let room = byChannel.get(channel);
    if (!room) byChannel.set(channel, (room = { conns: new Set(), bus: deps.bus.subscribe(channel, deliver) }));
    room.conns.add(conn);
    return room.bus.ready.catch((err: unknown) => {
      // The bus reports it too; the client is answered all the same (events may be late, as on any outage).
      deps.logger.error({ err, channel }, 'could not subscribe to a room on the bus');
    });
  };
  const leave = (conn: Connection, channel: string) => {
    conn.channels.delete(channel);
    const room = byChannel.get(channel);
    if (!room?.conns.delete(conn)) return;
    if (room.conns.size === 0) {
      byChannel.delete(channel);
      room.bus.unsubscribe();
    }
  };

  /** The cached answer, or undefined when the authorizer must be asked. */
  function cachedAnswer(user: SocketUser, channel: string) {
    const key = `${user.id}\n${channel}`;
    const hit = answers.get(key);
    if (!hit) return undefined;
    if (hit.until > performance.now()) return hit.allowed;
    answers.delete(key);
    return undefined;
  }
  function remember(user: SocketUser, channel: string, allowed: boolean) {
    if (answers.size >= CHANNEL_CACHE_MAX) answers.delete(answers.keys().next().value!);
    answers.set(`${user.id}\n${channel}`, { allowed, until: performance.now() + (allowed ? limits.allowCacheMs : limits.denyCacheMs) });
  }

  async function authorize(user: SocketUser, channel: string) {
    const sep = channel.indexOf(':');
    if (sep === 0) return false;
    // A bare name ('admins') is a room of its own kind with no id; 'kind:id' otherwise.
    const authorizer = authorizers.get(sep < 0 ? channel : channel.slice(0, sep));
    return authorizer ? await authorizer(user, sep < 0 ? '' : channel.slice(sep + 1)) : false;
  }

  function onConnection(ws: WebSocket, user: SocketUser, cookie: string | undefined) {
    const conn: Connection = { ws, user, channels: new Set() };
    const joined = join(conn, userChannel(user.id));
    const frames = tokenBucket(limits.framesPerSecond, limits.frameBurst);
    const checks = tokenBucket(limits.subscribeChecksPerSecond, limits.subscribeCheckBurst);
    let dropped = 0;
    ws.on('message', async (raw) => {
      // Counted before anything is read: a flood costs a comparison per frame, not a parse or a query.
      if (!frames.take()) {
        // Told once per run of drops; a socket that keeps flooding regardless is closed.
        if (dropped++ === 0) send(ws, { type: 'error', code: 'TOO_MANY_FRAMES', message: errorText('TOO_MANY_FRAMES') });
        if (dropped === limits.floodDrops) {
          // Closed, and no longer read: the frames still on their way would each cost a parse in `ws`.
          ws.close(CLOSE_TOO_MANY, 'TOO_MANY_FRAMES');
          ws.pause();
          setTimeout(() => ws.terminate(), 1000).unref();
          if (cookie) {
            if (flooders.size >= CHANNEL_CACHE_MAX) flooders.delete(flooders.keys().next().value!);
            flooders.set(cookie, performance.now() + limits.floodCooldownMs);
          }
        }
        return;
      }
      dropped = 0;
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
      if (conn.channels.has(frame.channel)) {
        // Asked again, perhaps while the first join is still subscribing the room: answered once it has.
        await byChannel.get(frame.channel)?.bus.ready.catch(() => {});
        return send(ws, { type: 'subscribed', channel: frame.channel });
      }
      if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return send(ws, { type: 'error', code: 'RATE_LIMITED', message: 'Too many channels' });
      try {
        let allowed = cachedAnswer(user, frame.channel);
        const key = `${user.id}\n${frame.channel}`;
        const underWay = checking.get(key);
        if (allowed === undefined && underWay) allowed = await underWay;
        if (allowed === undefined) {
          if (!checks.take()) return send(ws, { type: 'error', code: 'TOO_MANY_SUBSCRIBES', message: errorText('TOO_MANY_SUBSCRIBES') });
          const check = authorize(user, frame.channel);
          checking.set(key, check);
          try {
            allowed = await check;
          } finally {
            checking.delete(key);
          }
          remember(user, frame.channel, allowed);
        }
        if (!allowed) {
          return send(ws, { type: 'error', code: 'FORBIDDEN', message: `Not allowed to join ${frame.channel}` });
        }
        if (ws.readyState !== WebSocket.OPEN) return;
      } catch (err) {
        deps.logger.error({ err, channel: frame.channel }, 'channel authorization failed');
        return send(ws, { type: 'error', code: 'INTERNAL', message: 'Could not join channel' });
      }
      await join(conn, frame.channel);
      send(ws, { type: 'subscribed', channel: frame.channel });
    });
    ws.on('close', () => {
      for (const channel of [...conn.channels]) leave(conn, channel);
    });
    ws.on('error', (err) => deps.logger.debug({ err }, 'socket error'));
    void joined.then(() => send(ws, { type: 'ready', userId: user.id, channels: [userChannel(user.id)] }));
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
    const cookie = req.headers.cookie;
    const cooldown = cookie ? flooders.get(cookie) : undefined;
    if (cooldown !== undefined) {
      if (cooldown > performance.now()) return reject(socket, 429, 'Too Many Requests');
      flooders.delete(cookie!);
    }
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
    const open = socketsOf.get(user.id) ?? 0;
    if (open >= limits.socketsPerUser) {
      // Upgraded, then closed with a code and reason: a browser cannot read a refused upgrade's status.
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(CLOSE_TOO_MANY, 'TOO_MANY_SOCKETS'));
    }
    // Counted at once (not when the upgrade completes), so upgrades sent together cannot all pass.
    socketsOf.set(user.id, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (socketsOf.get(user.id) ?? 1) - 1;
      if (n > 0) socketsOf.set(user.id, n);
      else socketsOf.delete(user.id);
    };
    // An upgrade that fails never becomes a WebSocket: its socket's close gives the slot back.
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws: LiveSocket) => {
      ws.once('close', release);
      ws.isAlive = true;
      ws.on('pong', () => (ws.isAlive = true));
      onConnection(ws, user, cookie);
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
      for (const room of byChannel.values()) room.bus.unsubscribe();
      byChannel.clear();
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type SocketServer = ReturnType<typeof createSocketServer>;
