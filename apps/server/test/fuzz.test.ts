import { API_ROUTES } from '@openride/shared/api';
import { betterAuthPassThrough } from '@openride/shared/auth/schemas';
import type { RouteContract } from '@openride/shared/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, FERRY_BUILDING, newUser } from './ride-actors';
import { openSocket } from './socket-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * Issue 11, finding 5: malformed input is the caller's fault, never a 500. Every route of the contract
 * (packages/shared/src/api.ts) and better-auth's pass-through endpoints get hostile paths, queries and bodies
 * built from their own schemas, from a rider, a driver, an admin and a visitor; every socket frame kind gets
 * hostile frames. Nothing may answer ≥ 500 and nothing may change: every hostile body carries at least one
 * value no field of any schema accepts (a NUL inside text, a number where text goes, text where a number goes).
 */
const REQUESTS = 10_000;
const SOCKET_FRAMES = 2_000;
const CONCURRENCY = 16;

/** A deterministic generator, so a failure can be replayed (the seed is printed). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UUID = '00000000-0000-4000-8000-000000000000';
/** Text no field accepts: each holds a control character (or is far too long). */
const BAD_TEXT = ['\u0000', 'a\u0000b', 'ride\u0000label', '\u0001\u0002', 'x'.repeat(70_000).slice(0, 6000) + '\u0000', '\u001b[31m', `${UUID}\u0000`];
/** Values of the wrong type for most fields (and invalid for the rest, combined with one BAD_TEXT). */
const BAD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'true',
  'null',
  '-1',
  '1e400',
  'x'.repeat(5000),
  [],
  [null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  '../../etc/passwd',
  "' OR 1=1 --",
  '9999-99-99T99:99:99Z',
  '275760-09-13T00:00:00.000Z',
  UUID.slice(1),
  `${UUID}x`,
  '-'.repeat(36),
];
/** Path segments that name nothing, or cannot be a name. */
const BAD_SEGMENTS = [
  'not-a-uuid',
  '%00',
  'a%00b',
  UUID.replace(/0/g, 'z'),
  '-'.repeat(36),
  '1',
  '%E0%A4%A',
  '..%2F..%2F',
  'x'.repeat(300),
  '%FF',
  UUID,
  `${UUID}%00`,
];
/** Raw bodies that are not the JSON object a route takes. */
const BAD_RAW = ['', '{', '{"a":', 'null', '[]', '"x"', '1e400', '{"a":"\\u0000"}', '\u0000', '{"__proto__":{"x":1}}', `{"a":${'['.repeat(5000)}}`, 'NaN'];
/** Query values for list routes: cursors, limits, dates, sorts. */
const BAD_QUERY = [
  '%00',
  'a%00',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '9999-99-99',
  '0000-00-00',
  '-271821-04-19',
  '275760-09-13T00:00:00Z',
  'x'.repeat(3000),
  Buffer.from('2024-01-01T00:00:00.000Z|' + '-'.repeat(36)).toString('base64url'),
  Buffer.from('+275760-09-13T00:00:00.000Z|' + UUID).toString('base64url'),
  Buffer.from(JSON.stringify({ s: 'created_at', d: 'desc', v: '2024-13-45T25:61:61.000000Z', i: UUID })).toString('base64url'),
  Buffer.from(JSON.stringify({ s: 'created_at', d: 'desc', v: '0000-01-01T00:00:00.000000Z', i: UUID })).toString('base64url'),
  Buffer.from(JSON.stringify({ s: 'name', d: 'asc', v: 'a\u0000', i: 'b' })).toString('base64url'),
];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** The keys a body schema knows (objects, unions of objects, discriminated unions). */
function keysOf(schema: z.ZodType | undefined): string[][] {
  if (!schema) return [[]];
  if (schema instanceof z.ZodObject) return [Object.keys(schema.shape)];
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) return (schema.options as z.ZodType[]).flatMap(keysOf);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  return [[]];
}

