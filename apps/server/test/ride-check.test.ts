import { RIDE_CHECK } from '@openride/shared/safety/ride-check';
import { rideCheckText } from '@openride/shared/safety/ride-check-text';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runRideCheck } from '../src/safety/run-ride-check';
import type { TestClient } from './http-client';
import { bayArea, newUser, nextOffer, north, onlineDriver, type OnlineDriver, startDispatchServer, takeOffline } from './ride-actors';
import { openSocket } from './socket-client';
import type { TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;
const drivers: OnlineDriver[] = [];

beforeAll(async () => {
  ({ server, admin } = await startDispatchServer());
});
afterEach(() => takeOffline(drivers));
afterAll(() => server?.stop());

const MINUTE = 60_000;
type Point = { lat: number; lng: number };

/** A ride of area k (≥ 6 km from the others), its driver online nearby, accepted, and (unless told) started with the PIN. */
async function rideOf(k: number, opts: { start?: boolean } = {}) {
  const pickup = bayArea(k);
  const destination = { lat: pickup.lat + 0.02, lng: pickup.lng + 0.05, label: `Destination ${k}` };
  const driver = await onlineDriver(server, admin, north(pickup, 300), `Driver ${k}`);
  drivers.push(driver);
  const rider = await newUser(server, `Rider ${k}`);
  const booked = await rider.client.post('/api/rides', { pickup, destination, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string };
  await nextOffer(driver, ride.id);
  expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
  if (opts.start !== false) expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  // Where the car is `f` of the way (0 pickup, 1 destination).
  const along = (f: number): Point => ({ lat: pickup.lat + f * (destination.lat - pickup.lat), lng: pickup.lng + f * (destination.lng - pickup.lng) });
  return { ride, rider, driver, pickup, destination, along };
}

/**
 * The ride's path as the location service writes it (breadcrumbs), back-dated: the trip "started" `minutes`
 * ago and the driver's fixes every 10 s since then are at `where(minutesAgo)`.
 */
async function drivenFor(rideId: string, minutes: number, where: (minutesAgo: number) => Point) {
  const now = Date.now();
  await server.services.db
    .updateTable('rides')
    .set({ started_at: new Date(now - minutes * MINUTE - 5_000) })
    .where('id', '=', rideId)
    .execute();
  const rows = [];
  for (let s = minutes * 60; s >= 0; s -= 10) {
    const p = where(s / 60);
    rows.push({ ride_id: rideId, at: new Date(now - s * 1000), accuracy: 10, lat: p.lat, lng: p.lng });
  }
  await server.services.db.insertInto('ride_locations').values(rows).execute();
}

const runJob = async () => {
  await server.services.jobs.send('ride-check', {});
  await server.services.jobs.idle(['ride-check', 'push-send']);
};
const checksOf = (rideId: string) => server.services.db.selectFrom('ride_checks').selectAll().where('ride_id', '=', rideId).orderBy('asked_at').execute();
const safetyNotices = async (client: TestClient) =>
  (await client.get('/api/notifications/all?kind=safety')).body.items as Array<{ kind: string; title: string; link: string | null; booking_id: string | null }>;

describe('ride check', () => {
  it('a long stop asks the rider and the driver once; each OK is recorded and shows on the operator timeline', async () => {
    const { ride, rider, driver, along } = await rideOf(0);
    const socket = await openSocket(rider.client, server.url);
    socket.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await socket.next((f) => f.type === 'subscribed');
    // Driving for 2 minutes, then standing (GPS wobbling ±20 m) for 8, a third of the way along.
    await drivenFor(ride.id, 10, (ago) => (ago > 8 ? along((0.3 * (10 - ago)) / 2) : north(along(0.3), Math.round(ago * 6) % 2 ? 20 : -20)));
    await runJob();

    const asked = await rider.client.get(`/api/rides/${ride.id}/ride-check`);
    expect(asked.status).toBe(200);
    expect(asked.body.check).toMatchObject({ ride_id: ride.id, reason: 'long_stop', detail: expect.stringMatching(/^long_stop:[78]min$/) });
    const forDriver = await driver.client.get(`/api/rides/${ride.id}/ride-check`);
    expect(forDriver.body.check.id).toBe(asked.body.check.id);
    const event = await socket.next((f) => f.type === 'event' && f.event === 'safety.ride_check');
    expect(event).toMatchObject({ channel: `ride:${ride.id}`, data: { ride_id: ride.id, id: asked.body.check.id, reason: 'long_stop', state: 'asked' } });
    // Both told, as safety notices that open their own ride page.
    expect(await safetyNotices(rider.client)).toEqual([
      expect.objectContaining({ title: rideCheckText.notice.title, booking_id: ride.id, link: `/track-ride/${ride.id}` }),
    ]);
    expect(await safetyNotices(driver.client)).toEqual([
      expect.objectContaining({ title: rideCheckText.notice.title, booking_id: ride.id, link: `/driver-ride/${ride.id}` }),
    ]);

    // The next minute's run: still stopped, still one check (it is open), nobody told twice.
    await runJob();
    expect(await checksOf(ride.id)).toHaveLength(1);
    expect(await safetyNotices(rider.client)).toHaveLength(1);

    // Nobody else reads or answers it: a stranger, another driver (404, as the ride itself).
    const stranger = await newUser(server, 'Nosy Stranger');
    const otherDriver = await onlineDriver(server, admin, bayArea(5), 'Other Driver');
    drivers.push(otherDriver);
    for (const client of [stranger.client, otherDriver.client]) {
      expect((await client.get(`/api/rides/${ride.id}/ride-check`)).status).toBe(404);
      expect((await client.post(`/api/rides/${ride.id}/ride-check/ok`, {})).status).toBe(404);
    }
    expect((await server.client().get(`/api/rides/${ride.id}/ride-check`)).status).toBe(401);
    expect((await rider.client.post(`/api/rides/${ride.id}/ride-check/ok`, { fine: true })).status).toBe(400);
    expect((await rider.client.get('/api/rides/not-a-ride/ride-check')).status).toBe(404);
    expect(await checksOf(ride.id)).toEqual([expect.objectContaining({ rider_ok_at: null, driver_ok_at: null, closed_at: null })]);

    // The rider is OK: their prompt goes, the driver's stays; a second tap answers nothing more.
    expect((await rider.client.post(`/api/rides/${ride.id}/ride-check/ok`, {})).body).toEqual({ answered: 1 });
    expect((await rider.client.get(`/api/rides/${ride.id}/ride-check`)).body).toEqual({ check: null });
    expect((await driver.client.get(`/api/rides/${ride.id}/ride-check`)).body.check.id).toBe(asked.body.check.id);
    expect((await rider.client.post(`/api/rides/${ride.id}/ride-check/ok`, {})).body).toEqual({ answered: 0 });
    await socket.next((f) => f.type === 'event' && f.event === 'safety.ride_check' && (f.data as { state: string }).state === 'answered');
    expect((await driver.client.post(`/api/rides/${ride.id}/ride-check/ok`, {})).body).toEqual({ answered: 1 });
    const [closed] = await checksOf(ride.id);
    expect(closed!.closed_at).not.toBeNull();
    expect(new Date(closed!.closed_at!).getTime()).toBe(new Date(closed!.driver_ok_at!).getTime());

    const detail = await admin.get(`/api/admin/rides/${ride.id}`);
    const checks = (detail.body.timeline as Array<{ kind: string; by: string | null; reason: string | null }>).filter((e) => e.kind.startsWith('ride_check'));
    expect(checks).toEqual([
      expect.objectContaining({ kind: 'ride_check', by: 'system', reason: asked.body.check.detail }),
      expect.objectContaining({ kind: 'ride_check_ok', by: 'rider' }),
      expect.objectContaining({ kind: 'ride_check_ok', by: 'driver' }),
    ]);

    // Still stopped, both just said OK: not asked again before another full stop period…
    await runJob();
    expect(await checksOf(ride.id)).toHaveLength(1);
    // …and asked again once it has passed since the answers (the answers back-dated by that period).
    const answeredAgo = new Date(Date.now() - RIDE_CHECK.reaskMinutes.long_stop * MINUTE - 5_000);
    await server.services.db
      .updateTable('ride_checks')
      .set({ rider_ok_at: answeredAgo, driver_ok_at: answeredAgo, closed_at: answeredAgo })
      .where('ride_id', '=', ride.id)
      .execute();
    await runJob();
    const both = await checksOf(ride.id);
    expect(both.map((c) => [c.reason, c.closed_at === null])).toEqual([
      ['long_stop', false],
      ['long_stop', true],
    ]);
    socket.close();
  });

  it('a car far off the way to the destination asks about a route deviation; once the trip ends, nothing is asked', async () => {
    const { ride, rider, driver, along } = await rideOf(1);
    // Two minutes along the way, then away to the south-east, 400 m a minute, for 6 minutes (moving: no stop).
    await drivenFor(ride.id, 8, (ago) =>
      ago > 6 ? along((0.2 * (8 - ago)) / 2) : { lat: along(0.2).lat - ((6 - ago) * 400) / 111_195, lng: along(0.2).lng + ((6 - ago) * 300) / 88_000 },
    );
    await runJob();
    const asked = await rider.client.get(`/api/rides/${ride.id}/ride-check`);
    expect(asked.body.check).toMatchObject({ reason: 'route_deviation', detail: expect.stringMatching(/^route_deviation:\d+00m$/) });
    expect(Number(asked.body.check.detail.match(/(\d+)m$/)[1])).toBeGreaterThan(RIDE_CHECK.deviationMinM);
    expect((await driver.client.get(`/api/rides/${ride.id}/ride-check`)).body.check.id).toBe(asked.body.check.id);
    expect((await checksOf(ride.id)).map((c) => c.reason)).toEqual(['route_deviation']);

    // The trip ends with the check unanswered: nobody is asked any more, and the job leaves the ride alone.
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    expect((await rider.client.get(`/api/rides/${ride.id}/ride-check`)).body).toEqual({ check: null });
    expect((await driver.client.get(`/api/rides/${ride.id}/ride-check`)).body).toEqual({ check: null });
    await runJob();
    expect(await checksOf(ride.id)).toHaveLength(1);
  });

  it('a ride not in progress is never checked, however long the car stands', async () => {
    const { ride, rider, driver, pickup } = await rideOf(2, { start: false });
    // The driver waiting at the pickup for 10 minutes (breadcrumbs of the way to the pickup).
    await drivenFor(ride.id, 10, () => pickup);
    await server.services.db.updateTable('rides').set({ started_at: null }).where('id', '=', ride.id).execute();
    await runJob();
    expect(await checksOf(ride.id)).toEqual([]);
    expect((await rider.client.get(`/api/rides/${ride.id}/ride-check`)).body).toEqual({ check: null });
    expect((await driver.client.get(`/api/rides/${ride.id}/ride-check`)).body).toEqual({ check: null });
  });

  it('two runs at once ask once', async () => {
    const { ride, rider, driver, along } = await rideOf(3);
    await drivenFor(ride.id, 7, () => along(0.5));
    await Promise.all([runRideCheck(server.services), runRideCheck(server.services), runRideCheck(server.services)]);
    await server.services.jobs.idle(['ride-check', 'push-send']);
    expect(await checksOf(ride.id)).toHaveLength(1);
    const events = await server.services.db.selectFrom('ride_events').select('kind').where('ride_id', '=', ride.id).where('kind', '=', 'ride_check').execute();
    expect(events).toHaveLength(1);
    expect(await safetyNotices(rider.client)).toHaveLength(1);
    expect(await safetyNotices(driver.client)).toHaveLength(1);
  });
});
