// Fare policies (issue 12, decision 0032): versioned per city, zone scope and ride type; quotes use the
// version in force, rides keep their snapshot; the night window; the simulator; admins only, audited.
import { randomUUID } from 'node:crypto';
import { minuteOfDayIn } from '@openride/shared/pricing/fare-policy';
import { computeFare } from '@openride/shared/rides/fare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleRouting } from '../src/routing/great-circle-routing';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;

// A city of this file's own (no time zone known: its windows read UTC), so nothing here moves San Francisco's prices.
const CITY = 'fp-sac';
const PICKUP = { lat: 38.5816, lng: -121.4944, label: 'Capitol' };
const DROPOFF = { lat: 38.6, lng: -121.47, label: 'North' };
const HOUR = 3_600_000;
/** A day after the versions made below take effect (they start now), as YYYY-MM-DD in UTC. */
const LATER_DAY = new Date(Date.now() + 2 * 24 * HOUR).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  await server.services.db
    .insertInto('cities')
    .values({ id: CITY, name: 'Sacramento', currency: 'USD', center_lat: PICKUP.lat, center_lng: PICKUP.lng, radius_km: 15 })
    .execute();
  // Served by polygon (decision 0031): a service area around both ends of the test trip.
  const area = await admin.post('/api/admin/zones', {
    city_id: CITY,
    type: 'service_area',
    name: 'Sacramento',
    color: '#0ea5e9',
    priority: 0,
    enabled: true,
    geometry: square(-121.6, 38.5, -121.4, 38.7),
  });
  expect(area.status).toBe(201);
});

/** A GeoJSON polygon over a lng/lat box. */
const square = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
afterAll(() => server?.stop());

type Rates = { base_cents: number; per_km_cents: number; per_min_cents: number; minimum_cents: number; booking_fee_cents: number; seats: number };
const rates = (base_cents: number, more: Partial<Rates> = {}): Rates => ({
  base_cents,
  per_km_cents: 120,
  per_min_cents: 35,
  minimum_cents: 900,
  booking_fee_cents: 200,
  seats: 4,
  ...more,
});

const create = (body: Record<string, unknown>, city = CITY, client = admin) => client.post(`/api/admin/pricing/${city}/policies`, body);
const policyCount = async () =>
  Number(
    (
      await server.services.db
        .selectFrom('fare_policies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditRows = async () =>
  (await admin.get('/api/admin/audit-log?action=fare_policy.create&limit=100')).body.items as Array<{
    entity_id: string;
    actor_id: string;
    before: unknown;
    after: Record<string, unknown>;
  }>;
const route = () => greatCircleRouting().route(PICKUP, DROPOFF);
const quoteOf = async (client: TestClient, rideType: string) => {
  const res = await client.post('/api/rides/quote', { pickup: PICKUP, destination: DROPOFF });
  expect(res.status).toBe(200);
  return (res.body.options as Array<{ ride_type: string; fare_cents: number }>).find((o) => o.ride_type === rideType)?.fare_cents;
};
const simulate = (body: Record<string, unknown>) =>
  admin.post('/api/admin/pricing/simulate', { city: CITY, zone_id: null, distance_m: 5_000, duration_s: 900, ...body });

describe('who may', () => {
  it('refuses every fare policy route to riders, drivers (403) and visitors (401): nothing created, nothing audited', async () => {
    const rider = await newUser(server, 'Priya Rider');
    const driver = await approvedDriverOf(server, admin, 'Dev Driver');
    const before = { policies: await policyCount(), audit: (await auditRows()).length };
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get(`/api/admin/pricing/${CITY}`)).status).toBe(status);
      expect((await create({ ride_type: 'economy', ...rates(1) }, CITY, client)).status).toBe(status);
      expect((await create({ ride_type: 'economy', ...rates(1) }, 'sf', client)).status).toBe(status);
      expect(
        (await client.post('/api/admin/pricing/simulate', { city: 'sf', zone_id: null, ride_type: 'economy', distance_m: 1000, duration_s: 60 })).status,
      ).toBe(status);
    }
    expect(await policyCount()).toBe(before.policies);
    expect((await auditRows()).length).toBe(before.audit);
  });
});