/** A hostile body for a schema: its own keys (so it is not stripped as unknown), at least one value no schema takes. */
function hostileBody(r: () => number, schema: z.ZodType | undefined): string {
  if (r() < 0.15) {
    const raw = pick(r, BAD_RAW);
    // A blank body is how a client signs out (better-auth reads it as `{}`): valid there, so not hostile.
    return raw === '' && schema?.safeParse({}).success ? '{"unexpected":"\\u0000"}' : raw;
  }
  const keys = pick(r, keysOf(schema));
  const body: Record<string, unknown> = {};
  for (const key of keys) if (r() < 0.6) body[key] = r() < 0.5 ? pick(r, BAD_VALUES) : pick(r, BAD_TEXT);
  // The one value that makes the whole body invalid whatever else happened to pass.
  const poisoned = keys.length ? pick(r, keys) : 'unexpected';
  body[poisoned] = r() < 0.5 ? pick(r, BAD_TEXT) : r() < 0.5 ? { nested: pick(r, BAD_TEXT) } : [pick(r, BAD_TEXT)];
  return JSON.stringify(body);
}

function hostilePath(r: () => number, path: string) {
  return path.replace(/:[A-Za-z0-9_]+/g, () => pick(r, BAD_SEGMENTS));
}

function hostileQuery(r: () => number, route: RouteContract) {
  const keys = route.request?.query instanceof z.ZodObject ? Object.keys(route.request.query.shape) : ['cursor', 'limit'];
  const params = keys.filter(() => r() < 0.7).map((k) => `${encodeURIComponent(k)}=${pick(r, BAD_QUERY)}`);
  return params.length ? `?${params.join('&')}` : `?${keys[0] ?? 'q'}=%00`;
}

/** better-auth's pass-through endpoints and a few it closed, with the bodies the issue reproduced. */
const AUTH_ROUTES: RouteContract[] = [
  ...Object.entries(betterAuthPassThrough).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [RouteContract['method'], string];
    return {
      method,
      path,
      tag: 'auth',
      summary: '',
      auth: 'public',
      request: 'body' in spec ? { body: spec.body } : {},
      responses: {},
    } satisfies RouteContract;
  }),
  ...[
    'update-user',
    'change-email',
    'change-password',
    'delete-user',
    'list-sessions',
    'revoke-session',
    'sign-in/email',
    'sign-up/email',
    'verify-email',
    'send-verification-email',
  ].map(
    (p) =>
      ({
        method: 'POST',
        path: `/api/auth/${p}`,
        tag: 'auth',
        summary: '',
        auth: 'public',
        request: {
          body: z.object({ name: z.string(), email: z.string(), token: z.string(), password: z.string(), newPassword: z.string(), image: z.string() }),
        },
        responses: {},
      }) satisfies RouteContract,
  ),
];

/** Rows of every table a request could change (the supply sampler's own timer is left out). */
const COUNTED = [
  'user',
  'session',
  'account',
  'verification',
  'user_roles',
  'profiles',
  'notifications',
  'drivers',
  'app_settings',
  'dev_outbox',
  'phone_otps',
  'push_subscriptions',
  'cities',
  'fare_policies',
  'rides',
  'ride_offers',
  'ride_messages',
  'ride_ratings',
  'audit_log',
  'staff_members',
  'staff_invitations',
  'staff_two_factor',
] as const;

