import { errorText } from '@openride/shared/error-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, eventually, FERRY_BUILDING, GOLDEN_GATE_PARK, newUser, UNION_SQUARE } from './ride-actors';
import { createTestDatabase, testRedisPrefix } from './test-database';
import { startServerOn, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatchTick: false });
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const OAKLAND = { lat: 37.8044, lng: -122.2712, label: 'Oakland' };
/** Inside the old 30 km circle, outside San Francisco's land: served before issue 12, not now. */
const SAN_BRUNO_MOUNTAIN = { lat: 37.68, lng: -122.43, label: 'San Bruno Mountain' };
const ALCATRAZ = { lat: 37.827, lng: -122.4228, label: 'Alcatraz' };
const SFO = { lat: 37.6155, lng: -122.387, label: 'SFO' };

const testPoint = (p: { lat: number; lng: number }) => admin.get(`/api/admin/zones/test-point?lat=${p.lat}&lng=${p.lng}`);
const square = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});
const auditCount = async () => (await admin.get('/api/admin/audit-log?limit=100')).body.items.length as number;
const zonesOf = async (city = 'sf') =>
  (await admin.get(`/api/admin/zones?city_id=${city}`)).body.items as Array<{ id: string; name: string; type: string; enabled: boolean }>;

describe('the demo city, decided by polygon', () => {
  it("serves San Francisco's land and SFO, prices downtown as a zone, and restricts Alcatraz", async () => {
    const ferry = await testPoint(FERRY_BUILDING);
    expect(ferry.status).toBe(200);
    expect(ferry.body).toMatchObject({
      city: { id: 'sf', name: 'San Francisco', currency: 'USD', timezone: 'America/Los_Angeles' },
      service_area: { name: 'San Francisco', type: 'service_area' },
      pricing_zone: { name: 'Downtown (Financial District and SoMa)' },
      restricted: false,
      reference_trip: { distance_m: 5000, duration_s: 900 },
      surge_multiplier: 1,
      surge: { zone_name: 'Downtown (Financial District and SoMa)', multiplier_tenths: 10 },
    });
    // 5 km, 15 min on the demo's economy prices: 250 + 550 + 450 + 250 booking fee.
    expect(ferry.body.fares.map((f: { ride_type: string }) => f.ride_type)).toEqual(['economy', 'comfort', 'xl']);
    expect(ferry.body.fares[0].fare_cents).toBe(1500);

    expect((await testPoint(GOLDEN_GATE_PARK)).body).toMatchObject({ city: { id: 'sf' }, pricing_zone: null, surge: null });
    const sfo = await testPoint(SFO);
    expect(sfo.body).toMatchObject({ city: { id: 'sf' }, service_area: { name: 'SFO airport grounds' } });
    expect(sfo.body.zones.map((z: { type: string }) => z.type)).toEqual(['airport', 'service_area']);
    expect((await testPoint(ALCATRAZ)).body).toMatchObject({ city: null, restricted: true, fares: [] });
    expect((await testPoint(OAKLAND)).body).toMatchObject({ city: null, service_area: null, zones: [], fares: [] });
    expect((await testPoint(SAN_BRUNO_MOUNTAIN)).body.city).toBeNull();
  });

  it('refuses a quote and a request whose pickup is outside every service area, in the words the rider reads', async () => {
    const rider = await newUser(server);
    for (const pickup of [OAKLAND, SAN_BRUNO_MOUNTAIN]) {
      const quote = await rider.client.post('/api/rides/quote', { pickup, destination: FERRY_BUILDING });
      expect(quote.status).toBe(422);
      expect(quote.body.error).toEqual({ code: 'OUTSIDE_SERVICE_AREA', message: "We don't serve this pickup point yet." });
      const request = await rider.client.post('/api/rides', { pickup, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
      expect(request.status).toBe(422);
      expect(request.body.error.code).toBe('OUTSIDE_SERVICE_AREA');
    }
    expect((await rider.client.get('/api/rides/active')).body.ride).toBeNull();
  });

  it('allows a destination outside the service area, and refuses one in a restricted zone', async () => {
    const rider = await newUser(server);
    const restricted = await rider.client.post('/api/rides/quote', { pickup: FERRY_BUILDING, destination: ALCATRAZ });
    expect(restricted.status).toBe(422);
    expect(restricted.body.error).toEqual({ code: 'DESTINATION_RESTRICTED', message: errorText('DESTINATION_RESTRICTED') });
    const refused = await rider.client.post('/api/rides', { pickup: FERRY_BUILDING, destination: ALCATRAZ, ride_type: 'economy', payment_method: 'cash' });
    expect(refused.body.error.code).toBe('DESTINATION_RESTRICTED');
    expect((await rider.client.get('/api/rides/active')).body.ride).toBeNull();

    const toOakland = await rider.client.post('/api/rides/quote', { pickup: FERRY_BUILDING, destination: OAKLAND });
    expect(toOakland.status).toBe(200);
    expect(toOakland.body.city).toEqual({ id: 'sf', name: 'San Francisco' });
    const booked = await rider.client.post('/api/rides', { pickup: FERRY_BUILDING, destination: OAKLAND, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
  });
});

describe('zones at their boundaries', () => {
  it('a vertex and an edge are in the zone; overlapping zones answer by priority; a disabled zone no longer applies', async () => {
    // Two pricing zones over Golden Gate Park's east end, the smaller one with the higher priority.
    const big = await admin.post('/api/admin/zones', {
      city_id: 'sf',
      type: 'pricing_zone',
      name: 'Park wide',
      color: '#0ea5e9',
      priority: 1,
      enabled: true,
      geometry: square(-122.47, 37.76, -122.45, 37.775),
    });
    expect(big.status).toBe(201);
    const small = await admin.post('/api/admin/zones', {
      city_id: 'sf',
      type: 'pricing_zone',
      name: 'Park core',
      color: '#f43f5e',
      priority: 7,
      enabled: true,
      geometry: square(-122.465, 37.765, -122.455, 37.77),
    });
    expect(small.status).toBe(201);

    expect((await testPoint({ lat: 37.76, lng: -122.47 })).body.pricing_zone?.name).toBe('Park wide'); // a vertex
    expect((await testPoint({ lat: 37.775, lng: -122.46 })).body.pricing_zone?.name).toBe('Park wide'); // the north edge
    expect((await testPoint({ lat: 37.775 + 0.00001, lng: -122.46 })).body.pricing_zone).toBeNull(); // a metre north of it
    const core = await testPoint({ lat: 37.7675, lng: -122.46 });
    expect(core.body.pricing_zone.name).toBe('Park core');
    expect(core.body.zones.map((z: { name: string }) => z.name)).toEqual(['Park core', 'Park wide', 'San Francisco']);
    expect((await testPoint({ lat: 37.765, lng: -122.465 })).body.pricing_zone.name).toBe('Park core'); // the core's corner: both hold it, priority decides

    // Priorities swapped: the wide one wins everywhere.
    expect((await admin.patch(`/api/admin/zones/${big.body.zone.id}`, { priority: 9 })).status).toBe(200);
    expect((await testPoint({ lat: 37.7675, lng: -122.46 })).body.pricing_zone.name).toBe('Park wide');
    // Switched off: it applies nowhere, at once.
    expect((await admin.patch(`/api/admin/zones/${big.body.zone.id}`, { enabled: false })).body.zone.enabled).toBe(false);
    expect((await testPoint({ lat: 37.7675, lng: -122.46 })).body.pricing_zone.name).toBe('Park core');
    expect((await testPoint({ lat: 37.761, lng: -122.469 })).body.pricing_zone).toBeNull();

    expect((await admin.delete(`/api/admin/zones/${small.body.zone.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/zones/${big.body.zone.id}`)).status).toBe(200);
    expect((await testPoint({ lat: 37.7675, lng: -122.46 })).body.pricing_zone).toBeNull();
    expect((await admin.delete(`/api/admin/zones/${big.body.zone.id}`)).status).toBe(404);
  });

  it('a disabled service area serves nothing: pickups there are refused until it is switched back on', async () => {
    const rider = await newUser(server);
    const sfArea = (await zonesOf()).find((z) => z.name === 'San Francisco')!;
    expect((await admin.patch(`/api/admin/zones/${sfArea.id}`, { enabled: false })).status).toBe(200);
    try {
      const quote = await rider.client.post('/api/rides/quote', { pickup: UNION_SQUARE, destination: FERRY_BUILDING });
      expect(quote.body.error?.code).toBe('OUTSIDE_SERVICE_AREA');
      expect((await testPoint(UNION_SQUARE)).body.city).toBeNull();
      // SFO is a service area of its own, still on.
      expect((await testPoint(SFO)).body.city?.id).toBe('sf');
    } finally {
      expect((await admin.patch(`/api/admin/zones/${sfArea.id}`, { enabled: true })).status).toBe(200);
    }
    expect((await rider.client.post('/api/rides/quote', { pickup: UNION_SQUARE, destination: FERRY_BUILDING })).status).toBe(200);
  });
});

describe('the admin API', () => {
  it('refuses every route to riders, drivers and visitors', async () => {
    const rider = await newUser(server, 'Nosy Rider');
    const driver = await approvedDriverOf(server, admin, 'Nosy Driver');
    const zone = (await zonesOf())[0]!;
    const before = await zonesOf();
    const body = { city_id: 'sf', type: 'restricted', name: 'Mine', color: '#000000', priority: 1, enabled: true, geometry: square(0, 0, 1, 1) };
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/cities')).status).toBe(status);
      expect(
        (await client.post('/api/admin/cities', { id: 'nope', name: 'Nope', currency: 'USD', timezone: 'UTC', center_lat: 0, center_lng: 0 })).status,
      ).toBe(status);
      expect((await client.patch('/api/admin/cities/sf', { name: 'Hacked' })).status).toBe(status);
      expect((await client.get('/api/admin/zones?city_id=sf')).status).toBe(status);
      expect((await client.post('/api/admin/zones', body)).status).toBe(status);
      expect((await client.patch(`/api/admin/zones/${zone.id}`, { enabled: false })).status).toBe(status);
      expect((await client.delete(`/api/admin/zones/${zone.id}`)).status).toBe(status);
      expect((await client.post('/api/admin/zones/import', { city_id: 'sf', collection: { type: 'FeatureCollection', features: [] } })).status).toBe(status);
      expect((await client.get('/api/admin/zones/export?city_id=sf')).status).toBe(status);
      expect((await client.get('/api/admin/zones/test-point?lat=37.77&lng=-122.42')).status).toBe(status);
    }
    expect(await zonesOf()).toEqual(before);
    expect((await admin.get('/api/admin/cities')).body.items.find((c: { id: string }) => c.id === 'sf').name).toBe('San Francisco');
  });

  it('refuses invalid GeoJSON with 400 and words, and changes nothing', async () => {
    const before = await zonesOf();
    const audits = await auditCount();
    const base = { city_id: 'sf', type: 'pricing_zone', name: 'Bad', color: '#123456', priority: 0, enabled: true };
    const bad = [
      {
        type: 'Polygon',
        coordinates: [
          [
            [-122.4, 37.7],
            [-122.3, 37.7],
            [-122.3, 37.8],
            [-122.4, 37.8],
          ],
        ],
      }, // not closed
      {
        type: 'Polygon',
        coordinates: [
          [
            [-122.4, 37.7],
            [-122.3, 37.7],
            [-122.4, 37.7],
            [-122.4, 37.7],
          ],
        ],
      }, // 2 distinct points
      {
        type: 'Polygon',
        coordinates: [
          [
            [-122.4, 97],
            [-122.3, 37.7],
            [-122.3, 37.8],
            [-122.4, 97],
          ],
        ],
      }, // latitude 97
      { type: 'Point', coordinates: [-122.4, 37.7] },
      { type: 'Polygon', coordinates: [] },
      'not even an object',
    ];
    for (const geometry of bad) {
      const res = await admin.post('/api/admin/zones', { ...base, geometry });
      expect(res.status, JSON.stringify(geometry)).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    const unclosed = await admin.post('/api/admin/zones', { ...base, geometry: bad[0] });
    expect(JSON.stringify(unclosed.body.error)).toContain('Each ring must be closed');
    const zone = before[0]!;
    expect((await admin.patch(`/api/admin/zones/${zone.id}`, { geometry: bad[1] })).status).toBe(400);
    expect((await admin.post('/api/admin/zones', { ...base, geometry: square(0, 0, 1, 1), color: 'blue' })).status).toBe(400);
    expect((await admin.post('/api/admin/zones', { ...base, geometry: square(0, 0, 1, 1), type: 'parking' })).status).toBe(400);
    expect((await admin.post('/api/admin/zones', { ...base, geometry: square(0, 0, 1, 1), city_id: 'atlantis' })).status).toBe(404);
    // An import with one bad feature imports nothing.
    const features = [
      { type: 'Feature', geometry: square(-122.41, 37.78, -122.4, 37.79), properties: { name: 'Good', type: 'pricing_zone' } },
      { type: 'Feature', geometry: bad[0], properties: { name: 'Broken', type: 'pricing_zone' } },
    ];
    expect((await admin.post('/api/admin/zones/import', { city_id: 'sf', collection: { type: 'FeatureCollection', features } })).status).toBe(400);
    expect(await zonesOf()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('adds and edits a city (currency and IANA time zone checked), draws, imports and exports its zones, all audited', async () => {
    const city = {
      id: 'lisbon',
      name: 'Lisbon',
      currency: 'eur',
      timezone: 'Europe/Lisbon',
      center_lat: 38.7223,
      center_lng: -9.1393,
      emergency_number: '112',
      country: 'pt',
    };
    expect((await admin.post('/api/admin/cities', { ...city, timezone: 'Mars/Olympus_Mons' })).status).toBe(400);
    // The city's country (decision 0094): an ISO 3166-1 code the phone library knows, or nothing.
    const unknownCountry = await admin.post('/api/admin/cities', { ...city, country: 'XX' });
    expect(unknownCountry.status).toBe(400);
    expect(JSON.stringify(unknownCountry.body)).toContain('Country is a 2-letter ISO 3166-1 code');
    expect((await admin.post('/api/admin/cities', { ...city, country: 'Portugal' })).status).toBe(400);
    expect((await admin.post('/api/admin/cities', { ...city, currency: 'EURO' })).status).toBe(400);
    // A 3-letter code that is no ISO 4217 currency is refused with its reason, and nothing is created (issue 30 §3).
    const unknownCurrency = await admin.post('/api/admin/cities', { ...city, currency: 'ABC' });
    expect(unknownCurrency.status).toBe(400);
    expect(JSON.stringify(unknownCurrency.body)).toContain('No such ISO 4217 currency');
    expect((await admin.post('/api/admin/cities', { ...city, id: 'Lisbon City' })).status).toBe(400);
    expect((await admin.post('/api/admin/cities', { ...city, emergency_number: 'call 112' })).status).toBe(400);
    const created = await admin.post('/api/admin/cities', city);
    expect(created.status).toBe(201);
    expect(created.body.city).toEqual({ ...city, currency: 'EUR', country: 'PT' });
    expect((await admin.post('/api/admin/cities', city)).status).toBe(409);
    const edited = await admin.patch('/api/admin/cities/lisbon', { name: 'Lisboa', timezone: 'Europe/Lisbon' });
    expect(edited.body.city.name).toBe('Lisboa');
    expect((await admin.patch('/api/admin/cities/atlantis', { name: 'X' })).status).toBe(404);
    expect((await admin.get('/api/admin/cities')).body.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['sf', 'lisbon']));

    // Not served until it has a service area.
    const baixa = { lat: 38.711, lng: -9.137 };
    expect((await testPoint(baixa)).body.city).toBeNull();
    const drawn = await admin.post('/api/admin/zones', {
      city_id: 'lisbon',
      type: 'service_area',
      name: 'Lisboa',
      color: '#16a34a',
      priority: 0,
      enabled: true,
      geometry: square(-9.23, 38.69, -9.09, 38.8),
    });
    expect(drawn.status).toBe(201);
    expect((await testPoint(baixa)).body).toMatchObject({ city: { id: 'lisbon', currency: 'EUR', timezone: 'Europe/Lisbon' }, fares: [] });

    const imported = await admin.post('/api/admin/zones/import', {
      city_id: 'lisbon',
      collection: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: square(-9.145, 38.705, -9.13, 38.715), properties: { name: 'Baixa', type: 'pricing_zone', priority: 4 } },
          {
            type: 'Feature',
            geometry: { type: 'MultiPolygon', coordinates: [square(-9.14, 38.76, -9.12, 38.78).coordinates] },
            properties: { name: 'Aeroporto', type: 'airport', color: '#7c3aed', enabled: false },
          },
        ],
      },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.items.map((z: { name: string; color: string; enabled: boolean }) => [z.name, z.color, z.enabled])).toEqual([
      ['Baixa', '#2563eb', true],
      ['Aeroporto', '#7c3aed', false],
    ]);
    expect((await testPoint(baixa)).body.pricing_zone.name).toBe('Baixa');

    const exported = await admin.get('/api/admin/zones/export?city_id=lisbon');
    expect(exported.headers.get('content-disposition')).toContain('zones-lisbon.geojson');
    expect(exported.body.type).toBe('FeatureCollection');
    expect(exported.body.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['Baixa', 'Aeroporto', 'Lisboa']);
    // What the export says, an import reads back.
    const reimport = await admin.post('/api/admin/zones/import', {
      city_id: 'lisbon',
      collection: { type: 'FeatureCollection', features: exported.body.features.map(({ id: _id, ...f }: { id: string }) => f) },
    });
    expect(reimport.status).toBe(201);
    expect((await zonesOf('lisbon')).length).toBe(6);

    const log = (await admin.get('/api/admin/audit-log?limit=100')).body.items as Array<{ action: string; entity_id: string; before: unknown; after: unknown }>;
    expect(log.filter((e) => e.entity_id === 'lisbon').map((e) => e.action)).toEqual(['city.update', 'city.create']);
    expect(log.find((e) => e.action === 'city.update' && e.entity_id === 'lisbon')).toMatchObject({ before: { name: 'Lisbon' }, after: { name: 'Lisboa' } });
    expect(log.find((e) => e.action === 'zone.create' && e.entity_id === drawn.body.zone.id)).toMatchObject({
      before: null,
      after: { name: 'Lisboa', type: 'service_area' },
    });
    expect(log.filter((e) => e.action === 'zone.import')).toHaveLength(5);
    for (const action of ['zone.update', 'zone.delete']) expect(log.some((e) => e.action === action)).toBe(true);

    // The city's country is edited like its other fields (decision 0094); empty is the deployment's.
    expect((await admin.patch('/api/admin/cities/lisbon', { country: 'es' })).body.city.country).toBe('ES');
    expect((await admin.patch('/api/admin/cities/lisbon', { country: 'XX' })).status).toBe(400);
    expect((await admin.patch('/api/admin/cities/lisbon', { country: '' })).body.city.country).toBeNull();
  });
});

// Scaled mode (CI's PostgreSQL + Redis run): two processes on one database and one bus.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))('two server processes', () => {
  it('a zone drawn through one process applies in the other at once: its index is dropped on the bus', async () => {
    const database = await createTestDatabase();
    const env = { ...ADMIN_ENV, REDIS_PREFIX: testRedisPrefix() };
    const one = await startServerOn(database, env, { dispatchTick: false });
    const two = await startServerOn(database, env, { dispatchTick: false });
    try {
      const [adminOne, adminTwo] = [await adminOf(one), await adminOf(two)];
      const park = '/api/admin/zones/test-point?lat=37.7675&lng=-122.46';
      // Process two loads its index now, before the zone exists (its TTL is minutes).
      expect((await adminTwo.get(park)).body.pricing_zone).toBeNull();
      const drawn = await adminOne.post('/api/admin/zones', {
        city_id: 'sf',
        type: 'pricing_zone',
        name: 'Bus zone',
        color: '#0ea5e9',
        priority: 3,
        enabled: true,
        geometry: square(-122.47, 37.76, -122.45, 37.775),
      });
      expect(drawn.status).toBe(201);
      await eventually(async () => (await adminTwo.get(park)).body.pricing_zone?.name === 'Bus zone');
      expect((await adminOne.patch(`/api/admin/zones/${drawn.body.zone.id}`, { enabled: false })).status).toBe(200);
      await eventually(async () => (await adminTwo.get(park)).body.pricing_zone === null);
    } finally {
      await one.stop();
      await two.stop();
      await database.drop();
    }
  });
});