describe('versions and quotes', () => {
  it('the migrated price table is version 1 of each San Francisco default, in force since the epoch', async () => {
    const res = await admin.get('/api/admin/pricing/sf');
    expect(res.status).toBe(200);
    expect(res.body.city).toEqual({ id: 'sf', name: 'San Francisco', currency: 'USD', time_zone: 'America/Los_Angeles' });
    expect(res.body.current.map((p: { ride_type: string; version: number; zone_id: null }) => [p.ride_type, p.version, p.zone_id])).toEqual([
      ['economy', 1, null],
      ['comfort', 1, null],
      ['xl', 1, null],
    ]);
    expect(res.body.current[0]).toMatchObject({
      base_cents: 250,
      per_km_cents: 110,
      per_min_cents: 30,
      minimum_cents: 800,
      booking_fee_cents: 250,
      seats: 4,
      night: null,
      effective_from: '1970-01-01T00:00:00.000Z',
      created_by: null,
      status: 'in_force',
    });
    expect((await admin.get('/api/admin/pricing/nowhere')).status).toBe(404);
  });

  it('a quote before and after a new version: the fare follows the version in force; old versions are kept unchanged; each version audited', async () => {
    const rider = await newUser(server, 'Quote Quinn');
    const trip = await route();
    // No policy yet in this city: no ride type offered.
    expect(await quoteOf(rider.client, 'economy')).toBeUndefined();

    const v1 = await create({ ride_type: 'economy', ...rates(300), note: 'Launch prices' });
    expect(v1.status).toBe(201);
    expect(v1.body.policy).toMatchObject({
      city_id: CITY,
      zone_id: null,
      ride_type: 'economy',
      version: 1,
      base_cents: 300,
      status: 'in_force',
      note: 'Launch prices',
    });
    expect(await quoteOf(rider.client, 'economy')).toBe(computeFare(rates(300), trip.distance_m, trip.duration_s));

    const v2 = await create({ ride_type: 'economy', ...rates(500, { per_km_cents: 150 }) });
    expect(v2.body.policy.version).toBe(2);
    const after = await quoteOf(rider.client, 'economy');
    expect(after).toBe(computeFare(rates(500, { per_km_cents: 150 }), trip.distance_m, trip.duration_s));
    expect(after).toBeGreaterThan(computeFare(rates(300), trip.distance_m, trip.duration_s));

    const list = (await admin.get(`/api/admin/pricing/${CITY}`)).body;
    const economy = list.history.filter((p: { ride_type: string }) => p.ride_type === 'economy');
    expect(economy.map((p: { version: number; status: string; base_cents: number }) => [p.version, p.status, p.base_cents])).toEqual([
      [2, 'in_force', 500],
      [1, 'superseded', 300],
    ]);
    expect(list.current.find((p: { ride_type: string }) => p.ride_type === 'economy').id).toBe(v2.body.policy.id);
    expect(economy[0].created_by_name).toBeTruthy();

    // One audit row per version, by the admin, with the version it follows as `before`.
    const audits = await auditRows();
    const a1 = audits.find((a) => a.entity_id === v1.body.policy.id)!;
    const a2 = audits.find((a) => a.entity_id === v2.body.policy.id)!;
    expect(a1.before).toBeNull();
    expect(a1.after).toMatchObject({ city_id: CITY, ride_type: 'economy', version: 1, base_cents: 300 });
    expect(a2.before).toMatchObject({ version: 1, base_cents: 300, per_km_cents: 120 });
    expect(a2.after).toMatchObject({ version: 2, base_cents: 500, per_km_cents: 150 });
    expect(audits.filter((a) => a.entity_id === v2.body.policy.id)).toHaveLength(1);
  });

  it('a version effective later does not apply until its time: quotes keep the one in force, the simulator at that time uses it', async () => {
    const rider = await newUser(server, 'Future Fay');
    const trip = await route();
    expect((await create({ ride_type: 'comfort', ...rates(400, { seats: 4 }) })).status).toBe(201);
    const later = new Date(Date.now() + HOUR).toISOString();
    const scheduled = await create({ ride_type: 'comfort', ...rates(900), effective_from: later });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.policy).toMatchObject({ version: 2, status: 'scheduled', effective_from: later });

    expect(await quoteOf(rider.client, 'comfort')).toBe(computeFare(rates(400), trip.distance_m, trip.duration_s));
    const list = (await admin.get(`/api/admin/pricing/${CITY}`)).body;
    expect(list.current.find((p: { ride_type: string }) => p.ride_type === 'comfort').version).toBe(1);

    const now = await simulate({ ride_type: 'comfort' });
    const then = await simulate({ ride_type: 'comfort', at: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect(now.body.policy.version).toBe(1);
    expect(then.body.policy.version).toBe(2);
    expect(then.body.breakdown.total_cents).toBe(computeFare(rates(900), 5_000, 900));
    // Before the city had any comfort version there is none in force.
    expect((await simulate({ ride_type: 'comfort', at: '2000-01-01T00:00:00Z' })).status).toBe(404);
  });

  it('a ride keeps the prices it was booked on after a new version, with the version it came from', async () => {
    const rider = await newUser(server, 'Snapshot Sam');
    const booked = await rider.client.post('/api/rides', { pickup: PICKUP, destination: DROPOFF, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    const inForce = (await admin.get(`/api/admin/pricing/${CITY}`)).body.current.find((p: { ride_type: string }) => p.ride_type === 'economy');
    const trip = await route();
    expect(ride.fare_cents).toBe(computeFare(inForce, trip.distance_m, trip.duration_s));

    expect((await create({ ride_type: 'economy', ...rates(2000) })).status).toBe(201);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.fare_cents).toBe(ride.fare_cents);
    const row = await server.services.db.selectFrom('rides').select(['pricing', 'fare_cents']).where('id', '=', ride.id).executeTakeFirstOrThrow();
    const snapshot = (typeof row.pricing === 'string' ? JSON.parse(row.pricing) : row.pricing) as Record<string, unknown>;
    expect(snapshot).toMatchObject({
      policy_id: inForce.id,
      policy_version: inForce.version,
      zone_id: null,
      base_cents: inForce.base_cents,
      time_multiplier: 1,
      surge_multiplier: 1,
    });
    expect(row.fare_cents).toBe(ride.fare_cents);
    // The next quote is the new version's.
    expect(await quoteOf(rider.client, 'economy')).toBe(computeFare(rates(2000), trip.distance_m, trip.duration_s));
    await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
  });

  it("a pricing zone's own version wins for a pickup in it; elsewhere, and for ride types it has none of, the city default applies", async () => {
    // A pricing zone around the trip's pickup, drawn on /geofence-management.
    const drawn = await admin.post('/api/admin/zones', {
      city_id: CITY,
      type: 'pricing_zone',
      name: 'Capitol',
      color: '#f43f5e',
      priority: 5,
      enabled: true,
      geometry: square(-121.5, 38.575, -121.49, 38.585),
    });
    expect(drawn.status).toBe(201);
    const zone = drawn.body.zone.id as string;
    const rider = await newUser(server);
    const before = await quoteOf(rider.client, 'economy');
    const own = await create({ zone_id: zone, ride_type: 'economy', ...rates(111) });
    expect(own.status).toBe(201);
    expect(own.body.policy).toMatchObject({ zone_id: zone, version: 1 });
    const inZone = await simulate({ ride_type: 'economy', zone_id: zone });
    expect(inZone.body.policy).toMatchObject({ id: own.body.policy.id, zone_id: zone });
    expect((await simulate({ ride_type: 'economy', zone_id: null })).body.policy.zone_id).toBeNull();
    expect((await simulate({ ride_type: 'comfort', zone_id: zone })).body.policy.zone_id).toBeNull();
    // A rider's quote from inside the zone is priced on the zone's version.
    const { distance_m, duration_s } = await route();
    expect(await quoteOf(rider.client, 'economy')).toBe(computeFare(rates(111), distance_m, duration_s));
    expect(await quoteOf(rider.client, 'economy')).not.toBe(before);
    // The zone's versions are numbered on their own.
    expect((await create({ zone_id: zone, ride_type: 'economy', ...rates(112) })).body.policy.version).toBe(2);
    // A zone that is not one of this city's pricing zones is refused, and nothing is stored.
    const count = await policyCount();
    expect((await create({ zone_id: randomUUID(), ride_type: 'economy', ...rates(113) })).status).toBe(400);
    expect(await policyCount()).toBe(count);
    // Disabled, the zone no longer prices the pickup: the city default is back.
    expect((await admin.request(`/api/admin/zones/${zone}`, { method: 'PATCH', json: { enabled: false } })).status).toBe(200);
    expect(await quoteOf(rider.client, 'economy')).toBe(before);
  });
});

describe('the night window', () => {
  const night = { multiplier: 1.5, start: '22:00', end: '05:00' };

  it('applies inside a window that wraps midnight and not outside it, to the trip price only (simulator, the city clock: UTC here)', async () => {
    expect((await create({ ride_type: 'xl', ...rates(1000, { seats: 6 }), night })).status).toBe(201);
    const day = LATER_DAY;
    const at = async (hhmm: string) => (await simulate({ ride_type: 'xl', at: `${day}T${hhmm}:00Z` })).body;
    const plain = computeFare(rates(1000), 5_000, 900);
    const nightly = computeFare(rates(1000), 5_000, 900, { time: 1.5 });
    for (const inside of ['22:00', '23:30', '00:00', '03:00', '04:59']) {
      const b = await at(inside);
      expect(b.breakdown.time_multiplier, inside).toBe(1.5);
      expect(b.breakdown.total_cents, inside).toBe(nightly);
    }
    for (const outside of ['05:00', '12:00', '21:59']) {
      const b = await at(outside);
      expect(b.breakdown.time_multiplier, outside).toBe(1);
      expect(b.breakdown.total_cents, outside).toBe(plain);
    }
    // The booking fee is never multiplied: the difference is half the trip price.
    const b = await at('23:30');
    expect(b.breakdown.booking_fee_cents).toBe(200);
    expect(nightly - plain).toBe(Math.floor((1000 + 120 * 5 + 35 * 15) * 0.5 + 0.5));
  });

  it("is read on the city's own clock: San Francisco's 22:30 is 06:30 UTC", async () => {
    const sfNight = await create(
      {
        ride_type: 'xl',
        base_cents: 450,
        per_km_cents: 200,
        per_min_cents: 50,
        minimum_cents: 1400,
        booking_fee_cents: 250,
        seats: 6,
        night: { multiplier: 1.2, start: '22:00', end: '05:00' },
      },
      'sf',
    );
    expect(sfNight.status).toBe(201);
    const sim = (atIso: string) =>
      admin.post('/api/admin/pricing/simulate', { city: 'sf', zone_id: null, ride_type: 'xl', distance_m: 8_000, duration_s: 1_200, at: atIso });
    // In November San Francisco is UTC−8: 06:30 UTC is 22:30 the evening before there, 22:30 UTC is 14:30.
    expect((await sim(`${LATER_DAY}T06:30:00Z`)).body.breakdown.time_multiplier).toBe(1.2);
    expect((await sim(`${LATER_DAY}T22:30:00Z`)).body.breakdown.time_multiplier).toBe(1);
  });

  it('applies to quotes made inside the window', async () => {
    const rider = await newUser(server, 'Night Owl');
    const trip = await route();
    // A window around this minute (UTC, this city's clock), wrapping midnight or not.
    const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const hhmm = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const v = await create({ ride_type: 'economy', ...rates(700), night: { multiplier: 1.25, start: hhmm(minute - 30), end: hhmm(minute + 30) } });
    expect(v.status).toBe(201);
    expect(await quoteOf(rider.client, 'economy')).toBe(computeFare(rates(700), trip.distance_m, trip.duration_s, { time: 1.25 }));
    // Outside it (the window moved away from now): the plain fare.
    expect((await create({ ride_type: 'economy', ...rates(700), night: { multiplier: 1.25, start: hhmm(minute + 60), end: hhmm(minute + 120) } })).status).toBe(
      201,
    );
    expect(await quoteOf(rider.client, 'economy')).toBe(computeFare(rates(700), trip.distance_m, trip.duration_s));
  });
  it('a ride booked inside the window keeps its multiplier: the receipt shows it as a line, and the lines add up to the fare', async () => {
    // San Francisco's clock this time: a comfort version whose window holds this minute there.
    const minute = minuteOfDayIn(new Date(), 'America/Los_Angeles');
    const hhmm = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const comfort = { ride_type: 'comfort', base_cents: 350, per_km_cents: 155, per_min_cents: 40, minimum_cents: 1100, booking_fee_cents: 250, seats: 4 };
    expect((await create({ ...comfort, night: { multiplier: 1.4, start: hhmm(minute - 30), end: hhmm(minute + 30) } }, 'sf')).status).toBe(201);
    const driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Receipt Rita');
    const rider = await newUser(server, 'Receipt Rob');
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'comfort', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    const trip = await greatCircleRouting().route(UNION_SQUARE, FERRY_BUILDING);
    expect(ride.fare_cents).toBe(computeFare(comfort, trip.distance_m, trip.duration_s, { time: 1.4 }));

    // The window moves away before the trip ends: the ride keeps what it was booked on.
    expect((await create({ ...comfort, night: null }, 'sf')).status).toBe(201);
    await nextOffer(driver, ride.id);
    for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    driver.socket.close();

    const receipt = (await rider.client.get(`/api/rides/${ride.id}/receipt`)).body.receipt as {
      fare_cents: number;
      lines: Array<{ label: string; amount_cents: number }>;
    };
    expect(receipt.fare_cents).toBe(ride.fare_cents);
    expect(receipt.lines.map((l) => l.label)).toEqual([
      'Comfort base fare',
      expect.stringMatching(/^Distance/),
      expect.stringMatching(/^Time \(/),
      'Time of day × 1.4',
      'Booking fee',
    ]);
    expect(receipt.lines.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(ride.fare_cents);
  });
});

describe('the simulator', () => {
  it('gives every line, and they add up to the total, for trips short and long, by day and by night', async () => {
    for (const [distance_m, duration_s, at] of [
      [0, 0, `${LATER_DAY}T12:00:00Z`],
      [1_234, 321, `${LATER_DAY}T23:00:00Z`],
      [25_555, 2_999, `${LATER_DAY}T12:00:00Z`],
      [60_000.5, 7_200, `${LATER_DAY}T02:00:00Z`],
    ] as const) {
      const res = await simulate({ ride_type: 'xl', distance_m, duration_s, at });
      expect(res.status).toBe(200);
      const { lines, breakdown } = res.body as {
        lines: Array<{ key: string; amount_cents: number }>;
        breakdown: { total_cents: number; minimum_adjustment_cents: number };
      };
      expect(lines.map((l) => l.key)).toEqual(['base', 'distance', 'time', 'multipliers', 'minimum', 'booking_fee']);
      expect(lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(breakdown.total_cents);
      expect(breakdown.total_cents).toBeGreaterThanOrEqual(900 + 200);
    }
    // A short trip is floored at the minimum (comfort's version in force: base 400, minimum 900).
    const short = (await simulate({ ride_type: 'comfort', distance_m: 100, duration_s: 30 })).body;
    expect(short.breakdown.minimum_adjustment_cents).toBe(900 - Math.floor(400 + 12 + 17.5 + 0.5));
    expect(short.breakdown.total_cents).toBe(900 + 200);
    expect((await simulate({ ride_type: 'xl', distance_m: -1 })).status).toBe(400);
    expect((await admin.post('/api/admin/pricing/simulate', { city: 'nowhere', zone_id: null, ride_type: 'xl', distance_m: 1, duration_s: 1 })).status).toBe(
      404,
    );
  });
});

describe('bad input', () => {
  it('is refused with 400 and words; no version is created and nothing is audited', async () => {
    const base = { ride_type: 'economy', ...rates(300) };
    const before = { policies: await policyCount(), audit: (await auditRows()).length };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, base_cents: -1 }, /base fare cannot be negative/i],
      [{ ...base, minimum_cents: -100 }, /minimum fare cannot be negative/i],
      [{ ...base, booking_fee_cents: 2.5 }, /whole number of cents/i],
      [{ ...base, per_km_cents: '110' }, /number of cents/i],
      [{ ...base, night: { multiplier: 3.5, start: '22:00', end: '05:00' } }, /between 1 and 3/],
      [{ ...base, night: { multiplier: 0.8, start: '22:00', end: '05:00' } }, /between 1 and 3/],
      [{ ...base, night: { multiplier: 1.2, start: '10pm', end: '05:00' } }, /HH:MM/],
      [{ ...base, night: { multiplier: 1.2, start: '22:00', end: '22:00' } }, /different times/],
      [{ ...base, night: { multiplier: 1.2, start: '22:00' } }, /./],
      [{ ...base, effective_from: new Date(Date.now() - HOUR).toISOString() }, /in the past/],
      [{ ...base, effective_from: 'next tuesday' }, /ISO date-time/],
      [{ ...base, ride_type: 'limo' }, /./],
      [{ ...base, zone_id: 'downtown' }, /zone id/],
      [{ ...base, seats: 0 }, /Seats/],
      [{ ...base, surprise: true }, /./],
    ];
    for (const [body, words] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
      expect(res.body.error.message, JSON.stringify(body)).toMatch(words);
    }
    expect((await create(base, 'nowhere')).status).toBe(404);
    expect(await policyCount()).toBe(before.policies);
    expect((await auditRows()).length).toBe(before.audit);
    // A date a few seconds behind the server's clock is taken as now (the admin's clock, the request's flight).
    const slightly = await create({ ...base, effective_from: new Date(Date.now() - 5_000).toISOString() });
    expect(slightly.status).toBe(201);
    expect(new Date(slightly.body.policy.effective_from).getTime()).toBeGreaterThan(Date.now() - 5_000);
  });
});