describe('malformed input (issue 11, finding 5)', () => {
  let server: TestServer;
  let rider: TestClient;
  let admin: TestClient;
  let rideId: string;

  beforeAll(async () => {
    server = await startTestServer(ADMIN_ENV);
    admin = await adminOf(server);
    rider = (await newUser(server)).client;
    const ride = await rider.post('/api/rides', {
      pickup: FERRY_BUILDING,
      destination: { lat: 37.788, lng: -122.4075, label: 'Union Square' },
      ride_type: 'economy',
      payment_method: 'cash',
    });
    expect(ride.status).toBe(201);
    rideId = ride.body.ride.id;
    // Cancelled at once: dispatch giving up later would change the ride and notify while the fuzz runs.
    expect((await rider.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Every row count and every user's name and every ride's label: what a hostile request must not change. */
  async function snapshot() {
    const db = server.services.db;
    const counts: Record<string, number> = {};
    for (const table of COUNTED) counts[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    const names = await db.selectFrom('user').select(['id', 'name', 'email']).orderBy('id').execute();
    const profiles = await db.selectFrom('profiles').select(['id', 'full_name', 'phone', 'push_token']).orderBy('id').execute();
    const rides = await db.selectFrom('rides').select(['id', 'status']).orderBy('id').execute();
    const unread = await db.selectFrom('notifications').select(['id', 'is_read']).orderBy('id').execute();
    return { counts, names, profiles, rides, unread };
  }

  it(`answers ${REQUESTS} malformed requests across every route with a 4xx, and changes nothing`, { timeout: 180_000 }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const r = rng(seed);
    const routes = [...API_ROUTES, ...AUTH_ROUTES];
    const callers = [rider, admin, null];
    const before = await snapshot();
    const statuses = new Map<number, number>();
    const failures: string[] = [];

    let sent = 0;
    const one = async () => {
      const route = routes[sent % routes.length]!;
      const caller = pick(r, callers);
      sent++;
      const path = route.path.includes(':') ? hostilePath(r, route.path) : route.path;
      const headers: Record<string, string> = { origin: server.url };
      if (caller) headers.cookie = caller.cookieHeader;
      let body: string | undefined;
      let query = '';
      if (route.method === 'GET') query = hostileQuery(r, route);
      else {
        body = hostileBody(r, route.request?.body);
        headers['content-type'] =
          r() < 0.95 ? 'application/json' : pick(r, ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=\u0000']);
      }
      let status: number;
      try {
        const res = await fetch(`${server.url}${path}${query}`, { method: route.method, headers, body, redirect: 'manual' });
        status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        // fetch itself refuses some header values (a NUL): the request never left, nothing to count.
        if (err instanceof TypeError && /header/i.test(String(err.message))) {
          sent--;
          return;
        }
        throw err;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500 || (status >= 200 && status < 300 && route.method !== 'GET' && !route.path.startsWith('/api/auth/'))) {
        failures.push(`${status} ${route.method} ${path}${query} ${body?.slice(0, 200) ?? ''}`);
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) await one();
    });
    await Promise.all(workers);

    const count = (lo: number, hi: number) => [...statuses].filter(([s]) => s >= lo && s < hi).reduce((n, [, c]) => n + c, 0);
    console.info(
      `fuzz (seed ${seed}): ${sent} requests, ${count(400, 500)} 4xx, ${count(500, 600)} 5xx, ${count(200, 400)} 2xx/3xx (GET routes and better-auth's reset link), statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(count(500, 600)).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(await snapshot()).toEqual(before);
    // The server still serves its users.
    expect((await rider.get(`/api/rides/${rideId}`)).status).toBe(200);
  });

  it(`answers ${SOCKET_FRAMES} malformed socket frames of every kind with error frames, never a fault`, async () => {
    const socket = await openSocket(rider, server.url);
    const r = rng(7);
    const kinds = ['subscribe', 'unsubscribe', 'ping', 'location', 'unknown', undefined];
    const raw: string[] = [];
    for (let i = 0; i < SOCKET_FRAMES; i++) {
      if (i % 10 === 0) {
        raw.push(pick(r, BAD_RAW));
        continue;
      }
      const frame: Record<string, unknown> = { type: pick(r, kinds) };
      if (r() < 0.7) frame.channel = r() < 0.5 ? pick(r, BAD_TEXT) : `ride:${pick(r, [...BAD_SEGMENTS, '\u0000', `${rideId}\u0000`])}`;
      if (r() < 0.5) frame.lat = pick(r, BAD_VALUES);
      if (r() < 0.5) frame.lng = pick(r, BAD_VALUES);
      if (r() < 0.3) frame.accuracy = pick(r, BAD_VALUES);
      raw.push(JSON.stringify(frame));
    }
    for (const frame of raw) socket.ws.send(frame);
    socket.send({ type: 'ping' });
    await socket.next((f) => f.type === 'pong', 20_000);
    const errors = socket.frames.filter((f) => f.type === 'error') as { code: string }[];
    console.info(`fuzz socket: ${raw.length} frames, ${errors.length} error frames, codes ${JSON.stringify([...new Set(errors.map((e) => e.code))])}`);
    expect(errors.filter((e) => e.code === 'INTERNAL')).toEqual([]);
    expect(socket.frames.filter((f) => f.type === 'subscribed' && f.channel.startsWith('ride:'))).toEqual([]);
    socket.close();
  });

  it('treats a tampered session snapshot cookie as signed out: 401, never 500', async () => {
    const data = [...rider.cookies.keys()].find((k) => k.endsWith('session_data'));
    const token = [...rider.cookies.keys()].find((k) => k.endsWith('session_token'));
    expect(data && token).toBeTruthy();
    const value = rider.cookies.get(data!)!;
    for (const tampered of [
      'x',
      `${value.slice(0, -4)}AAAA`,
      Buffer.from('{"session":null,"expiresAt":1e400}').toString('base64url'),
      Buffer.from('{"session":{"session":{},"user":{}},"expiresAt":9999999999999,"signature":"x"}').toString('base64url'),
      '%00',
      '%E0%A4%A',
    ]) {
      const cookie = `${token}=${rider.cookies.get(token!)}; ${data}=${tampered}`;
      const forged = `${token}=forged.${tampered}; ${data}=${tampered}`;
      for (const [jar, expected] of [
        [cookie, [200, 401]],
        [forged, [401]],
      ] as const) {
        for (const path of ['/api/me', '/api/notifications', '/api/rides/active']) {
          const res = await fetch(`${server.url}${path}`, { headers: { cookie: jar } });
          expect([path, expected.includes(res.status as never)]).toEqual([path, true]);
        }
        const probe = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: jar } });
        expect(probe.status).toBeLessThan(500);
      }
    }
  });

  it('closes the better-auth endpoints the app does not call: update-user cannot store a name', async () => {
    for (const name of [null, true, 42, { a: 1 }, 'Mallory\u0000', 'Mallory']) {
      const res = await rider.request('/api/auth/update-user', { method: 'POST', json: { name } });
      expect(res.status).toBe(404);
    }
    expect((await rider.get('/api/me')).body.user.name).toBe('Riley Rider');
    expect((await rider.request('/api/auth/list-sessions')).status).toBe(404);
    // …and the ones it does call refuse what they do not take.
    expect((await rider.post('/api/auth/request-password-reset', { email: 'a\u0000@example.test' })).status).toBe(400);
    expect((await rider.post('/api/auth/reset-password', { newPassword: 'Brand-New-Pass9', token: 'x\u0000' })).status).toBe(400);
    expect((await rider.request('/api/auth/reset-password/abc%00?callbackURL=/auth')).status).toBe(400);
  });

  it('refuses a notification id that is not a uuid, text with a NUL, and a malformed history cursor with 400', async () => {
    expect((await rider.patch('/api/notifications', { id: 'not-a-uuid', is_read: true })).status).toBe(400);
    expect((await rider.post(`/api/rides/${rideId}/messages`, { body: 'hi\u0000' })).status).toBe(400);
    expect((await rider.request('/api/profiles/me', { method: 'PATCH', json: { full_name: 'A\u0000' } })).status).toBeLessThan(500);
    const badId = Buffer.from(`2024-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url');
    const badDate = Buffer.from(`+275760-09-13T00:00:00.000Z|${UUID}`).toString('base64url');
    for (const cursor of [badId, badDate]) expect((await rider.get(`/api/rides?cursor=${cursor}`)).status).toBe(400);
    expect((await rider.get('/api/share/abc%00def')).status).toBe(400);
    expect((await rider.get('/api/pricing/sf%00')).status).toBe(400);
  });
});
