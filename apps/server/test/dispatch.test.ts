import { PIN_MAX_FAILURES } from '@openride/shared/rides/dispatch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import {
  bayArea as area,
  eventually,
  GOLDEN_GATE_PARK,
  newUser,
  nextOffer,
  north,
  onlineDriver,
  type OnlineDriver,
  startDispatchServer,
  takeOffline,
} from './ride-actors';
import { openSocket } from './socket-client';
import type { TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;
const drivers: OnlineDriver[] = [];

beforeAll(async () => {
  ({ server, admin } = await startDispatchServer());
});
afterAll(() => server?.stop());
afterEach(() => takeOffline(drivers));

async function driverAt(at: { lat: number; lng: number }, name?: string) {
  const d = await onlineDriver(server, admin, at, name);
  drivers.push(d);
  return d;
}

const book = (rider: TestClient, pickup: { lat: number; lng: number; label?: string }, ride_type = 'economy') =>
  rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type, payment_method: 'cash' });

describe('the whole ride, through the API', () => {
  it('offers the ride to the nearby driver, who accepts, arrives, starts with the PIN and completes; both rate; receipt and history follow', async () => {
    const pickup = area(0);
    const driver = await driverAt(north(pickup, 400), 'Dana Q Driver');
    const rider = await newUser(server, 'Riley Rider');

    // The quote knows a driver is near.
    const quote = await rider.client.post('/api/rides/quote', { pickup, destination: GOLDEN_GATE_PARK });
    expect(quote.status).toBe(200);
    expect(quote.body.options[0].pickup_eta_s).toBeGreaterThan(0);
    expect(quote.body.options[0].pickup_eta_s).toBeLessThan(300);
    expect(quote.body.route.length).toBeGreaterThanOrEqual(2);

    const booked = await book(rider.client, pickup);
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    expect(ride).toMatchObject({ status: 'requested', status_label: 'Finding a driver', driver: null });
    expect(ride.pin).toMatch(/^\d{4}$/);

    const offer = await nextOffer(driver, ride.id);
    expect(offer).toMatchObject({ ride_id: ride.id, fare_cents: ride.fare_cents, timeout_s: 3, pickup: { label: 'Area 0' } });
    expect(offer.pickup_eta_s).toBeGreaterThan(0);
    expect((await driver.client.get('/api/drivers/me/offer')).body.offer.id).toBe(offer.id);

    const riderSocket = await openSocket(rider.client, server.url);
    riderSocket.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await riderSocket.next((f) => f.type === 'subscribed');

    const accepted = await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.ride.status).toBe('accepted');
    expect(accepted.body.ride).not.toHaveProperty('pin');
    expect(accepted.body.ride.rider).toEqual({ name: 'Riley', phone: expect.stringMatching(/^\*\*\*-\*\*\*-\d{4}$/) });
    await riderSocket.next((f) => f.type === 'event' && f.event === 'ride.changed' && (f.data as { status: string }).status === 'accepted');

    // The rider sees who is coming, with a masked phone, and where they are.
    const seen = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride;
    expect(seen.driver).toMatchObject({ name: 'Dana', vehicle_make: 'Toyota', vehicle_model: 'Prius', vehicle_color: 'Blue' });
    expect(seen.driver.phone).toMatch(/^\*\*\*-\*\*\*-\d{4}$/);
    await driver.locate(north(pickup, 200));
    const moved = (await riderSocket.next((f) => f.type === 'event' && f.event === 'driver.location')) as unknown as { data: { lat: number; eta_s: number } };
    expect(moved.data.lat).toBeCloseTo(north(pickup, 200).lat, 6);
    expect(moved.data.eta_s).toBeGreaterThan(0);

    // Chat both ways.
    expect((await rider.client.post(`/api/rides/${ride.id}/messages`, { body: "I'm by the blue door" })).status).toBe(201);
    expect((await driver.client.post(`/api/rides/${ride.id}/messages`, { body: 'See you in 2' })).status).toBe(201);
    const chat = (await rider.client.get(`/api/rides/${ride.id}/messages`)).body.messages;
    expect(chat.map((m: { sender_role: string; body: string }) => `${m.sender_role}: ${m.body}`)).toEqual([
      "rider: I'm by the blue door",
      'driver: See you in 2',
    ]);

    const early = await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin }); // not arrived yet
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({ code: 'INVALID_TRANSITION', message: 'This ride is driver on the way.' });
    expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).body.ride.status).toBe('arrived');
    const wrong = ride.pin === '0000' ? '1111' : '0000';
    const refused = await driver.client.post(`/api/rides/${ride.id}/start`, { pin: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'WRONG_PIN', message: 'Incorrect PIN. Ask the rider for the 4-digit PIN shown in their app.' });
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).body.ride.status).toBe('in_progress');
    await driver.locate(north(pickup, -300));
    await driver.locate(north(pickup, -900));
    // Only the driver completes; the rider cannot.
    expect((await rider.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(404);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).body.ride.status).toBe('completed');
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200); // idempotent

    expect((await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 5, comment: 'Smooth' })).status).toBe(201);
    expect((await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 1 })).status).toBe(409);
    expect((await driver.client.post(`/api/rides/${ride.id}/rating`, { stars: 4 })).status).toBe(201);
    expect((await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 6 })).status).toBe(400);

    await server.services.breadcrumbs.flush();
    const receipt = (await rider.client.get(`/api/rides/${ride.id}/receipt`)).body.receipt;
    expect(receipt.lines.reduce((sum: number, l: { amount_cents: number }) => sum + l.amount_cents, 0)).toBe(ride.fare_cents);
    expect(receipt.lines.map((l: { label: string }) => l.label)).toContain('Booking fee');
    expect(receipt.path.length).toBeGreaterThanOrEqual(3); // the fixes taken while on the ride

    const history = (await rider.client.get('/api/rides')).body.rides;
    expect(history[0]).toMatchObject({
      id: ride.id,
      status: 'completed',
      my_rating: { stars: 5, comment: 'Smooth' },
      driver: { name: 'Dana', rating: { average: 5, count: 1 } },
    });
    const driven = (await driver.client.get('/api/rides?as=driver')).body.rides;
    expect(driven[0]).toMatchObject({ id: ride.id, status: 'completed', my_rating: { stars: 4 } });
    expect(driven[0]).not.toHaveProperty('pin');

    const titles = (await rider.client.get('/api/notifications')).body.map(
      (n: { title: string; booking_id: string }) => `${n.title}|${n.booking_id === ride.id}`,
    );
    for (const title of ['Finding a driver', 'Driver on the way', 'Driver arrived', 'In progress', 'Completed']) expect(titles).toContain(`${title}|true`);
    riderSocket.close();
  });
});

