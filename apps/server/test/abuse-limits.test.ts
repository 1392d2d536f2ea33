import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { errorText } from '@openride/shared/error-text';
import type { ServerFrame } from '@openride/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_TOO_MANY, SOCKET_LIMITS } from '../src/realtime/socket-server';
import { USAGE_LIMITS } from '../src/lib/rate-limit';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, GOLDEN_GATE_PARK, newUser, nextOffer, onlineDriver, serveTheWholeBay } from './ride-actors';
import { openSocket } from './socket-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * Issue 11, finding 4 (decision 0024): one user cannot flood chat, book and cancel in a loop, open
 * sockets without end or swamp a socket with frames, and one abusive socket does not slow anyone else.
 * Each limit is tried from the abuser's side. Booking and a driver's cancels are tightened here (3 and
 * 2) to reach them in a few rides; chat and sockets run with their real limits.
 */
const REQUESTS = 3;
const CANCELS = 2;

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, {
    dispatch: { offerTimeoutMs: 5000, tickMs: 200 },
    usageLimits: { rideRequestPerUser: { points: REQUESTS, duration: 600 }, cancelPerUser: { points: CANCELS, duration: 600 } },
  });
  await serveTheWholeBay(server);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const area = (k: number) => ({ lat: 37.62 + k * 0.06, lng: -122.43, label: `Area ${k}` });
const book = (rider: TestClient, pickup = area(3)) =>
  rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });

/** A raw socket of `client`'s user: resolves with the frames it got and how it was closed, or on 'ready'. */
function rawSocket(client: TestClient) {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + '/ws', { headers: { cookie: client.cookieHeader, origin: client.baseUrl } });
  const frames: ServerFrame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as ServerFrame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('error', () => undefined);
  return { ws, frames, closed };
}

describe('chat', () => {
  it('takes 20 messages a minute from one user on one ride, refuses the rest with TOO_MANY_MESSAGES, and pages the history newest first', async () => {
    const pickup = area(0);
    const driver = await onlineDriver(server, admin, pickup);
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

    // A burst, all at once: the count is atomic, so exactly the limit gets through.
    const burst = await Promise.all(Array.from({ length: 26 }, (_, i) => rider.client.post(`/api/rides/${ride.id}/messages`, { body: `rider ${i}` })));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(USAGE_LIMITS.chatPerUserRide.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26 - USAGE_LIMITS.chatPerUserRide.points);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body.error).toEqual({ code: 'TOO_MANY_MESSAGES', message: errorText('TOO_MANY_MESSAGES') });
    expect(refused.body.error.message).toMatch(/too fast/);

    // The other party's count is their own.
    for (let i = 0; i < 20; i++) expect((await driver.client.post(`/api/rides/${ride.id}/messages`, { body: `driver ${i}` })).status).toBe(201);
    expect((await driver.client.post(`/api/rides/${ride.id}/messages`, { body: 'one more' })).body.error.code).toBe('TOO_MANY_MESSAGES');

    // History: the newest page first (oldest first within it), then older pages through `before`.
    const all = [...Array.from({ length: 20 }, (_, i) => i)].length + 20;
    const newest = await rider.client.get(`/api/rides/${ride.id}/messages?limit=15`);
    expect(newest.status).toBe(200);
    expect(newest.body.has_older).toBe(true);
    expect(newest.body.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 15 }, (_, i) => `driver ${i + 5}`));
    const seen: string[] = newest.body.messages.map((m: { id: string }) => m.id);
    let page = newest.body;
    while (page.has_older) {
      page = (await rider.client.get(`/api/rides/${ride.id}/messages?limit=15&before=${page.messages[0].id}`)).body;
      seen.unshift(...page.messages.map((m: { id: string }) => m.id));
    }
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    // The default page holds the newest 100: here all 40, ending with the driver's last.
    const whole = (await driver.client.get(`/api/rides/${ride.id}/messages`)).body;
    expect(whole.has_older).toBe(false);
    expect(whole.messages.map((m: { id: string }) => m.id)).toEqual(seen);
    expect(whole.messages.at(-1).body).toBe('driver 19');
    // A cursor that is not a message of this chat is a bad request, not a server error.
    expect((await rider.client.get(`/api/rides/${ride.id}/messages?before=${randomUUID()}`)).status).toBe(400);
    expect((await rider.client.get(`/api/rides/${ride.id}/messages?before=nope`)).status).toBe(400);
    driver.socket.close();
  });
});

