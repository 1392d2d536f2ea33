import { randomBytes } from 'node:crypto';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEATMAP_RESOLUTION } from '@openride/shared/analytics/fleet';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, eventually, FERRY_BUILDING, GOLDEN_GATE_PARK, newUser, type OnlineDriver, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

let server: TestServer;
let admin: TestClient;
let driver: OnlineDriver;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  driver = await onlineDriver(server, admin, UNION_SQUARE, 'Una Square');
});
afterAll(async () => {
  driver?.socket.close();
  await server?.stop();
});

/** History written straight into the database (it cannot be made through the API in the past); read through HTTP. */
async function pastRide(
  riderId: string,
  requestedAt: string,
  pickup: { lat: number; lng: number },
  opts: { driverId?: string; status?: 'completed' | 'cancelled' | 'accepted'; cancelledBy?: 'driver' } = {},
) {
  const { db } = server.services;
  const city = await db.selectFrom('cities').select(['id', 'currency']).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('rides')
    .values({
      city_id: city.id,
      rider_id: riderId,
      driver_id: opts.driverId ?? null,
      ride_type: 'economy',
      status: opts.status ?? 'no_driver',
      pickup_lat: pickup.lat,
      pickup_lng: pickup.lng,
      dropoff_lat: 37.77,
      dropoff_lng: -122.45,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: 1500,
      currency: city.currency,
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: new Date(requestedAt),
      cancelled_by: opts.cancelledBy ?? null,
      cancelled_at: opts.status === 'cancelled' ? new Date(requestedAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pastOffer(rideId: string, driverId: string, status: 'accepted' | 'declined' | 'expired') {
  await server.services.db
    .insertInto('ride_offers')
    .values({ ride_id: rideId, driver_id: driverId, status, pickup_distance_m: 500, pickup_eta_s: 120, expires_at: new Date(), closed_at: new Date() })
    .execute();
}

const dashboard = (client: TestClient, q = '') => client.get(`/api/admin/driver-dashboard${q}`);
const heatmap = (client: TestClient, q: string) => client.get(`/api/admin/driver-heatmap?${q}`);

async function apply(client: TestClient, name: string) {
  const res = await client.post('/api/drivers', {
    full_name: name,
    phone: uniquePhone(),
    license_number: 'D7654321',
    vehicle_make: 'Honda',
    vehicle_model: 'Fit',
    vehicle_year: 2019,
    vehicle_color: 'Red',
    license_plate: `8XYZ${Math.floor(Math.random() * 900 + 100)}`,
  });
  expect(res.status).toBe(201);
  return res.body.driver.id as string;
}

describe('GET /api/admin/driver-dashboard', () => {
  it('shows who is online and where, the funnel, the applications waiting and the least reliable drivers', async () => {
    const waitingUser = await newUser(server, 'Wanda Waiting');
    const pendingId = await apply(waitingUser.client, 'Wanda Waiting');
    const rider = await newUser(server, 'Rae Rider');
    // Una (online) declined two offers and let one expire out of four, and cancelled one of her accepted rides.
    const now = new Date().toISOString();
    const rides = await Promise.all([0, 1, 2, 3].map(() => pastRide(rider.id, now, FERRY_BUILDING)));
    await pastOffer(rides[0]!, driver.driverId, 'declined');
    await pastOffer(rides[1]!, driver.driverId, 'declined');
    await pastOffer(rides[2]!, driver.driverId, 'expired');
    await pastOffer(rides[3]!, driver.driverId, 'accepted');
    await pastRide(rider.id, now, FERRY_BUILDING, { driverId: driver.driverId, status: 'cancelled', cancelledBy: 'driver' });

    const d = await eventually(async () => {
      const res = await dashboard(admin);
      expect(res.status).toBe(200);
      return res.body.online.available >= 1 ? res.body : null;
    });
    expect(d.days).toBe(30);
    expect(d.online).toEqual({ available: 1, on_ride: 0 });
    const onMap = d.drivers.find((x: { driver_id: string }) => x.driver_id === driver.driverId);
    expect(onMap).toMatchObject({ full_name: 'Una Square', state: 'available' });
    expect(Math.abs(onMap.lat - UNION_SQUARE.lat)).toBeLessThan(1e-4);
    // Applied in the window: Una (approved, no completed ride yet) and Wanda (waiting).
    expect(d.funnel).toEqual({ applied: 2, approved: 1, rejected: 0, first_ride: 0 });
    expect(d.waiting.count).toBe(1);
    expect(d.waiting.applications).toEqual([expect.objectContaining({ driver_id: pendingId, full_name: 'Wanda Waiting', vehicle: 'Red Honda Fit' })]);
    expect(d.waiting.oldest_s).toBeGreaterThanOrEqual(0);
    expect(d.reliability).toEqual([
      expect.objectContaining({
        driver_id: driver.driverId,
        offers: 4,
        declined: 2,
        expired: 1,
        accepted: 1,
        cancelled: 1,
        decline_rate: 0.75,
        cancel_rate: 1,
      }),
    ]);

    // A driver on a ride shows at their last breadcrumb (they are not in the dispatch index meanwhile).
    const busyUser = await newUser(server, 'Bea Busy');
    const busyId = await apply(busyUser.client, 'Bea Busy');
    expect((await admin.post(`/api/admin/drivers/${busyId}/verification`, { status: 'approved' })).status).toBe(200);
    const rideId = await pastRide(rider.id, now, UNION_SQUARE, { driverId: busyId, status: 'accepted' });
    await server.services.db
      .insertInto('ride_locations')
      .values({ ride_id: rideId, at: new Date(), lat: 37.79, lng: -122.41, accuracy: 5, heading: null, speed: null })
      .execute();
    const withBusy = (await dashboard(admin)).body;
    expect(withBusy.online).toEqual({ available: 1, on_ride: 1 });
    expect(withBusy.drivers).toContainEqual({ driver_id: busyId, full_name: 'Bea Busy', state: 'on_ride', lat: 37.79, lng: -122.41 });
    expect(withBusy.funnel).toEqual({ applied: 3, approved: 2, rejected: 0, first_ride: 0 });

    // A completed ride moves Una to the funnel's last step.
    await pastRide(rider.id, now, FERRY_BUILDING, { driverId: driver.driverId, status: 'completed' });
    expect((await dashboard(admin, '?days=7')).body.funnel).toMatchObject({ approved: 2, first_ride: 1 });
  });

  it('refuses a bad window, a rider, a driver and a visitor', async () => {
    const res = await dashboard(admin, '?days=12');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('7, 30, 90, 365');
    const rider = await newUser(server, 'Nosy Rider');
    expect((await dashboard(rider.client)).status).toBe(403);
    expect((await dashboard(driver.client)).status).toBe(403);
    expect((await dashboard(server.client())).status).toBe(401);
  });
});

describe('GET /api/admin/driver-heatmap', () => {
  it('counts requests and averages sampled free drivers per H3 cell within the chosen hours', async () => {
    const rider = await newUser(server, 'Heather Map');
    // Two days ago (samples older than the retention period are deleted), UTC.
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    // Three requests at the Ferry Building and one at Union Square between 08:00 and 10:00;
    // one at Golden Gate Park at 12:00, outside the hours asked for.
    await pastRide(rider.id, `${day}T08:05:00Z`, FERRY_BUILDING);
    await pastRide(rider.id, `${day}T08:40:00Z`, FERRY_BUILDING);
    await pastRide(rider.id, `${day}T09:59:00Z`, FERRY_BUILDING);
    await pastRide(rider.id, `${day}T09:10:00Z`, UNION_SQUARE);
    await pastRide(rider.id, `${day}T12:00:00Z`, GOLDEN_GATE_PARK);
    // Supply: Una waits at Union Square. Two sampled minutes in the hours; the same minute twice is written once.
    await eventually(
      async () => (await server.services.geo.size((await server.services.db.selectFrom('cities').select('id').executeTakeFirstOrThrow()).id)) >= 1,
    );
    expect(await server.services.supply.sample(new Date(`${day}T08:30:10Z`))).toBe(2);
    expect(await server.services.supply.sample(new Date(`${day}T08:30:50Z`))).toBe(0);
    expect(await server.services.supply.sample(new Date(`${day}T09:00:00Z`))).toBe(2);
    expect(await server.services.supply.sample(new Date(`${day}T12:00:00Z`))).toBe(2);

    const res = await heatmap(admin, `from=${day}&to=${day}&from_hour=8&to_hour=10&tz=UTC`);
    expect(res.status).toBe(200);
    const h = res.body;
    expect(h.resolution).toBe(HEATMAP_RESOLUTION);
    expect(h.totals).toEqual({ requests: 4, drivers: 1, sampled_minutes: 2 });
    const cellOf = (p: { lat: number; lng: number }) => latLngToCell(p.lat, p.lng, HEATMAP_RESOLUTION);
    const byCell = new Map(h.cells.map((c: { cell: string }) => [c.cell, c]));
    expect(byCell.size).toBe(2);
    // Ferry Building: 75 % of requests, no driver → +75 points. Union Square: 25 % of requests, all drivers → −75.
    expect(byCell.get(cellOf(FERRY_BUILDING))).toMatchObject({ demand: 3, supply: 0, gap: 75 });
    expect(byCell.get(cellOf(UNION_SQUARE))).toMatchObject({ demand: 1, supply: 1, gap: -75 });
    const cell = byCell.get(cellOf(UNION_SQUARE)) as { boundary: [number, number][]; center: [number, number] };
    expect(cell.boundary).toHaveLength(6);
    expect(Math.abs(cell.center[0] - UNION_SQUARE.lat)).toBeLessThan(0.01);

    // The same day seen from Tokyo (UTC+9, no daylight saving): 08:00–10:00 UTC is 17:00–19:00 there.
    const tokyo = (await heatmap(admin, `from=${day}&to=${day}&from_hour=17&to_hour=19&tz=Asia/Tokyo`)).body;
    expect(tokyo.totals).toEqual({ requests: 4, drivers: 1, sampled_minutes: 2 });
    // All day: the 12:00 request and minute count too.
    const allDay = (await heatmap(admin, `from=${day}&to=${day}&tz=UTC`)).body;
    expect(allDay.totals).toMatchObject({ requests: 5, sampled_minutes: 3 });
    // A day with nothing: no cells, the city's centre to look at.
    const empty = (await heatmap(admin, 'from=2024-01-01&to=2024-01-02&tz=UTC')).body;
    expect(empty.cells).toEqual([]);
    expect(empty.totals).toEqual({ requests: 0, drivers: 0, sampled_minutes: 0 });
    expect(empty.center).toHaveLength(2);

    // A city asked for, or a member of other cities (decision 0091): nothing of San Francisco, their city's centre.
    const created = await admin.post('/api/admin/cities', {
      id: 'heat-madrid',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(created.status).toBe(201);
    const madrid = (await heatmap(admin, `from=${day}&to=${day}&tz=UTC&city=heat-madrid`)).body;
    expect(madrid.totals).toEqual({ requests: 0, drivers: 0, sampled_minutes: 0 });
    expect(madrid.center).toEqual([40.4168, -3.7038]);
    const member = await newUser(server, 'Hugo Heat');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: member.id, role: 'operations', cityIds: ['heat-madrid'], invitedBy: null }));
    const scoped = (await heatmap(member.client, `from=${day}&to=${day}&tz=UTC`)).body;
    expect(scoped).toMatchObject({ cells: [], totals: { requests: 0, sampled_minutes: 0 }, center: [40.4168, -3.7038] });
    expect((await heatmap(member.client, `from=${day}&to=${day}&tz=UTC&city=sf`)).status).toBe(404);
    expect((await heatmap(admin, `from=${day}&to=${day}&tz=UTC&city=sf`)).body.totals).toMatchObject({ requests: 5 });

    // The driver dashboard too: Una, online in San Francisco, is on the owner's map, not on Madrid's.
    const dashboard = async (client: TestClient, q = '') => (await client.get(`/api/admin/driver-dashboard${q}`)).body;
    const everywhere = await dashboard(admin);
    expect(everywhere.online.available).toBeGreaterThanOrEqual(1);
    expect(everywhere.funnel.applied).toBeGreaterThanOrEqual(1);
    const madridOnly = await dashboard(member.client);
    expect(madridOnly).toMatchObject({ online: { available: 0, on_ride: 0 }, drivers: [], funnel: { applied: 0 } });
    expect(await dashboard(admin, '?city=heat-madrid')).toMatchObject({ online: { available: 0 }, drivers: [] });
    expect((await member.client.get('/api/admin/driver-dashboard?city=sf')).status).toBe(404);
  });

  it('refuses bad hours, ranges and time zones, a rider, a driver and a visitor', async () => {
    for (const q of [
      'from=2025-04-02&to=2025-04-02&from_hour=10&to_hour=10',
      'from=2025-04-02&to=2025-04-02&from_hour=24',
      'from=2025-01-01&to=2025-03-01',
      'from=2025-04-03&to=2025-04-02',
      'from=2025-04-02&to=2025-04-02&tz=Mars/Olympus',
      'from=yesterday&to=2025-04-02',
    ]) {
      const res = await heatmap(admin, q);
      expect(res.status, q).toBe(400);
    }
    const rider = await newUser(server, 'Curious Rider');
    const q = 'from=2025-04-02&to=2025-04-02';
    expect((await heatmap(rider.client, q)).status).toBe(403);
    expect((await heatmap(driver.client, q)).status).toBe(403);
    expect((await heatmap(server.client(), q)).status).toBe(401);
  });
});