describe('dispatch', () => {
  it('lets exactly one driver win when accepts race', async () => {
    const pickup = area(1);
    const near = await driverAt(north(pickup, 200));
    const far = await driverAt(north(pickup, 700));
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    const offer = await nextOffer(near, ride.id);
    expect(offer.ride_id).toBe(ride.id);
    const results = await Promise.all([
      near.client.post(`/api/rides/${ride.id}/accept`, {}),
      far.client.post(`/api/rides/${ride.id}/accept`, {}),
      near.client.post(`/api/rides/${ride.id}/accept`, {}),
      far.client.post(`/api/rides/${ride.id}/accept`, {}),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 409, 200, 409]);
    expect(results[1]!.body.error).toEqual({ code: 'RIDE_UNAVAILABLE', message: 'This ride is no longer available.' });
    const stored = await server.services.db.selectFrom('rides').select(['driver_id', 'status']).where('id', '=', ride.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ driver_id: near.driverId, status: 'accepted' });
  });

  it('passes the offer to the next driver on decline, then on timeout; a driver holds one offer at a time', async () => {
    const pickup = area(2);
    const first = await driverAt(north(pickup, 100));
    const second = await driverAt(north(pickup, 600));
    const third = await driverAt(north(pickup, 2000)); // beyond the first radius: reached when it widens
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;

    await nextOffer(first, ride.id);
    expect((await first.client.post(`/api/rides/${ride.id}/decline`, {})).status).toBe(200);
    await first.socket.next((f) => f.type === 'event' && f.event === 'ride.offer_closed' && (f.data as { reason: string }).reason === 'declined');
    await nextOffer(second, ride.id);
    // The second lets it time out.
    await second.socket.next((f) => f.type === 'event' && f.event === 'ride.offer_closed' && (f.data as { reason: string }).reason === 'expired', 6000);
    expect((await second.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(409);
    await nextOffer(third, ride.id);
    // The first never gets it again.
    expect(first.socket.frames.filter((f) => f.type === 'event' && f.event === 'ride.offer').length).toBe(1);
    expect((await third.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

    const offers = await server.services.db
      .selectFrom('ride_offers')
      .select(['driver_id', 'status'])
      .where('ride_id', '=', ride.id)
      .orderBy('offered_at')
      .execute();
    expect(offers).toEqual([
      { driver_id: first.driverId, status: 'declined' },
      { driver_id: second.driverId, status: 'expired' },
      { driver_id: third.driverId, status: 'accepted' },
    ]);
  });

  it('passes the offer on at once when its driver goes offline', async () => {
    const pickup = area(6);
    const leaving = await driverAt(north(pickup, 100));
    const staying = await driverAt(north(pickup, 500));
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(leaving, ride.id);
    expect((await leaving.client.request(`/api/drivers/${leaving.driverId}`, { method: 'PATCH', json: { status: 'offline' } })).status).toBe(200);
    await nextOffer(staying, ride.id, 2000); // well before the first offer would have expired
    expect((await leaving.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(409);
    expect((await staying.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
  });

  it('ends as No driver found when nobody is near, and tells the rider', async () => {
    const rider = await newUser(server);
    const ride = (await book(rider.client, area(3))).body.ride;
    const ended = await eventually(async () => {
      const r = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride;
      return r.status === 'no_driver' && r;
    });
    expect(ended.status_label).toBe('No driver found');
    const notes = (await rider.client.get('/api/notifications')).body;
    expect(notes[0]).toMatchObject({ title: 'No driver found', booking_id: ride.id, type: 'warning' });
    // The rider can book again at once.
    const again = await book(rider.client, area(3));
    expect(again.status).toBe(201);
    expect((await rider.client.post(`/api/rides/${again.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('withdraws the offer when the rider cancels, and the driver can no longer accept', async () => {
    const pickup = area(4);
    const driver = await driverAt(north(pickup, 300));
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    const cancelled = await rider.client.post(`/api/rides/${ride.id}/cancel`, { reason: 'Plans changed' });
    expect(cancelled.body.ride.status).toBe('cancelled');
    await driver.socket.next((f) => f.type === 'event' && f.event === 'ride.offer_closed' && (f.data as { reason: string }).reason === 'cancelled');
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(409);
    expect((await driver.client.get('/api/drivers/me/offer')).body.offer).toBeNull();
  });

  it('locks Start Ride after too many wrong PINs', async () => {
    const pickup = area(5);
    const driver = await driverAt(north(pickup, 300));
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    await driver.client.post(`/api/rides/${ride.id}/arrive`, {});
    const wrong = ride.pin === '0000' ? '1111' : '0000';
    for (let i = 0; i < PIN_MAX_FAILURES; i++)
      expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: wrong })).body.error.code).toBe('WRONG_PIN');
    const locked = await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('PIN_LOCKED');
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('arrived');
    // The driver may still cancel (a rider who cannot give the PIN).
    expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, { reason: 'Rider could not confirm the PIN' })).body.ride.status).toBe('cancelled');
    expect((await rider.client.get('/api/notifications')).body[0]).toMatchObject({ title: 'Cancelled', booking_id: ride.id });
  });
});

describe('the location path', () => {
  it('refuses frames from non-drivers, imprecise fixes and offline drivers; drops frames faster than one a second', async () => {
    const rider = await newUser(server);
    const riderSocket = await openSocket(rider.client, server.url);
    riderSocket.send({ type: 'location', lat: 37.7, lng: -122.4, accuracy: 5 });
    expect(await riderSocket.next((f) => f.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
    riderSocket.send({ type: 'location', lat: 95, lng: -122.4 });
    expect(await riderSocket.next((f) => f.type === 'error' && f.code === 'BAD_REQUEST')).toMatchObject({ message: 'Malformed frame' });
    riderSocket.close();

    const pickup = area(6);
    const driver = await driverAt(north(pickup, 300));
    driver.socket.send({ type: 'location', lat: pickup.lat, lng: pickup.lng, accuracy: 500 });
    expect(await driver.socket.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_REQUEST', message: 'Location accuracy must be 200 m or better' });

    // On a ride: three frames in a burst, one taken.
    const r = await newUser(server);
    const ride = (await book(r.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    await new Promise((res) => setTimeout(res, 1100));
    for (let i = 0; i < 3; i++) driver.socket.send({ type: 'location', lat: pickup.lat + i * 0.0001, lng: pickup.lng, accuracy: 5 });
    await new Promise((res) => setTimeout(res, 300));
    await server.services.breadcrumbs.flush();
    const crumbs = await server.services.db.selectFrom('ride_locations').select('lat').where('ride_id', '=', ride.id).execute();
    expect(crumbs.map((c) => c.lat)).toEqual([pickup.lat]);

    await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'offline' } });
    await driver.client.post(`/api/rides/${ride.id}/cancel`, {});
    await new Promise((res) => setTimeout(res, 1100));
    driver.socket.send({ type: 'location', lat: pickup.lat, lng: pickup.lng, accuracy: 5 });
    expect(await driver.socket.next((f) => f.type === 'error' && f.code === 'FORBIDDEN')).toMatchObject({ message: 'Go online to share your location' });
  });

  it('forwards a ride driver’s frames to the ride room as the schema reads them: extra keys ignored, out-of-range values refused', async () => {
    const pickup = area(-1);
    const driver = await driverAt(north(pickup, 200));
    const r = await newUser(server);
    const ride = (await book(r.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    const room = await openSocket(r.client, server.url);
    room.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await room.next((f) => f.type === 'subscribed');
    const located = (heading: number | null) =>
      room.next((f) => f.type === 'event' && f.event === 'driver.location' && (f.data as { heading: unknown }).heading === heading);

    await new Promise((res) => setTimeout(res, 1100));
    driver.socket.send({ type: 'location', lat: pickup.lat, lng: pickup.lng, accuracy: 5, heading: null, extra: 'ignored' });
    expect(await located(null)).toMatchObject({ channel: `ride:${ride.id}`, data: { ride_id: ride.id, lat: pickup.lat, lng: pickup.lng, heading: null } });

    for (const bad of [{ heading: 400 }, { speed: 150 }, { lat: String(pickup.lat) }, { accuracy: -1 }, { lng: Number.MAX_VALUE * 10 }]) {
      const before = driver.socket.frames.length;
      driver.socket.send({ type: 'location', lat: pickup.lat, lng: pickup.lng, accuracy: 5, ...bad });
      await driver.socket.next((f) => f.type === 'error' && driver.socket.frames.indexOf(f) >= before);
      expect(driver.socket.frames.at(-1)).toMatchObject({ type: 'error', code: 'BAD_REQUEST', message: 'Malformed frame' });
    }

    await new Promise((res) => setTimeout(res, 1100));
    driver.socket.send({ type: 'location', lat: pickup.lat + 0.001, lng: pickup.lng, accuracy: 5, heading: 90, speed: 5 });
    expect(await located(90)).toMatchObject({ data: { lat: pickup.lat + 0.001, heading: 90 } });
    room.close();
    await r.client.post(`/api/rides/${ride.id}/cancel`, {});
  });
});

describe('strangers', () => {
  it('cannot see, join, chat on, rate or drive someone else’s ride', async () => {
    const pickup = area(0.5);
    const driver = await driverAt(north(pickup, 300));
    const rider = await newUser(server);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});

    const stranger = await newUser(server, 'Sam Stranger');
    const strangerDriver = await driverAt(area(6.5), 'Other Driver');
    for (const who of [stranger.client, strangerDriver.client]) {
      expect((await who.get(`/api/rides/${ride.id}`)).status).toBe(404);
      expect((await who.get(`/api/rides/${ride.id}/messages`)).status).toBe(404);
      expect((await who.post(`/api/rides/${ride.id}/messages`, { body: 'hi' })).status).toBe(404);
      expect((await who.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(404);
      expect((await who.post(`/api/rides/${ride.id}/rating`, { stars: 1 })).status).toBe(404);
      expect((await who.get(`/api/rides/${ride.id}/receipt`)).status).toBe(404);
    }
    expect((await strangerDriver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(404);
    expect((await strangerDriver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(409);
    expect((await stranger.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(404); // not a driver at all
    const socket = await openSocket(stranger.client, server.url);
    socket.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
    socket.close();
    // Signed out: 401.
    expect((await server.client().get(`/api/rides/${ride.id}`)).status).toBe(401);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('accepted');
  });
});
