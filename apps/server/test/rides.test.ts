import { errorText } from '@openride/shared/error-text';
import { computeFare } from '@openride/shared/rides/fare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleRouting } from '../src/routing/great-circle-routing';
import type { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { GOOD_PASSWORD, startTestServer, type TestServer, uniqueEmail, uniquePhone } from './test-server';

const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
const GOLDEN_GATE_PARK = { lat: 37.7694, lng: -122.4862, label: 'Golden Gate Park' };
const TIMES_SQUARE = { lat: 40.758, lng: -73.9855, label: 'Times Square' };
const SACRAMENTO = { lat: 38.5816, lng: -121.4944, label: 'Sacramento' };
const SACRAMENTO_NORTH = { lat: 38.5996, lng: -121.4944, label: 'North Sacramento' };
const booking = { pickup: FERRY_BUILDING, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' };

let server: TestServer;
beforeAll(async () => {
  // Behind a (pretend) proxy, so each test user signs up from an address of its own: this file makes more
  // accounts than the per-address sign-up limit allows.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server?.stop());

let users = 0;
async function user() {
  const client = server.client();
  const res = await client.request('/api/functions/auth-with-rate-limit', {
    method: 'POST',
    json: { action: 'signup', email: uniqueEmail('rider'), password: GOOD_PASSWORD, options: { data: { full_name: 'Riley Rider', phone: uniquePhone() } } },
    headers: { 'x-forwarded-for': `10.9.${users++}.1` },
  });
  expect(res.status).toBe(200);
  const id = (await client.get('/api/me')).body.user.id as string;
  return { client, id };
}

async function bookedRide(client: TestClient) {
  const res = await client.post('/api/rides', booking);
  expect(res.status).toBe(201);
  return res.body.ride;
}

const ridesOf = (riderId: string) => server.services.db.selectFrom('rides').selectAll().where('rider_id', '=', riderId).execute();

describe('quotes and pricing', () => {
  it('quotes the three San Francisco ride types at exactly the fare the pricing table gives for the routed trip', async () => {
    const { client } = await user();
    const res = await client.post('/api/rides/quote', { pickup: FERRY_BUILDING, destination: GOLDEN_GATE_PARK });
    expect(res.status).toBe(200);
    // No OSRM_URL in tests: the great-circle estimate is the route.
    const route = await greatCircleRouting().route(FERRY_BUILDING, GOLDEN_GATE_PARK);
    expect(route.distance_m).toBeGreaterThan(11_000);
    const sf = (await server.client().get('/api/pricing/sf')).body.pricing as Array<{ ride_type: string } & Parameters<typeof computeFare>[0]>;
    expect(res.body).toEqual({
      city: { id: 'sf', name: 'San Francisco' },
      currency: 'USD',
      distance_m: route.distance_m,
      duration_s: route.duration_s,
      // The path drawn on the map: at least the two ends (a street-grid path without OSRM).
      route: expect.arrayContaining([expect.any(Array)]),
      options: [
        {
          ride_type: 'economy',
          name: 'Economy',
          seats: 4,
          fare_cents: computeFare(sf[0]!, route.distance_m, route.duration_s),
          pickup_eta_s: null,
          available: false,
        },
        {
          ride_type: 'comfort',
          name: 'Comfort',
          seats: 4,
          fare_cents: computeFare(sf[1]!, route.distance_m, route.duration_s),
          pickup_eta_s: null,
          available: false,
        },
        { ride_type: 'xl', name: 'XL', seats: 6, fare_cents: computeFare(sf[2]!, route.distance_m, route.duration_s), pickup_eta_s: null, available: false },
      ],
      // Nothing owed from earlier cancellations (decision 0033).
      owed_fee_cents: 0,
      // The Ferry Building is downtown, a pricing zone; calm, so 1.0×, and the quote's lock of it (decision 0035).
      surge_tenths: 10,
      surge_zone: null,
      quote_token: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(100_000);
    // The seeded economy price, by hand: 250 + 110 × km + 30 × min, at least 800, + 250.
    const km = route.distance_m / 1000;
    const min = route.duration_s / 60;
    expect(res.body.options[0].fare_cents).toBe(Math.round(Math.max(250 + 110 * km + 30 * min, 800) + 250));
  });

  it('refuses a pickup outside every city with 422', async () => {
    const { client } = await user();
    const res = await client.post('/api/rides/quote', { pickup: TIMES_SQUARE, destination: GOLDEN_GATE_PARK });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: 'OUTSIDE_SERVICE_AREA', message: errorText('OUTSIDE_SERVICE_AREA') });
  });

  it('rejects bad coordinates and missing points with 400', async () => {
    const { client } = await user();
    expect((await client.post('/api/rides/quote', { pickup: { lat: 200, lng: 0 }, destination: GOLDEN_GATE_PARK })).status).toBe(400);
    expect((await client.post('/api/rides/quote', { pickup: FERRY_BUILDING })).status).toBe(400);
  });

  it('shows a city pricing table to anyone, and 404 for an unknown city', async () => {
    const res = await server.client().get('/api/pricing/sf');
    expect(res.status).toBe(200);
    expect(res.body.city).toEqual({ id: 'sf', name: 'San Francisco', currency: 'USD' });
    expect(res.body.pricing.map((p: { ride_type: string }) => p.ride_type)).toEqual(['economy', 'comfort', 'xl']);
    expect(res.body.pricing[0]).toMatchObject({ base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250, seats: 4 });
    expect((await server.client().get('/api/pricing/atlantis')).status).toBe(404);
  });
});

describe('requesting a ride', () => {
  it('books at the quoted fare with a PIN and a share link, and tells the rider (bell with booking_id, socket)', async () => {
    const { client, id } = await user();
    const socket = await openSocket(client);
    const quote = (await client.post('/api/rides/quote', { pickup: FERRY_BUILDING, destination: GOLDEN_GATE_PARK })).body;
    // A client-sent fare is not even accepted: the server prices the ride.
    expect((await client.post('/api/rides', { ...booking, fare_cents: 1 })).status).toBe(400);

    const res = await client.post('/api/rides', booking);
    expect(res.status).toBe(201);
    const ride = res.body.ride;
    expect(ride).toMatchObject({
      status: 'requested',
      status_label: 'Finding a driver',
      city_id: 'sf',
      ride_type: 'economy',
      pickup: FERRY_BUILDING,
      destination: GOLDEN_GATE_PARK,
      distance_m: quote.distance_m,
      duration_s: quote.duration_s,
      fare_cents: quote.options[0].fare_cents,
      currency: 'USD',
      payment_method: 'cash',
      driver_id: null,
    });
    expect(ride.pin).toMatch(/^\d{4}$/);
    expect(ride.share_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const notes = (await client.get('/api/notifications')).body;
    expect(notes[0]).toMatchObject({ type: 'other', title: 'Finding a driver', booking_id: ride.id, user_id: id });
    await socket.next((f) => f.type === 'event' && f.event === 'ride.changed' && (f.data as { id: string }).id === ride.id);
    await socket.next((f) => f.type === 'event' && f.event === 'notification.changed');
    socket.close();
  });

  it('refuses a second ride while one is active with 409, and writes nothing', async () => {
    const { client, id } = await user();
    await bookedRide(client);
    const res = await client.post('/api/rides', { ...booking, ride_type: 'xl' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'ACTIVE_RIDE_EXISTS', message: 'You already have a ride in progress.' });
    expect(await ridesOf(id)).toHaveLength(1);
    expect((await client.get('/api/notifications')).body).toHaveLength(1);
  });

  it('lets only one of two simultaneous requests through (the database holds the one-active-ride rule)', async () => {
    const { client, id } = await user();
    const results = await Promise.all([client.post('/api/rides', booking), client.post('/api/rides', { ...booking, ride_type: 'comfort' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('ACTIVE_RIDE_EXISTS');
    expect(await ridesOf(id)).toHaveLength(1);
    expect((await client.get('/api/notifications')).body).toHaveLength(1);
  });

  it('rejects bad input with 400 and writes nothing', async () => {
    const { client, id } = await user();
    for (const body of [
      { ...booking, pickup: { lat: 200, lng: -122.4 } },
      { ...booking, ride_type: 'helicopter' },
      { pickup: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' },
      { ...booking, payment_method: 'card' },
    ]) {
      expect((await client.post('/api/rides', body)).status).toBe(400);
    }
    expect(await ridesOf(id)).toEqual([]);
    expect((await client.get('/api/notifications')).body).toEqual([]);
  });

  it('refuses a pickup outside the service area with 422 OUTSIDE_SERVICE_AREA', async () => {
    const { client, id } = await user();
    const res = await client.post('/api/rides', { ...booking, pickup: TIMES_SQUARE });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('OUTSIDE_SERVICE_AREA');
    expect(await ridesOf(id)).toEqual([]);
  });

  it('refuses a ride type the city does not offer with 422 RIDE_TYPE_UNAVAILABLE, not as a pickup we do not serve', async () => {
    // A served city with Economy only: the pickup is fine, the ride type is not.
    const { db } = server.services;
    await db
      .insertInto('cities')
      .values({ id: 'sac-test', name: 'Sacramento', currency: 'USD', center_lat: SACRAMENTO.lat, center_lng: SACRAMENTO.lng })
      .execute();
    const box = [
      [-121.6, 38.5],
      [-121.4, 38.5],
      [-121.4, 38.7],
      [-121.6, 38.7],
      [-121.6, 38.5],
    ];
    await db
      .insertInto('zones')
      .values({
        city_id: 'sac-test',
        type: 'service_area',
        name: 'Sacramento',
        color: '#16a34a',
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [box] }),
      })
      .execute();
    await server.services.zones.changed();
    await db
      .insertInto('fare_policies')
      .values({
        city_id: 'sac-test',
        zone_id: null,
        ride_type: 'economy',
        version: 1,
        base_cents: 250,
        per_km_cents: 110,
        per_min_cents: 30,
        minimum_cents: 800,
        booking_fee_cents: 250,
        seats: 4,
        effective_from: new Date(0),
        created_by: null,
        note: null,
      })
      .execute();
    try {
      const { client, id } = await user();
      const trip = { ...booking, pickup: SACRAMENTO, destination: SACRAMENTO_NORTH };
      const quote = await client.post('/api/rides/quote', { pickup: trip.pickup, destination: trip.destination });
      expect(quote.body.options.map((o: { ride_type: string }) => o.ride_type)).toEqual(['economy']);
      const res = await client.post('/api/rides', { ...trip, ride_type: 'comfort' });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({ code: 'RIDE_TYPE_UNAVAILABLE', message: 'Comfort is not available here right now. Choose another ride type.' });
      expect(errorText(res.body.error.code)).not.toBe(errorText('OUTSIDE_SERVICE_AREA'));
      expect(await ridesOf(id)).toEqual([]);
    } finally {
      await db.deleteFrom('cities').where('id', '=', 'sac-test').execute();
      await server.services.zones.changed();
    }
  });
});

describe('reading rides', () => {
  it('shows the rider their ride with the PIN; a stranger gets 404, as for a ride that does not exist', async () => {
    const rider = await user();
    const ride = await bookedRide(rider.client);
    const own = await rider.client.get(`/api/rides/${ride.id}`);
    expect(own.status).toBe(200);
    expect(own.body.ride).toMatchObject({ id: ride.id, pin: ride.pin, share_token: ride.share_token });

    const stranger = await user();
    const res = await stranger.client.get(`/api/rides/${ride.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Ride not found');
    expect((await stranger.client.get('/api/rides/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await stranger.client.get('/api/rides/not-a-uuid')).status).toBe(404);
    expect((await stranger.client.get('/api/rides')).body).toEqual({ rides: [], next_cursor: null });
  });

  it('shows the assigned driver the ride without the PIN or share link', async () => {
    const rider = await user();
    const ride = await bookedRide(rider.client);
    const driver = await user();
    const application = await driver.client.post('/api/drivers', {
      full_name: 'Dana Driver',
      phone: '4155550177',
      license_number: 'D1234567',
      vehicle_make: 'Toyota',
      vehicle_model: 'Prius',
      vehicle_year: 2020,
      vehicle_color: 'Blue',
      license_plate: '7ABC123',
    });
    expect(application.status).toBe(201);
    // Assignment belongs to dispatch (a later slice): set it the way dispatch's accept will.
    await server.services.db.updateTable('rides').set({ driver_id: application.body.driver.id, status: 'accepted' }).where('id', '=', ride.id).execute();

    const res = await driver.client.get(`/api/rides/${ride.id}`);
    expect(res.status).toBe(200);
    expect(res.body.ride).toMatchObject({ id: ride.id, status: 'accepted', driver_id: application.body.driver.id });
    expect(res.body.ride).not.toHaveProperty('pin');
    expect(res.body.ride).not.toHaveProperty('share_token');
    // Not the driver's to cancel through the rider's endpoint.
    expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(404);

    const socket = await openSocket(driver.client);
    socket.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await socket.next((f) => f.type === 'subscribed' && f.channel === `ride:${ride.id}`);
    socket.close();
  });

  it('lists the rider’s rides newest first, a page at a time', async () => {
    const { client } = await user();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ride = await bookedRide(client);
      ids.push(ride.id);
      expect((await client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    }
    const first = await client.get('/api/rides?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.rides.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.rides[0]).toHaveProperty('pin');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await client.get(`/api/rides?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({ rides: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await client.get('/api/rides')).body.rides).toHaveLength(3);

    expect((await client.get('/api/rides?limit=51')).status).toBe(400);
    expect((await client.get('/api/rides?limit=0')).status).toBe(400);
    expect((await client.get('/api/rides?cursor=garbage')).status).toBe(400);
  });
});

describe('cancelling', () => {
  it('cancels a requested ride once, tells the rider, and answers a repeat with the same ride', async () => {
    const { client } = await user();
    const ride = await bookedRide(client);
    const socket = await openSocket(client);
    const res = await client.post(`/api/rides/${ride.id}/cancel`, { reason: 'Plans changed' });
    expect(res.status).toBe(200);
    expect(res.body.ride).toMatchObject({
      id: ride.id,
      status: 'cancelled',
      status_label: 'Cancelled',
      cancelled_by: 'rider',
      cancel_reason: 'Plans changed',
      cancelled_at: expect.any(String),
    });
    await socket.next((f) => f.type === 'event' && f.event === 'ride.changed' && (f.data as { status: string }).status === 'cancelled');
    socket.close();

    const notes = (await client.get('/api/notifications')).body;
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['Ride cancelled', 'Finding a driver']);
    expect(notes[0].booking_id).toBe(ride.id);

    const again = await client.post(`/api/rides/${ride.id}/cancel`, { reason: 'Again' });
    expect(again.status).toBe(200);
    expect(again.body.ride).toEqual(res.body.ride);
    expect((await client.get('/api/notifications')).body).toHaveLength(2);

    // The rider may book again once the ride is over.
    await bookedRide(client);
  });

  it("refuses to cancel someone else's ride (404) and leaves it as it was", async () => {
    const rider = await user();
    const ride = await bookedRide(rider.client);
    const stranger = await user();
    expect((await stranger.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(404);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('requested');
  });

  it('refuses to cancel a ride that is under way or completed (409)', async () => {
    const { client } = await user();
    const ride = await bookedRide(client);
    for (const status of ['in_progress', 'completed'] as const) {
      await server.services.db.updateTable('rides').set({ status }).where('id', '=', ride.id).execute();
      const res = await client.post(`/api/rides/${ride.id}/cancel`, {});
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'INVALID_TRANSITION', message: 'This ride can no longer be cancelled.' });
      expect((await client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe(status);
    }
  });
});

describe('share links', () => {
  it('show the ride without the rider, the PIN or any phone; unknown tokens 404', async () => {
    const { client } = await user();
    const ride = await bookedRide(client);
    const res = await server.client().get(`/api/share/${ride.share_token}`);
    expect(res.status).toBe(200);
    expect(res.body.ride).toEqual({
      status: 'requested',
      status_label: 'Finding a driver',
      ride_type: 'economy',
      pickup: { lat: FERRY_BUILDING.lat, lng: FERRY_BUILDING.lng, label: 'Ferry Building' },
      destination: { lat: GOLDEN_GATE_PARK.lat, lng: GOLDEN_GATE_PARK.lng, label: 'Golden Gate Park' },
      pickup_label: 'Ferry Building',
      dropoff_label: 'Golden Gate Park',
      requested_at: expect.any(String),
      updated_at: expect.any(String),
      driver: null,
      driver_location: null,
      eta_s: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(ride.pin);
    expect((await server.client().get('/api/share/nope')).status).toBe(404);
  });

  it('expire an hour after the ride ends', async () => {
    const { client } = await user();
    const ride = await bookedRide(client);
    await client.post(`/api/rides/${ride.id}/cancel`, {});
    expect((await server.client().get(`/api/share/${ride.share_token}`)).status).toBe(200);
    await server.services.db
      .updateTable('rides')
      .set({ cancelled_at: new Date(Date.now() - 61 * 60 * 1000) })
      .where('id', '=', ride.id)
      .execute();
    expect((await server.client().get(`/api/share/${ride.share_token}`)).status).toBe(404);
  });
});

describe('the ride room', () => {
  it('lets the rider join ride:{id}; a stranger is refused', async () => {
    const rider = await user();
    const ride = await bookedRide(rider.client);
    const mine = await openSocket(rider.client);
    mine.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await mine.next((f) => f.type === 'subscribed' && f.channel === `ride:${ride.id}`);
    mine.close();

    const stranger = await user();
    const theirs = await openSocket(stranger.client);
    theirs.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    const refused = await theirs.next((f) => f.type === 'error');
    expect(refused).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    theirs.send({ type: 'subscribe', channel: 'ride:not-a-uuid' });
    await theirs.next((f) => f.type === 'error' && f.message.includes('not-a-uuid'));
    theirs.close();
  });
});

describe('signed out', () => {
  it('gets 401 everywhere but the share link and the pricing table', async () => {
    const rider = await user();
    const ride = await bookedRide(rider.client);
    const anon = server.client();
    expect((await anon.post('/api/rides/quote', { pickup: FERRY_BUILDING, destination: GOLDEN_GATE_PARK })).status).toBe(401);
    expect((await anon.post('/api/rides', booking)).status).toBe(401);
    expect((await anon.get('/api/rides')).status).toBe(401);
    expect((await anon.get(`/api/rides/${ride.id}`)).status).toBe(401);
    expect((await anon.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(401);
    expect((await anon.get(`/api/share/${ride.share_token}`)).status).toBe(200);
    expect((await anon.get('/api/pricing/sf')).status).toBe(200);
  });
});
