import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, eventually, GOLDEN_GATE_PARK, newUser, north } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';

/**
 * A phone whose WebSocket is down or refused still works: a driver shares their position over HTTP and
 * polls for offers; the rider polls the ride. This file opens no socket at all.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 5000, idleGraceMs: 1000, tickMs: 200 } });
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

// Inside the seeded city's service area (this file has a server of its own).
const PICKUP = { lat: 37.74, lng: -122.43, label: 'Fallback corner' };

async function approvedDriver(name: string) {
  const { client, id } = await newUser(server, name);
  const applied = await client.post('/api/drivers', {
    full_name: name,
    phone: uniquePhone(),
    license_number: 'D7654321',
    vehicle_make: 'Toyota',
    vehicle_model: 'Prius',
    vehicle_year: 2022,
    vehicle_color: 'White',
    license_plate: `8FB${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
  });
  expect(applied.status).toBe(201);
  const driverId = applied.body.driver.id as string;
  expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
  return { client, id, driverId };
}

let lastSent = 0;
/** POSTs a fix, spaced like the app does (the server takes one a second per driver). */
async function locate(client: TestClient, p: { lat: number; lng: number }, accuracy = 8) {
  const wait = lastSent + 1100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  lastSent = Date.now();
  return client.post('/api/drivers/me/location', { lat: p.lat, lng: p.lng, accuracy, heading: null, speed: null });
}

describe('POST /api/drivers/me/location (the socket-down fallback)', () => {
  it('refuses a visitor, a rider, an offline driver, bad coordinates and imprecise fixes, and changes nothing', async () => {
    const visitor = server.client();
    expect((await visitor.post('/api/drivers/me/location', { lat: 37.74, lng: -122.43, accuracy: 5 })).status).toBe(401);

    const rider = await newUser(server, 'Rita Rider');
    const asRider = await rider.client.post('/api/drivers/me/location', { lat: 37.74, lng: -122.43, accuracy: 5 });
    expect(asRider.status).toBe(403);
    expect(asRider.body.error.message).toBe('Only drivers share their location');

    const driver = await approvedDriver('Olive Offline');
    // An offline driver's fix is received, not taken (going online races the first fixes: not an error).
    const offline = await locate(driver.client, PICKUP);
    expect(offline.status).toBe(202);
    expect(offline.body).toEqual({ taken: false, reason: 'Go online to share your location' });

    expect((await driver.client.post('/api/drivers/me/location', { lat: 95, lng: -122.43, accuracy: 5 })).status).toBe(400);
    expect((await driver.client.post('/api/drivers/me/location', { lat: 'north', lng: -122.43 })).status).toBe(400);
    expect((await driver.client.post('/api/drivers/me/location', { lat: 37.74, lng: -122.43, accuracy: 500 })).body.error.message).toBe(
      'Location accuracy must be 200 m or better',
    );

    // Nothing of that put the driver anywhere: a quote there finds nobody near.
    const quote = await rider.client.post('/api/rides/quote', { pickup: PICKUP, destination: GOLDEN_GATE_PARK });
    expect(quote.body.options[0].pickup_eta_s ?? null).toBeNull();
  });

  it('carries a whole ride with no socket: fixes over HTTP, the offer and the ride polled, PIN, completion', async () => {
    const driver = await approvedDriver('Paula Poller');
    expect((await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
    expect((await locate(driver.client, north(PICKUP, 300))).status).toBe(204);

    const rider = await newUser(server, 'Ravi Rider');
    const quote = await rider.client.post('/api/rides/quote', { pickup: PICKUP, destination: GOLDEN_GATE_PARK });
    expect(quote.body.options[0].pickup_eta_s).toBeGreaterThan(0);
    const booked = await rider.client.post('/api/rides', { pickup: PICKUP, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;

    // The driver's app polls for its offer.
    const offer = await eventually(async () => (await driver.client.get('/api/drivers/me/offer')).body.offer, 10_000, 250);
    expect(offer.ride_id).toBe(ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

    // The rider's track page polls the ride: accepted, with the driver's position as it moves.
    const moved = north(PICKUP, 150);
    const movedRes = await locate(driver.client, moved);
    expect(movedRes.status, JSON.stringify(movedRes.body)).toBe(204);
    const seen = await eventually(async () => {
      const r = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride;
      return r.status === 'accepted' && r.driver_location && Math.abs(r.driver_location.lat - moved.lat) < 1e-6 ? r : null;
    });
    expect(seen.driver.name ?? seen.driver.first_name).toBeTruthy();

    expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('arrived');
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await locate(driver.client, GOLDEN_GATE_PARK)).status).toBe(204);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    const done = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride;
    expect(done.status).toBe('completed');
  });
});
