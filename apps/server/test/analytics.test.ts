import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

type Outcome = 'completed' | 'cancelled-rider' | 'cancelled-driver' | 'no_driver' | 'requested';

/**
 * Past rides with exact timings, written straight into the database: the analytics read history, and
 * history cannot be made through the API in the past. Everything asserted is read through HTTP.
 */
async function pastRide(
  riderId: string,
  driverUserId: string | null,
  requestedAt: string,
  outcome: Outcome,
  opts: { waitS?: number; tripS?: number; fare?: number; city?: string } = {},
) {
  const { db } = server.services;
  const city = await db
    .selectFrom('cities')
    .select(['id', 'currency'])
    .where('id', '=', opts.city ?? 'sf')
    .executeTakeFirstOrThrow();
  const driverId = driverUserId ? ((await db.selectFrom('drivers').select('id').where('user_id', '=', driverUserId).executeTakeFirst())?.id ?? null) : null;
  const t0 = new Date(requestedAt);
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const arrived = opts.waitS ?? 300;
  const started = arrived + 60;
  await db
    .insertInto('rides')
    .values({
      city_id: city.id,
      rider_id: riderId,
      driver_id: outcome === 'completed' || outcome === 'cancelled-driver' ? driverId : null,
      ride_type: 'economy',
      status: outcome === 'completed' ? 'completed' : outcome.startsWith('cancelled') ? 'cancelled' : outcome === 'no_driver' ? 'no_driver' : 'requested',
      pickup_lat: 37.79,
      pickup_lng: -122.4,
      dropoff_lat: 37.77,
      dropoff_lng: -122.45,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: opts.fare ?? 1500,
      currency: city.currency,
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: t0,
      accepted_at: outcome === 'completed' || outcome === 'cancelled-driver' ? at(30) : null,
      arrived_at: outcome === 'completed' ? at(arrived) : null,
      started_at: outcome === 'completed' ? at(started) : null,
      completed_at: outcome === 'completed' ? at(started + (opts.tripS ?? 600)) : null,
      cancelled_at: outcome.startsWith('cancelled') ? at(45) : null,
      cancelled_by: outcome === 'cancelled-rider' ? 'rider' : outcome === 'cancelled-driver' ? 'driver' : null,
    })
    .execute();
}

const get = (client: TestClient, q: string) => client.get(`/api/admin/analytics?${q}`);

