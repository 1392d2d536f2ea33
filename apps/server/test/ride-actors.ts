import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { GOOD_PASSWORD, signIn, startTestServer, type TestServer, uniqueEmail, uniquePhone } from './test-server';
import type { Services } from '../src/services';

type Server = { url: string; client(): TestClient };

export const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
export const UNION_SQUARE = { lat: 37.788, lng: -122.4075, label: 'Union Square' };
export const GOLDEN_GATE_PARK = { lat: 37.7694, lng: -122.4862, label: 'Golden Gate Park' };
/** A point `m` metres north of `p` (good enough for tests within a city). */
export const north = (p: { lat: number; lng: number }, m: number) => ({ lat: p.lat + m / 111_195, lng: p.lng });

export const ADMIN_EMAIL = 'dispatch-admin@openride.test';
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD, TRUST_PROXY: '1' };

let addresses = 0;
/** A signed-up user, each from an address of its own (the server must run with TRUST_PROXY=1). */
/** A signed-up rider; `phone` as typed at sign-up (a +34 number is a Spanish rider, decision 0094). */
export async function newUser(server: Server, full_name = 'Riley Rider', phone = uniquePhone()) {
  const client = server.client();
  const res = await client.request('/api/functions/auth-with-rate-limit', {
    method: 'POST',
    json: { action: 'signup', email: uniqueEmail('ride'), password: GOOD_PASSWORD, options: { data: { full_name, phone } } },
    headers: { 'x-forwarded-for': `10.${(process.pid % 200) + 20}.${Math.floor(addresses / 250)}.${addresses++ % 250}` },
  });
  expect(res.status).toBe(200);
  const id = (await client.get('/api/me')).body.user.id as string;
  return { client, id };
}

export async function adminOf(server: Server) {
  const admin = server.client();
  expect((await signIn(admin, ADMIN_EMAIL)).status).toBe(200);
  return admin;
}

/**
 * An approved driver, online, with a socket open, at `at`. `locate(p)` sends a GPS frame (spaced to respect
 * the server's one-frame-a-second rule).
 */
/** A new user who applies to drive and whom the admin approves (not yet available). */
export async function approvedDriverOf(server: Server, admin: TestClient, name = 'Dana Driver', plate = `7ABC${String(addresses).padStart(3, '0')}`) {
  const { client, id } = await newUser(server, name);
  const applied = await client.post('/api/drivers', {
    full_name: name,
    phone: uniquePhone(),
    license_number: 'D1234567',
    vehicle_make: 'Toyota',
    vehicle_model: 'Prius',
    vehicle_year: 2021,
    vehicle_color: 'Blue',
    license_plate: plate,
    // The demo city, named: suites that serve a second city still apply here (decision 0074).
    city_id: 'sf',
  });
  expect(applied.status).toBe(201);
  const driverId = applied.body.driver.id as string;
  expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
  return { client, id, driverId };
}

/**
 * The application's car (a 2021 Prius, 4 seats: Economy and Comfort under the default rules, decision 0046)
 * with `seats` instead: edited through /vehicles, which sends it back to verification, and verified again.
 */
export async function giveSeats(client: TestClient, admin: TestClient, seats: number) {
  const active = ((await client.get('/api/vehicles')).body.vehicles as Array<Record<string, unknown> & { id: string; active: boolean }>).find((v) => v.active)!;
  const { make, model, year, color, license_plate } = active;
  expect((await client.patch(`/api/vehicles/${active.id}`, { make, model, year, color, license_plate, seats })).status).toBe(200);
  expect((await admin.post(`/api/admin/vehicles/${active.id}/review`, { status: 'verified' })).status).toBe(200);
}

export async function onlineDriver(server: Server, admin: TestClient, at: { lat: number; lng: number }, name = 'Dana Driver', opts: { seats?: number } = {}) {
  const { client, id, driverId } = await approvedDriverOf(server, admin, name);
  // An XL ride needs a car with 6+ seats.
  if (opts.seats) await giveSeats(client, admin, opts.seats);
  expect((await client.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(client, server.url);
  let lastSent = 0;
  const locate = async (p: { lat: number; lng: number }, accuracy = 10) => {
    const wait = lastSent + 1100 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastSent = Date.now();
    socket.send({ type: 'location', lat: p.lat, lng: p.lng, accuracy });
  };
  await locate(at);
  return { client, id, driverId, socket, locate };
}
export type OnlineDriver = Awaited<ReturnType<typeof onlineDriver>>;

/** Waits for a condition the server reaches on its own (dispatch ticks, bus delivery). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 8000, stepMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

type OfferFrame = {
  type: 'event';
  event: string;
  data: { offer: { id: string; ride_id: string; expires_at: string; pickup_eta_s: number; fare_cents: number } };
};
export const nextOffer = (driver: OnlineDriver, rideId: string, timeoutMs = 8000) =>
  driver.socket
    .next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as OfferFrame['data']).offer.ride_id === rideId, timeoutMs)
    .then((f) => (f as unknown as OfferFrame).data.offer);

/**
 * Serve a wide box of the Bay Area as one more service area of the demo city, for suites that spread their
 * rides and drivers kilometres apart (`area(k)`, 6–7 km steps, some in the bay) so dispatch never mixes
 * them: they were written when a city was a 30 km circle. San Francisco's real service area is a polygon
 * of its land (migration 0009); the zones suite tests that one.
 */
export async function serveTheWholeBay(server: { services: Pick<Services, 'db' | 'zones'> }) {
  const box = [
    [-122.7, 37.5],
    [-122.1, 37.5],
    [-122.1, 38.2],
    [-122.7, 38.2],
    [-122.7, 37.5],
  ];
  await server.services.db
    .insertInto('zones')
    .values({
      city_id: 'sf',
      type: 'service_area',
      name: 'Bay Area (tests)',
      color: '#16a34a',
      priority: -1,
      enabled: true,
      geometry: JSON.stringify({ type: 'Polygon', coordinates: [box] }),
    })
    .execute();
  await server.services.zones.changed();
}

/** Each test books from its own corner of the Bay (≥ 6 km apart: beyond the widest search radius). */
export const bayArea = (k: number) => ({ lat: 37.62 + k * 0.06, lng: -122.43, label: `Area ${k}` });

/**
 * The server of the suites that drive dispatch end to end (dispatch, vehicles): the admin's env, short
 * timers so a test does not wait 15 s per offer (the rules are the same), the whole Bay served, the admin
 * signed in. Pair it with `takeOffline` after each test.
 */
export async function startDispatchServer(): Promise<{ server: TestServer; admin: TestClient }> {
  const server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 2500, idleGraceMs: 1000, tickMs: 200 } });
  await serveTheWholeBay(server);
  return { server, admin: await adminOf(server) };
}

/** A test's drivers go offline afterwards (and leave the list), so they are nobody else's candidates. */
export async function takeOffline(drivers: OnlineDriver[]) {
  for (const d of drivers.splice(0)) {
    d.socket.close();
    await d.client.request(`/api/drivers/${d.driverId}`, { method: 'PATCH', json: { status: 'offline' } });
  }
}