describe('booking and cancelling', () => {
  it('refuses a rider who books and cancels in a loop with TOO_MANY_RIDE_REQUESTS; refused bookings do not count', async () => {
    const rider = await newUser(server);
    // Outside every city: refused by a rule, so not charged.
    for (let i = 0; i < REQUESTS + 1; i++) expect((await book(rider.client, { lat: 0, lng: 0, label: 'Sea' })).body.error.code).toBe('OUTSIDE_SERVICE_AREA');
    // Booked while one is active: refused, not charged either.
    const first = await book(rider.client);
    expect(first.status).toBe(201);
    expect((await book(rider.client)).body.error.code).toBe('ACTIVE_RIDE_EXISTS');
    expect((await rider.client.post(`/api/rides/${first.body.ride.id}/cancel`, {})).status).toBe(200);
    for (let i = 1; i < REQUESTS; i++) {
      const booked = await book(rider.client);
      expect(booked.status).toBe(201);
      expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
    }
    const over = await book(rider.client);
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({ code: 'TOO_MANY_RIDE_REQUESTS', message: errorText('TOO_MANY_RIDE_REQUESTS') });
    expect(over.body.error.message).toMatch(/wait a few minutes/);
    expect((await rider.client.get('/api/rides/active')).body.ride).toBeNull();

    // Another rider is not affected.
    const other = await newUser(server);
    const theirs = await book(other.client);
    expect(theirs.status).toBe(201);
    expect((await other.client.post(`/api/rides/${theirs.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('refuses a driver who accepts and cancels in a loop with TOO_MANY_CANCELS; a repeated cancel is free', async () => {
    const pickup = area(1);
    const driver = await onlineDriver(server, admin, pickup);
    const acceptedRide = async () => {
      // Free again after a cancel: its next GPS fix puts it back among the available drivers.
      await driver.locate(pickup);
      const rider = await newUser(server);
      const ride = (await book(rider.client, pickup)).body.ride;
      await nextOffer(driver, ride.id);
      expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
      return { rider, ride };
    };
    for (let i = 0; i < CANCELS; i++) {
      const { rider, ride } = await acceptedRide();
      expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
      expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('cancelled');
      // A repeated cancel changes nothing: its point comes back.
      if (i === 0) expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    }
    const { rider, ride } = await acceptedRide();
    const refused = await driver.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'TOO_MANY_CANCELS', message: errorText('TOO_MANY_CANCELS') });
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('accepted');
    // The rider may still cancel it.
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    driver.socket.close();
  });
});

describe('sockets', () => {
  it(`lets one user hold ${SOCKET_LIMITS.socketsPerUser} sockets; the next is closed with TOO_MANY_SOCKETS until one closes`, async () => {
    const user = await newUser(server);
    const open = await Promise.all(Array.from({ length: SOCKET_LIMITS.socketsPerUser }, () => openSocket(user.client, server.url)));
    const extra = rawSocket(user.client);
    expect(await extra.closed).toEqual({ code: CLOSE_TOO_MANY, reason: 'TOO_MANY_SOCKETS' });
    expect(extra.frames.some((f) => f.type === 'ready')).toBe(false);

    // Another user is not counted with them.
    const other = await newUser(server);
    (await openSocket(other.client, server.url)).close();

    // One closes: its slot is free again once the server has seen the close.
    const gone = new Promise((resolve) => open[0]!.ws.once('close', resolve));
    open[0]!.close();
    await gone;
    let again = rawSocket(user.client);
    for (let tries = 0; tries < 50; tries++) {
      const outcome = await Promise.race([again.closed, new Promise((resolve) => again.ws.once('message', () => resolve('ready')))]);
      if (outcome === 'ready') break;
      again = rawSocket(user.client);
    }
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    again.ws.close();
    for (const s of open.slice(1)) s.close();
  });

  it('drops frames beyond the rate, says so once, and closes a socket that keeps flooding', async () => {
    const user = await newUser(server);
    const socket = await openSocket(user.client, server.url);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    for (let i = 0; i < 100; i++) socket.send({ type: 'ping' });
    await socket.next((f) => f.type === 'error' && f.code === 'TOO_MANY_FRAMES');
    // Keep flooding: closed.
    const ping = JSON.stringify({ type: 'ping' });
    for (let i = 0; i < SOCKET_LIMITS.floodDrops + 100 && socket.ws.readyState === WebSocket.OPEN; i++) socket.ws.send(ping);
    expect(await closed).toEqual({ code: CLOSE_TOO_MANY, reason: 'TOO_MANY_FRAMES' });
    const pongs = socket.frames.filter((f) => f.type === 'pong').length;
    expect(pongs).toBeGreaterThan(0);
    expect(pongs).toBeLessThanOrEqual(SOCKET_LIMITS.frameBurst + 5);
    expect(socket.frames.filter((f) => f.type === 'error' && f.code === 'TOO_MANY_FRAMES')).toEqual([
      { type: 'error', code: 'TOO_MANY_FRAMES', message: errorText('TOO_MANY_FRAMES') },
    ]);
  });

  it('answers a repeated subscribe from its cache and refuses new channel checks beyond their rate with TOO_MANY_SUBSCRIBES', async () => {
    const user = await newUser(server);
    // The same foreign ride, over and over: one check, the rest from the cache (no TOO_MANY_SUBSCRIBES).
    const same = await openSocket(user.client, server.url);
    const channel = `ride:${randomUUID()}`;
    for (let i = 0; i < 30; i++) same.send({ type: 'subscribe', channel });
    await same.next(() => same.frames.filter((f) => f.type === 'error').length === 30, 5000);
    expect(same.frames.filter((f) => f.type === 'error' && f.code === 'FORBIDDEN')).toHaveLength(30);
    same.close();

    // Random rides: each needs a check; past the burst they are refused without one.
    const random = await openSocket(user.client, server.url);
    for (let i = 0; i < 30; i++) random.send({ type: 'subscribe', channel: `ride:${randomUUID()}` });
    await random.next(() => random.frames.filter((f) => f.type === 'error').length === 30, 5000);
    const codes = random.frames.flatMap((f) => (f.type === 'error' ? [f.code] : []));
    expect(codes.filter((c) => c === 'FORBIDDEN').length).toBeGreaterThanOrEqual(SOCKET_LIMITS.subscribeCheckBurst);
    expect(codes.filter((c) => c === 'FORBIDDEN').length).toBeLessThanOrEqual(SOCKET_LIMITS.subscribeCheckBurst + 2);
    expect(codes.filter((c) => c === 'TOO_MANY_SUBSCRIBES').length).toBeGreaterThanOrEqual(30 - SOCKET_LIMITS.subscribeCheckBurst - 2);
    expect(random.frames.find((f) => f.type === 'error' && f.code === 'TOO_MANY_SUBSCRIBES')).toMatchObject({ message: errorText('TOO_MANY_SUBSCRIBES') });
    // Its own ride's room is still a subscribe away once the rate allows.
    random.close();
  });

  it("one abusive user's sockets (thousands of pings and subscribes) do not slow another user's requests", async () => {
    const victim = await newUser(server);
    const abuser = await newUser(server);
    const timeRequests = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        expect((await victim.client.get('/api/notifications')).status).toBe(200);
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
    };
    await timeRequests(10); // warm-up
    const baseline = await timeRequests(40);

    // The abuser, in a thread of its own: every socket they may open, each written pings and subscribes
    // to random rides as fast as the client can, reopened when the server closes it, while the victim measures.
    const worker = new Worker(new URL('./socket-flood-worker.mjs', import.meta.url), {
      workerData: { url: server.url, cookie: abuser.client.cookieHeader, origin: abuser.client.baseUrl, sockets: SOCKET_LIMITS.socketsPerUser },
    });
    const report = new Promise<{ sent: number; closedByServer: number }>((resolve, reject) => {
      worker.on('message', (m: { type: string; sent: number; closedByServer: number }) => m.type === 'done' && resolve(m));
      worker.once('error', reject);
    });
    // The burst is written (25,000 frames on their way to the server) before the victim measures.
    const burst = await new Promise<{ sent: number }>((resolve) => worker.once('message', resolve));
    expect(burst.sent).toBe(25_000);
    const during = await timeRequests(40);
    worker.postMessage('stop');
    const { sent, closedByServer } = await report;
    await worker.terminate();

    expect(sent).toBeGreaterThanOrEqual(25_000);
    expect(closedByServer).toBeGreaterThan(0);
    // Generous, and with a floor under the baseline: the abuser's thread shares the machine's cores with the
    // server (and CI runs other files beside this one), so a 1 ms median doubling says nothing. Unprotected,
    // the victim's requests stalled for seconds (the issue measured 2 ms → 3.5 s; this test timed out).
    expect(during / Math.max(baseline, 5), `median ${baseline.toFixed(1)} ms before, ${during.toFixed(1)} ms during ${sent} frames`).toBeLessThan(10);
  });
});