describe('GET /api/admin/analytics', () => {
  it('counts rides per day by outcome in the operator’s time zone, with rates, percentiles, fares and activity', async () => {
    const rider = await newUser(server, 'Ana Lytics');
    const other = await newUser(server, 'Bo Rider');
    // 2025-03-10 in Los Angeles (UTC-7 that day): 07:00Z on the 11th is still the 10th there.
    await pastRide(rider.id, null, '2025-03-10T18:00:00Z', 'completed', { waitS: 120, tripS: 600, fare: 1000 });
    await pastRide(rider.id, null, '2025-03-11T06:30:00Z', 'completed', { waitS: 240, tripS: 1200, fare: 2500 });
    await pastRide(other.id, null, '2025-03-10T20:00:00Z', 'cancelled-rider');
    await pastRide(other.id, null, '2025-03-11T20:00:00Z', 'no_driver');
    await pastRide(other.id, null, '2025-03-11T21:00:00Z', 'cancelled-driver');
    // Outside the range on either side.
    await pastRide(rider.id, null, '2025-03-09T06:00:00Z', 'completed');
    await pastRide(rider.id, null, '2025-03-13T08:00:00Z', 'completed');

    const res = await get(admin, 'from=2025-03-10&to=2025-03-12&tz=America/Los_Angeles');
    expect(res.status).toBe(200);
    const a = res.body;
    expect(a.days.map((d: { day: string }) => d.day)).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
    expect(a.days[0]).toMatchObject({ requested: 3, completed: 2, cancelled_by_rider: 1, fares: { USD: 3500 } });
    expect(a.days[1]).toMatchObject({ requested: 2, completed: 0, no_driver: 1, cancelled_by_driver: 1 });
    expect(a.days[2]).toMatchObject({ requested: 0, completed: 0, fares: {} });
    expect(a.totals).toMatchObject({ requested: 5, completed: 2, cancelled_by_rider: 1, cancelled_by_driver: 1, no_driver: 1, fares: { USD: 3500 } });
    expect(a.totals.completion_rate).toBeCloseTo(2 / 5);
    expect(a.pickup_wait_s).toEqual({ p50: 180, p90: 228 });
    expect(a.trip_duration_s).toEqual({ p50: 900, p90: 1140 });
    expect(a.active_riders).toBe(2);
    expect(a.currencies).toEqual(['USD']);
    expect(a.city).toBeNull();

    // The same instants in UTC fall on other days.
    const utc = (await get(admin, 'from=2025-03-10&to=2025-03-12&tz=UTC')).body;
    expect(utc.days[0].requested).toBe(2);
    expect(utc.days[1].requested).toBe(3);
  });

  it('never adds two currencies together; a city, or a staff member of some cities, reads only theirs (issue 29 §3)', async () => {
    const created = await admin.post('/api/admin/cities', {
      id: 'madrid-analytics',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(created.status).toBe(201);
    const rider = await newUser(server, 'Eu Rider');
    await pastRide(rider.id, null, '2025-06-02T12:00:00Z', 'completed', { fare: 1200 });
    await pastRide(rider.id, null, '2025-06-02T13:00:00Z', 'completed', { fare: 800, city: 'madrid-analytics' });
    await pastRide(rider.id, null, '2025-06-02T14:00:00Z', 'completed', { fare: 700, city: 'madrid-analytics' });

    const all = (await get(admin, 'from=2025-06-02&to=2025-06-02&tz=UTC')).body;
    expect(all.currencies).toEqual(['EUR', 'USD']);
    expect(all.totals.fares).toEqual({ USD: 1200, EUR: 1500 });
    expect(all.days[0].fares).toEqual({ USD: 1200, EUR: 1500 });
    expect(all.totals.completed).toBe(3);

    const madrid = (await get(admin, 'from=2025-06-02&to=2025-06-02&tz=UTC&city=madrid-analytics')).body;
    expect(madrid).toMatchObject({ city: 'madrid-analytics', currencies: ['EUR'], totals: { completed: 2, fares: { EUR: 1500 } } });

    // A Madrid-scoped member reads Madrid without asking, and may not ask for San Francisco.
    const member = await newUser(server, 'Ana Madrid');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: member.id, role: 'operations', cityIds: ['madrid-analytics'], invitedBy: null }));
    const scoped = (await get(member.client, 'from=2025-06-02&to=2025-06-02&tz=UTC')).body;
    expect(scoped).toMatchObject({ city: null, currencies: ['EUR'], totals: { completed: 2, fares: { EUR: 1500 } } });
    expect((await get(member.client, 'from=2025-06-02&to=2025-06-02&tz=UTC&city=sf')).status).toBe(404);
  });

  it('answers an empty range with zeros and no percentiles', async () => {
    const res = await get(admin, 'from=2020-01-01&to=2020-01-02');
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ requested: 0, completion_rate: null });
    expect(res.body.pickup_wait_s).toEqual({ p50: null, p90: null });
    expect(res.body.days).toHaveLength(2);
  });

  it('refuses bad ranges with a clear error', async () => {
    for (const [q, message] of [
      ['from=2025-03-12&to=2025-03-10', '"from" must be on or before "to"'],
      ['from=2024-01-01&to=2025-06-01', 'Choose at most 366 days'],
      ['from=yesterday&to=2025-03-10', 'Use a date like 2026-11-22'],
      ['from=2025-03-10&to=2025-03-11&tz=Mars/Olympus', 'Unknown time zone'],
    ] as const) {
      const res = await get(admin, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message, q).toBe(message);
    }
  });

  it('refuses a rider and a visitor', async () => {
    const rider = await newUser(server, 'Nosy Rider');
    expect((await get(rider.client, 'from=2025-03-10&to=2025-03-12')).status).toBe(403);
    expect((await get(server.client(), 'from=2025-03-10&to=2025-03-12')).status).toBe(401);
  });
});
