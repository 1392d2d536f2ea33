// The public pages' API (issue 12, "Public pages drawn from live configuration"; decision 0036): no
// sign-in, and the numbers are the ones the server prices with — an admin's change to a fare policy, a
// cancellation policy or surge shows at once; an estimate is the signed-in rider's quote for the trip;
// estimates are limited per network address; bad input is refused with words.
import { DEFAULT_SURGE_RULE } from '@openride/shared/surge/surge';
import { ESTIMATES_PER_MINUTE, PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { publicText } from '@openride/shared/public/public-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, FERRY_BUILDING, GOLDEN_GATE_PARK, newUser, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;
/** A visitor: no session at all. */
let visitor: TestClient;

/** Inside the seeded downtown pricing zone (Financial District / SoMa). */
const DOWNTOWN = { lat: 37.788, lng: -122.398, label: 'Downtown' };
const OAKLAND = { lat: 37.8044, lng: -122.2712, label: 'Oakland' };
const ALCATRAZ = { lat: 37.8267, lng: -122.423, label: 'Alcatraz' };

beforeAll(async () => {
  // No surge ticker: multipliers move only when a test says so.
  server = await startTestServer(ADMIN_ENV, { surge: { tick: false }, dispatchTick: false });
  admin = await adminOf(server);
  visitor = server.client();
});
afterAll(() => server?.stop());

let n = 0;
/** A network address of its own per test (TRUST_PROXY=1: the proxy appends the client's), so limits never mix. */
const address = () => `203.0.113.${(n++ % 250) + 1}`;
const estimate = (body: unknown, from: string, client: TestClient = visitor) =>
  client.request('/api/public/estimate', { method: 'POST', json: body, headers: { 'x-forwarded-for': from } });
const pricing = async (city = 'sf') => {
  const res = await visitor.get(`/api/public/pricing/${city}`);
  expect(res.status).toBe(200);
  return res.body;
};
const typeOf = (body: { ride_types: Array<{ ride_type: string }> }, t: string) => body.ride_types.find((r) => r.ride_type === t) as any;
const downtownZone = async () => {
  const zones = (await admin.get('/api/admin/zones?city_id=sf')).body.items as Array<{ id: string; name: string; type: string }>;
  return zones.find((z) => z.type === 'pricing_zone' && /downtown/i.test(z.name))!;
};

describe('GET /api/public/cities', () => {
  it('answers a visitor with each served city, its time zone, map centre and service areas as GeoJSON, cacheable for a minute', async () => {
    const res = await visitor.get('/api/public/cities');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${PUBLIC_MAX_AGE_S}`);
    const sf = res.body.cities.find((c: { id: string }) => c.id === 'sf');
    expect(sf).toMatchObject({ name: 'San Francisco', currency: 'USD', time_zone: 'America/Los_Angeles' });
    expect(sf.center.lat).toBeCloseTo(37.77, 1);
    expect(sf.service_area.type).toBe('FeatureCollection');
    // The city's land and SFO's grounds (decision 0031): service areas only, never the pricing or restricted zones.
    const admins = (await admin.get('/api/admin/zones?city_id=sf')).body.items as Array<{ id: string; type: string; enabled: boolean }>;
    const areaIds = admins.filter((z) => z.type === 'service_area' && z.enabled).map((z) => z.id);
    expect(sf.service_area.features.map((f: { id: string }) => f.id).sort()).toEqual([...areaIds].sort());
    expect(sf.service_area.features[0].geometry.type).toMatch(/Polygon/);
  });

  it('lists a new city only once it has an enabled service area', async () => {
    const city = await admin.post('/api/admin/cities', {
      id: 'pub-sac',
      name: 'Sacramento',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      center_lat: 38.58,
      center_lng: -121.49,
    });
    expect(city.status).toBe(201);
    const ids = async () => (await visitor.get('/api/public/cities')).body.cities.map((c: { id: string }) => c.id) as string[];
    expect(await ids()).not.toContain('pub-sac');
    const area = await admin.post('/api/admin/zones', {
      city_id: 'pub-sac',
      type: 'service_area',
      name: 'Sacramento',
      color: '#0ea5e9',
      priority: 0,
      enabled: true,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-121.6, 38.5],
            [-121.4, 38.5],
            [-121.4, 38.7],
            [-121.6, 38.7],
            [-121.6, 38.5],
          ],
        ],
      },
    });
    expect(area.status).toBe(201);
    expect(await ids()).toContain('pub-sac');
    expect((await admin.patch(`/api/admin/zones/${area.body.zone.id}`, { enabled: false })).status).toBe(200);
    expect(await ids()).not.toContain('pub-sac');
  });
});

describe('GET /api/public/pricing/:city', () => {
  it("reads the fare policy versions in force, as the admin's price list has them, with what each ride type is for", async () => {
    const res = await visitor.get('/api/public/pricing/sf');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${PUBLIC_MAX_AGE_S}`);
    expect(res.body.city).toEqual({ id: 'sf', name: 'San Francisco', currency: 'USD', time_zone: 'America/Los_Angeles' });
    const current = (await admin.get('/api/admin/pricing/sf')).body.current.filter((p: { zone_id: string | null }) => p.zone_id === null);
    expect(res.body.ride_types.map((r: { ride_type: string }) => r.ride_type)).toEqual(current.map((p: { ride_type: string }) => p.ride_type));
    for (const p of current) {
      const r = typeOf(res.body, p.ride_type);
      expect(r.fare).toMatchObject({
        base_cents: p.base_cents,
        per_km_cents: p.per_km_cents,
        per_min_cents: p.per_min_cents,
        minimum_cents: p.minimum_cents,
        booking_fee_cents: p.booking_fee_cents,
        version: p.version,
      });
      expect(r.seats).toBe(p.seats);
      expect(r.from_cents).toBe(p.minimum_cents + p.booking_fee_cents);
      expect(r.description).toBe(publicText.rideTypes[p.ride_type as 'economy']);
    }
    expect(typeOf(res.body, 'economy').fare).toMatchObject({
      base_cents: 250,
      per_km_cents: 110,
      per_min_cents: 30,
      minimum_cents: 800,
      booking_fee_cents: 250,
      night: null,
    });
  });

  it('follows an admin: a new city-default version, a night window, and a downtown version of its own', async () => {
    const downtown = await downtownZone();
    const saved = await admin.post('/api/admin/pricing/sf/policies', {
      ride_type: 'comfort',
      zone_id: null,
      base_cents: 420,
      per_km_cents: 190,
      per_min_cents: 45,
      minimum_cents: 1300,
      booking_fee_cents: 275,
      seats: 4,
      night: { multiplier: 1.2, start: '22:00', end: '05:00' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const zoned = await admin.post('/api/admin/pricing/sf/policies', {
      ride_type: 'comfort',
      zone_id: downtown.id,
      base_cents: 500,
      per_km_cents: 200,
      per_min_cents: 50,
      minimum_cents: 1500,
      booking_fee_cents: 275,
      seats: 4,
      night: null,
    });
    expect(zoned.status, JSON.stringify(zoned.body)).toBe(201);

    const comfort = typeOf(await pricing(), 'comfort');
    expect(comfort.fare).toMatchObject({
      base_cents: 420,
      per_km_cents: 190,
      per_min_cents: 45,
      minimum_cents: 1300,
      booking_fee_cents: 275,
      night: { multiplier: 1.2, start: '22:00', end: '05:00' },
      version: saved.body.policy.version,
    });
    expect(comfort.from_cents).toBe(1300 + 275);
    expect(comfort.zones).toEqual([
      {
        zone_id: downtown.id,
        zone_name: downtown.name,
        fare: expect.objectContaining({ base_cents: 500, per_km_cents: 200, minimum_cents: 1500, night: null }),
      },
    ]);
    // Other ride types have no downtown version: none listed.
    expect(typeOf(await pricing(), 'economy').zones).toEqual([]);
  });

  it('a version scheduled for later is not shown before its time', async () => {
    const before = typeOf(await pricing(), 'xl').fare;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await admin.post('/api/admin/pricing/sf/policies', {
      ride_type: 'xl',
      zone_id: null,
      base_cents: 999,
      per_km_cents: 250,
      per_min_cents: 50,
      minimum_cents: 1800,
      booking_fee_cents: 300,
      seats: 6,
      night: null,
      effective_from: later,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(typeOf(await pricing(), 'xl').fare).toEqual(before);
  });

  it('shows an edited cancellation policy with its numbers', async () => {
    const policies = (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies as Array<{ id: string; ride_type: string }>;
    const economy = policies.find((p) => p.ride_type === 'economy')!;
    expect(typeOf(await pricing(), 'economy').cancellation).toEqual({
      free_window_s: 120,
      fee_kind: 'fixed',
      fee_fixed_cents: 500,
      fee_percent_bp: expect.any(Number),
      fee_min_cents: expect.any(Number),
      fee_max_cents: expect.any(Number),
      no_show_wait_s: 300,
      no_show_fee_cents: 500,
      late_driver_margin_s: 300,
    });
    const edited = {
      free_window_s: 180,
      fee_kind: 'percent',
      fee_fixed_cents: 0,
      fee_percent_bp: 1500,
      fee_min_cents: 300,
      fee_max_cents: 900,
      no_show_wait_s: 420,
      no_show_fee_cents: 650,
      late_driver_margin_s: 240,
      driver_share_late_cancel_pct: 80,
      driver_share_no_show_pct: 100,
    };
    const res = await admin.request(`/api/admin/cancellation-policies/${economy.id}`, { method: 'PUT', json: edited });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { driver_share_late_cancel_pct: _a, driver_share_no_show_pct: _b, ...shown } = edited;
    expect(typeOf(await pricing(), 'economy').cancellation).toEqual(shown);
  });

  it('says the surge rule with its live numbers, the freeze switch, and each pricing zone’s multiplier now', async () => {
    const downtown = await downtownZone();
    let surge = (await pricing()).surge;
    expect(surge).toMatchObject({
      floor_tenths: DEFAULT_SURGE_RULE.floor_tenths,
      cap_tenths: DEFAULT_SURGE_RULE.cap_tenths,
      frozen: false,
      multiplies: ['base', 'distance', 'time'],
      never: ['booking_fee', 'cancellation_fees'],
    });
    expect(surge.summary).toEqual(publicText.surge.sentences({ floor_tenths: 10, cap_tenths: 20, frozen: false }));
    expect(surge.summary.join(' ')).toContain('never above 2.0×');
    expect(surge.zones).toContainEqual({ zone_id: downtown.id, name: downtown.name, multiplier_tenths: 10 });

    const rule = {
      ...DEFAULT_SURGE_RULE,
      cap_tenths: 18,
      thresholds: [
        { ratio: 1.5, multiplier_tenths: 13 },
        { ratio: 2.5, multiplier_tenths: 18 },
      ],
    };
    expect((await admin.request('/api/admin/surge/rule', { method: 'PUT', json: { city_id: 'sf', rule } })).status).toBe(200);
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    expect((await admin.post(`/api/admin/surge/zones/${downtown.id}/override`, { multiplier_tenths: 15, until })).status).toBe(200);
    surge = (await pricing()).surge;
    expect(surge.cap_tenths).toBe(18);
    expect(surge.summary.join(' ')).toContain('never above 1.8×');
    expect(surge.zones).toContainEqual({ zone_id: downtown.id, name: downtown.name, multiplier_tenths: 15 });

    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(200);
    surge = (await pricing()).surge;
    expect(surge.frozen).toBe(true);
    expect(surge.zones).toContainEqual({ zone_id: downtown.id, name: downtown.name, multiplier_tenths: 10 });
    expect(surge.summary).toContain(publicText.surge.sentences({ floor_tenths: 10, cap_tenths: 18, frozen: true }).at(-1));

    // Back as it was for the other tests.
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: false })).status).toBe(200);
    expect((await admin.request(`/api/admin/surge/zones/${downtown.id}/override`, { method: 'DELETE', json: {} })).status).toBe(200);
    expect((await admin.request('/api/admin/surge/rule', { method: 'PUT', json: { city_id: 'sf', rule: DEFAULT_SURGE_RULE } })).status).toBe(200);
  });

  it('answers 404 for a city nobody has', async () => {
    const res = await visitor.get('/api/public/pricing/atlantis');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(publicText.errors.cityNotFound);
  });
});

describe('POST /api/public/estimate', () => {
  const tripOf = (pickup: typeof UNION_SQUARE, destination: typeof UNION_SQUARE) => ({ pickup, destination });

  it("is the signed-in rider's quote for the same trip: fares per ride type, distance, duration", async () => {
    const rider = await newUser(server, 'Quinn Quote');
    for (const trip of [tripOf(UNION_SQUARE, FERRY_BUILDING), tripOf(DOWNTOWN, UNION_SQUARE)]) {
      const res = await estimate(trip, address());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const quote = await rider.client.post('/api/rides/quote', trip);
      expect(quote.status).toBe(200);
      expect(res.body.options).toEqual(quote.body.options);
      expect(res.body.options.map((o: { ride_type: string }) => o.ride_type)).toEqual(['economy', 'comfort', 'xl']);
      expect(res.body).toMatchObject({ city: quote.body.city, currency: 'USD', distance_m: quote.body.distance_m, duration_s: quote.body.duration_s });
      expect(res.body).not.toHaveProperty('owed_fee_cents');
    }
    // A pickup downtown is priced on downtown's own Comfort version (made above), one outside on the city default —
    // each the fare the admin's simulator gives for the trip's distance and duration.
    const downtown = await downtownZone();
    const inZone = await estimate(tripOf(DOWNTOWN, GOLDEN_GATE_PARK), address());
    const outside = await estimate(tripOf(GOLDEN_GATE_PARK, DOWNTOWN), address());
    expect(inZone.body.surge).toEqual({ multiplier_tenths: 10, zone_name: downtown.name });
    expect(outside.body.surge).toEqual({ multiplier_tenths: 10, zone_name: null });
    const simulated = async (zone_id: string | null, body: { distance_m: number; duration_s: number }) => {
      const res = await admin.post('/api/admin/pricing/simulate', {
        city: 'sf',
        zone_id,
        ride_type: 'comfort',
        distance_m: body.distance_m,
        duration_s: body.duration_s,
      });
      expect(res.status).toBe(200);
      return res.body as { policy: { zone_id: string | null }; breakdown: { total_cents: number } };
    };
    const comfortOf = (body: { options: Array<{ ride_type: string; fare_cents: number }> }) => body.options.find((o) => o.ride_type === 'comfort')!.fare_cents;
    const zoneSim = await simulated(downtown.id, inZone.body);
    expect(zoneSim.policy.zone_id).toBe(downtown.id);
    expect(comfortOf(inZone.body)).toBe(zoneSim.breakdown.total_cents);
    expect(comfortOf(outside.body)).toBe((await simulated(null, outside.body)).breakdown.total_cents);
  });

  it('carries the pickup zone’s surge multiplier, as the rider’s quote locks it in', async () => {
    const downtown = await downtownZone();
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    expect((await admin.post(`/api/admin/surge/zones/${downtown.id}/override`, { multiplier_tenths: 15, until })).status).toBe(200);
    const trip = tripOf(DOWNTOWN, FERRY_BUILDING);
    const res = await estimate(trip, address());
    expect(res.status).toBe(200);
    expect(res.body.surge).toEqual({ multiplier_tenths: 15, zone_name: downtown.name });
    const rider = await newUser(server, 'Sam Surge');
    expect(res.body.options).toEqual((await rider.client.post('/api/rides/quote', trip)).body.options);
    expect((await admin.request(`/api/admin/surge/zones/${downtown.id}/override`, { method: 'DELETE', json: {} })).status).toBe(200);
  });

  it("refuses a pickup outside every service area and a restricted destination, as the rider's quote does", async () => {
    const from = address();
    const outside = await estimate(tripOf(OAKLAND, UNION_SQUARE), from);
    expect(outside.status).toBe(422);
    expect(outside.body.error.code).toBe('OUTSIDE_SERVICE_AREA');
    const restricted = await estimate(tripOf(UNION_SQUARE, ALCATRAZ), from);
    expect(restricted.status).toBe(422);
    expect(restricted.body.error.code).toBe('DESTINATION_RESTRICTED');
  });

  it('refuses bad input with 400 and words', async () => {
    const from = address();
    for (const bad of [
      {},
      { pickup: UNION_SQUARE },
      { pickup: { lat: 200, lng: 0 }, destination: UNION_SQUARE },
      { pickup: { lat: 'north', lng: 0 }, destination: UNION_SQUARE },
      { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy' },
      { pickup: { ...UNION_SQUARE, label: 'x'.repeat(201) }, destination: FERRY_BUILDING },
    ]) {
      const res = await estimate(bad, from);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
      expect(res.body.error.message.length).toBeGreaterThan(0);
    }
    const notJson = await visitor.request('/api/public/estimate', { method: 'POST', headers: { 'content-type': 'text/plain', 'x-forwarded-for': from } });
    expect(notJson.status).toBe(415);
  });

  it(`answers 429 after ${ESTIMATES_PER_MINUTE} estimates a minute from one address; refused trips do not count; other addresses go on`, async () => {
    const from = address();
    const trip = tripOf(UNION_SQUARE, FERRY_BUILDING);
    // A refused trip (outside the service area) gives its point back.
    expect((await estimate(tripOf(OAKLAND, UNION_SQUARE), from)).status).toBe(422);
    for (let i = 0; i < ESTIMATES_PER_MINUTE; i++) expect((await estimate(trip, from)).status).toBe(200);
    const limited = await estimate(trip, from);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_ESTIMATES');
    expect(limited.body.error.message).toMatch(/wait a minute/);
    // A client that writes its own X-Forwarded-For is still counted at the address the proxy appended.
    expect((await estimate(trip, `198.51.100.7, ${from}`)).status).toBe(429);
    expect((await estimate(trip, address())).status).toBe(200);
  });
});
