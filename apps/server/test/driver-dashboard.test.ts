import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { localDate } from '../src/payouts/local-dates';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';

/**
 * The driver's own dashboard at its secret path (issue 14, decision 0050): the path is told by GET /api/me to
 * approved drivers only, and every API the page calls refuses whoever is not a signed-in approved driver
 * (the path is hidden, not a permission). The goal is validated; today's figures are the ledger's.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const DASHBOARD_APIS: Array<[string, string, unknown?]> = [
  ['GET', '/api/drivers/me/dashboard'],
  ['GET', '/api/drivers/me/goal'],
  ['PUT', '/api/drivers/me/goal', { earnings_cents: 10000, trips: 5 }],
  ['GET', '/api/drivers/me/demand'],
];

async function pendingDriver() {
  const pending = await newUser(server, 'Pending Pat');
  const applied = await pending.client.post('/api/drivers', {
    full_name: 'Pending Pat',
    phone: uniquePhone(),
    license_number: 'D7654321',
    vehicle_make: 'Honda',
    vehicle_model: 'Fit',
    vehicle_year: 2019,
    vehicle_color: 'Red',
    license_plate: '8PND001',
  });
  expect(applied.status).toBe(201);
  return pending;
}

describe('the secret path and who may use it', () => {
  it('is told to an approved driver only, and is neither a rider’s, a pending driver’s nor the admin path', async () => {
    const path = server.services.driverDashboardPath;
    expect(path).toMatch(/^\/[0-9a-f]{24}$/);
    expect(path).not.toBe(server.services.adminPath);
    const driver = await approvedDriverOf(server, admin, 'Dash Dora');
    expect((await driver.client.get('/api/me')).body.driverDashboardPath).toBe(path);

    const rider = await newUser(server, 'Dash Rita');
    const pending = await pendingDriver();
    for (const [who, client] of [
      ['rider', rider.client],
      ['pending driver', pending.client],
      ['admin', admin],
    ] as const) {
      const me = await client.get('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.driverDashboardPath, who).toBeUndefined();
      expect(JSON.stringify(me.body), who).not.toContain(path.slice(1));
    }
    // A visitor learns nothing either: /api/me is 401 and the path is no page of the server's.
    expect((await server.client().get('/api/me')).status).toBe(401);
  });

  it('is kept in the app settings, or taken from DRIVER_DASHBOARD_PATH', async () => {
    const row = await server.services.db.selectFrom('app_settings').select('value').where('key', '=', 'driver_dashboard_path').executeTakeFirstOrThrow();
    expect(row.value).toBe(server.services.driverDashboardPath);
    const configured = await startTestServer({ DRIVER_DASHBOARD_PATH: 'my-own-dash-2026' });
    try {
      expect(configured.services.driverDashboardPath).toBe('/my-own-dash-2026');
    } finally {
      await configured.stop();
    }
  });

  it('refuses every dashboard API to a visitor (401), a rider (403) and a pending driver (403 DRIVER_NOT_APPROVED), changing nothing', async () => {
    const rider = await newUser(server, 'Dash Rob');
    const pending = await pendingDriver();
    const visitor = server.client();
    for (const [method, path, json] of DASHBOARD_APIS) {
      const headers = { 'content-type': 'application/json' };
      expect((await visitor.request(path, { method, json, headers })).status, `${method} ${path} visitor`).toBe(401);
      expect((await rider.client.request(path, { method, json, headers })).status, `${method} ${path} rider`).toBe(403);
      const refused = await pending.client.request(path, { method, json, headers });
      expect(refused.status, `${method} ${path} pending`).toBe(403);
      expect(refused.body.error.code).toBe('DRIVER_NOT_APPROVED');
    }
    const goals = await server.services.db
      .selectFrom('driver_goals')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(goals.n)).toBe(0);
  });
});

describe('the goal', () => {
  it('is set, read back, refused when malformed (400, unchanged) and cleared', async () => {
    const driver = await approvedDriverOf(server, admin, 'Goal Gina');
    expect((await driver.client.get('/api/drivers/me/goal')).body).toEqual({ goal: null });
    const set = await driver.client.request('/api/drivers/me/goal', { method: 'PUT', json: { earnings_cents: 15000, trips: 12 } });
    expect(set.status).toBe(200);
    expect(set.body.goal).toMatchObject({ earnings_cents: 15000, trips: 12 });

    for (const bad of [
      { earnings_cents: 12.5, trips: 3 },
      { earnings_cents: -100, trips: null },
      { earnings_cents: null, trips: 0 },
      { earnings_cents: null, trips: 1000 },
      { earnings_cents: '150', trips: 3 },
      { earnings_cents: 15000 },
      { earnings_cents: 15000, trips: 3, driver_id: driver.driverId },
      [],
    ]) {
      const res = await driver.client.request('/api/drivers/me/goal', { method: 'PUT', json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await driver.client.get('/api/drivers/me/goal')).body.goal).toMatchObject({ earnings_cents: 15000, trips: 12 });

    const tripsOnly = await driver.client.request('/api/drivers/me/goal', { method: 'PUT', json: { earnings_cents: null, trips: 8 } });
    expect(tripsOnly.body.goal).toMatchObject({ earnings_cents: null, trips: 8 });
    const cleared = await driver.client.request('/api/drivers/me/goal', { method: 'PUT', json: { earnings_cents: null, trips: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.goal).toBeNull();
    expect((await driver.client.get('/api/drivers/me/dashboard')).body.goal).toBeNull();
  });
});

describe("today's figures", () => {
  it('match the ledger and /driver-earnings after a completed ride; rates, rating, the comment and demand near the driver follow', async () => {
    const carla = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Dash Carla');
    const empty = (await carla.client.get('/api/drivers/me/dashboard')).body;
    expect(empty.today).toMatchObject({ net_cents: 0, trips: 0 });
    expect(empty.stats).toMatchObject({ acceptance_rate: null, cancellation_rate: null, rating: null, ratings: 0 });
    expect(empty.comments).toEqual([]);

    const rider = await newUser(server, 'Dash Cody');
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const rideId = booked.body.ride.id as string;
    await nextOffer(carla, rideId);
    for (const step of ['accept', 'arrive']) expect((await carla.client.post(`/api/rides/${rideId}/${step}`, {})).status).toBe(200);
    expect((await carla.client.post(`/api/rides/${rideId}/start`, { pin: booked.body.ride.pin })).status).toBe(200);
    expect((await carla.client.post(`/api/rides/${rideId}/complete`, {})).status).toBe(200);
    expect((await rider.client.post(`/api/rides/${rideId}/rating`, { stars: 4, comment: 'Kind and careful' })).status).toBe(201);

    const earned = await server.services.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .select(sql<string>`coalesce(sum(ledger_entries.amount_cents), 0)`.as('s'))
      .where('ledger_transactions.ride_id', '=', rideId)
      .where('ledger_entries.line', '=', 'driver_earnings')
      .executeTakeFirstOrThrow();
    const net = -Number(earned.s);
    expect(net).toBeGreaterThan(0);

    const dash = await carla.client.get('/api/drivers/me/dashboard');
    expect(dash.status).toBe(200);
    expect(dash.body.city).toMatchObject({ id: 'sf', currency: 'USD' });
    expect(dash.body.today).toEqual({ day: localDate(new Date(), 'America/Los_Angeles'), net_cents: net, trips: 1, tips_cents: 0 });
    const earnings = (await carla.client.get('/api/drivers/me/earnings?period=today')).body;
    expect(dash.body.today).toMatchObject({ net_cents: earnings.today.net_cents, trips: earnings.today.trips });
    expect(dash.body.stats).toMatchObject({ offers: 1, acceptance_rate: 1, rides: 1, cancellation_rate: 0, rating: 4, ratings: 1 });
    const detail = (await admin.get(`/api/admin/drivers/${carla.driverId}`)).body;
    expect(detail.stats).toMatchObject({
      acceptance_rate: dash.body.stats.acceptance_rate,
      cancellation_rate: dash.body.stats.cancellation_rate,
      rating: dash.body.stats.rating,
    });
    expect(dash.body.comments).toEqual([{ stars: 4, comment: 'Kind and careful', at: expect.any(String) }]);
    expect(JSON.stringify(dash.body)).not.toContain('Dash Cody');

    // The ride's pickup is demand near Carla now: one request, in a cell within the radius; counts only.
    const demand = await carla.client.get('/api/drivers/me/demand');
    expect(demand.status).toBe(200);
    expect(demand.body.cells.length).toBeGreaterThan(0);
    expect(demand.body.cells[0]).toMatchObject({ requests: 1 });
    expect(demand.body.cells[0].distance_m).toBeLessThan(5000);
    expect(Object.keys(demand.body.cells[0]).sort()).toEqual(['bearing', 'cell', 'center', 'distance_m', 'gap', 'requests']);
    expect(JSON.stringify(demand.body)).not.toContain(rider.id);
    carla.socket.close();
  });
});
