// A city's places (issue 30 §5, decision 0096): the console's add, edit, delete and import on
// /geofence-management, each audited, refused whole on a bad row; scoped to the member's cities; and the public
// search that answers one city's places, never another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

let server: TestServer;
let owner: TestClient;
let ops: TestClient;
let support: TestClient;
let madridOps: TestClient;
const MADRID = 'madrid-places';

type Place = { id: string; city_id: string; name: string; area: string; kind: string; lat: number; lng: number };

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatchTick: false });
  owner = await adminOf(server);
  const grant = async (name: string, role: 'operations' | 'support', cityIds: string[] | null) => {
    const { client, id } = await newUser(server, name);
    await server.services.db.transaction().execute((trx) => grantStaff(trx, { userId: id, role, cityIds, invitedBy: null }));
    return client;
  };
  const madrid = await owner.post('/api/admin/cities', {
    id: MADRID,
    name: 'Madrid',
    currency: 'EUR',
    timezone: 'Europe/Madrid',
    center_lat: 40.4168,
    center_lng: -3.7038,
  });
  expect(madrid.status).toBe(201);
  ops = await grant('Olga Operations', 'operations', null);
  support = await grant('Sam Support', 'support', null);
  madridOps = await grant('Marta Madrid', 'operations', [MADRID]);
});
afterAll(() => server?.stop());

const placesOf = async (city: string, client = ops) => {
  const res = await client.get(`/api/admin/cities/${city}/places`);
  expect(res.status).toBe(200);
  return res.body.items as Place[];
};
const auditOf = async (action: string) =>
  (await owner.get(`/api/admin/audit-log?action=${action}&limit=100`)).body.items as { entity_id: string; before: unknown; after: unknown }[];
const search = async (city: string, q: string) => {
  const res = await server.client().get(`/api/cities/${city}/places?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (res.body.items as Place[]).map((p) => p.name);
};

describe("a city's places", () => {
  it('San Francisco has its gazetteer from the migration: the demo city’s seed data', async () => {
    const sf = await placesOf('sf');
    expect(sf.map((p) => p.name)).toContain('Ferry Building');
    expect(sf.find((p) => p.name === 'San Francisco International Airport')?.kind).toBe('airport');
    expect(await placesOf(MADRID)).toEqual([]);
  });

  it('an operations member adds, edits and deletes a place, each audited; bad input and a duplicate name change nothing', async () => {
    const added = await ops.post(`/api/admin/cities/${MADRID}/places`, {
      name: 'Puerta del Sol',
      area: 'Centro',
      kind: 'landmark',
      lat: 40.4169,
      lng: -3.7035,
    });
    expect(added.status).toBe(201);
    const place = added.body.place as Place;
    expect(place).toMatchObject({ city_id: MADRID, name: 'Puerta del Sol', area: 'Centro', kind: 'landmark', lat: 40.4169, lng: -3.7035 });
    expect((await auditOf('city_place.create')).find((e) => e.entity_id === place.id)?.after).toMatchObject({ name: 'Puerta del Sol', city_id: MADRID });

    // Refused: a latitude off the globe, no name, an unknown kind; the same name in another case (409).
    for (const bad of [
      { name: 'Nowhere', lat: 91, lng: 0 },
      { name: '', lat: 40.4, lng: -3.7 },
      { name: 'Odd', kind: 'castle', lat: 40.4, lng: -3.7 },
    ]) {
      const res = await ops.post(`/api/admin/cities/${MADRID}/places`, bad);
      expect(res.status).toBe(400);
    }
    const twice = await ops.post(`/api/admin/cities/${MADRID}/places`, { name: 'PUERTA DEL SOL', lat: 40.4, lng: -3.7 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toMatch(/already has a place named/);
    expect((await placesOf(MADRID)).map((p) => p.name)).toEqual(['Puerta del Sol']);

    const edited = await ops.patch(`/api/admin/city-places/${place.id}`, { area: 'Sol', kind: 'station' });
    expect(edited.status).toBe(200);
    expect(edited.body.place).toMatchObject({ name: 'Puerta del Sol', area: 'Sol', kind: 'station' });
    const change = (await auditOf('city_place.update')).find((e) => e.entity_id === place.id);
    expect(change?.before).toEqual({ area: 'Centro', kind: 'landmark' });
    expect(change?.after).toEqual({ area: 'Sol', kind: 'station' });
    expect((await ops.patch(`/api/admin/city-places/${place.id}`, { lng: 500 })).status).toBe(400);
    expect((await placesOf(MADRID))[0]).toMatchObject({ lng: -3.7035, area: 'Sol' });

    // The public search finds it by its area and without its accents; then it is gone.
    expect(await search(MADRID, 'sol')).toEqual(['Puerta del Sol']);
    const deleted = await ops.delete(`/api/admin/city-places/${place.id}`);
    expect(deleted.status).toBe(200);
    expect((await auditOf('city_place.delete')).find((e) => e.entity_id === place.id)?.before).toMatchObject({ name: 'Puerta del Sol' });
    expect(await placesOf(MADRID)).toEqual([]);
    expect((await ops.delete(`/api/admin/city-places/${place.id}`)).status).toBe(404);
  });

  it('imports a CSV of 3 places and a GeoJSON of 2; a file with one bad row imports nothing and names the row', async () => {
    const csv = [
      'name,area,kind,lat,lng',
      'Aeropuerto Adolfo Suárez Madrid-Barajas,Barajas,airport,40.4983,-3.5676',
      '"Estación de Atocha","Retiro, Madrid",station,40.4066,-3.6892',
      'Museo del Prado,Retiro,landmark,40.4138,-3.6921',
    ].join('\n');
    const imported = await ops.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'csv', text: csv });
    expect(imported.status).toBe(201);
    expect((imported.body.items as Place[]).map((p) => p.name)).toEqual(['Aeropuerto Adolfo Suárez Madrid-Barajas', 'Estación de Atocha', 'Museo del Prado']);
    expect((imported.body.items as Place[])[1]).toMatchObject({ area: 'Retiro, Madrid', kind: 'station' });

    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-3.6883, 40.4153] },
          properties: { name: 'Parque del Retiro', area: 'Retiro', kind: 'landmark' },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-3.6823, 40.4722] }, properties: { name: 'Estación de Chamartín', kind: 'station' } },
      ],
    };
    const fromGeo = await ops.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'geojson', text: JSON.stringify(geojson) });
    expect(fromGeo.status).toBe(201);
    expect(fromGeo.body.items).toHaveLength(2);
    expect(await placesOf(MADRID)).toHaveLength(5);
    expect((await auditOf('city_place.import')).length).toBeGreaterThanOrEqual(5);

    // Row 2 has no latitude: nothing of the file is imported, and the answer names row 2.
    const bad = [
      'name,area,kind,lat,lng',
      'Plaza Mayor,Centro,landmark,40.4155,-3.7074',
      'Gran Vía,Centro,landmark,,-3.705',
      'Templo de Debod,Moncloa,landmark,40.424,-3.7177',
    ].join('\n');
    const refused = await ops.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'csv', text: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Nothing imported\. Row 2: Latitude/);
    expect(refused.body.error.details.rows).toEqual([{ row: 2, message: expect.stringMatching(/Latitude/) }]);
    // A GeoJSON feature that is not a Point, and a name the city holds: refused whole too.
    const line = {
      ...geojson,
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          properties: { name: 'A line' },
        },
      ],
    };
    expect(
      (await ops.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'geojson', text: JSON.stringify(line) })).body.error.details.rows[0].row,
    ).toBe(1);
    const again = await ops.post(`/api/admin/cities/${MADRID}/places/import`, {
      format: 'csv',
      text: 'name,lat,lng\nTemplo de Debod,40.424,-3.7177\nmuseo del prado,40.41,-3.69',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/Row 2/);
    expect((await ops.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'csv', text: 'title,lat\nX,1' })).status).toBe(400);
    const names = (await placesOf(MADRID)).map((p) => p.name);
    expect(names).toHaveLength(5);
    expect(names).not.toContain('Plaza Mayor');
    expect(names).not.toContain('Templo de Debod');
  });

  it("a Madrid-scoped member cannot list or change San Francisco's places (404); support can neither read nor change any (403)", async () => {
    const ferry = (await placesOf('sf')).find((p) => p.name === 'Ferry Building')!;
    expect((await madridOps.get('/api/admin/cities/sf/places')).status).toBe(404);
    expect((await madridOps.post('/api/admin/cities/sf/places', { name: 'Sneaky', lat: 37.79, lng: -122.4 })).status).toBe(404);
    expect((await madridOps.post('/api/admin/cities/sf/places/import', { format: 'csv', text: 'name,lat,lng\nSneaky,37.79,-122.4' })).status).toBe(404);
    expect((await madridOps.patch(`/api/admin/city-places/${ferry.id}`, { name: 'Renamed' })).status).toBe(404);
    expect((await madridOps.delete(`/api/admin/city-places/${ferry.id}`)).status).toBe(404);
    expect((await madridOps.get(`/api/admin/cities/${MADRID}/places`)).status).toBe(200);

    // Support has neither zone.read nor zone.manage: refused every one.
    for (const res of [
      await support.get('/api/admin/cities/sf/places'),
      await support.post(`/api/admin/cities/${MADRID}/places`, { name: 'Support was here', lat: 40.4, lng: -3.7 }),
      await support.patch(`/api/admin/city-places/${ferry.id}`, { name: 'Renamed' }),
      await support.delete(`/api/admin/city-places/${ferry.id}`),
      await support.post(`/api/admin/cities/${MADRID}/places/import`, { format: 'csv', text: 'name,lat,lng\nX,40.4,-3.7' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    }
    const sf = await placesOf('sf');
    expect(sf.find((p) => p.id === ferry.id)).toEqual(ferry);
    expect(sf.map((p) => p.name)).not.toContain('Sneaky');
    expect((await placesOf(MADRID)).map((p) => p.name)).not.toContain('Support was here');
  });

  it("the public search answers a city's own places, never another's, and names a GPS point by the nearest", async () => {
    // "Estacion" without its accent finds Madrid's stations; San Francisco has none of that name.
    expect(await search(MADRID, 'estacion')).toEqual(['Estación de Atocha', 'Estación de Chamartín']);
    expect(await search('sf', 'estacion')).toEqual([]);
    expect(await search('sf', 'ferry bui')).toEqual(['Ferry Building']);
    expect(await search(MADRID, 'ferry')).toEqual([]);
    // "Airport" in San Francisco: its airports, never Madrid's "Aeropuerto".
    expect(await search('sf', 'international airport')).toEqual(['Oakland International Airport', 'San Francisco International Airport']);
    expect(await search(MADRID, 'aeropuerto')).toEqual(['Aeropuerto Adolfo Suárez Madrid-Barajas']);
    expect(await search('nowhere-city', 'ferry')).toEqual([]);
    expect(await search('sf', '%')).toEqual([]);
    expect((await server.client().get('/api/cities/sf/places?q=s')).body.items.length).toBeLessThanOrEqual(8);
    // Neither words nor a point: the city's whole list, which the booking page searches itself (offline too).
    const whole = (await server.client().get(`/api/cities/${MADRID}/places`)).body.items as Place[];
    expect(whole.map((p) => p.name)).toEqual([
      'Aeropuerto Adolfo Suárez Madrid-Barajas',
      'Estación de Atocha',
      'Estación de Chamartín',
      'Museo del Prado',
      'Parque del Retiro',
    ]);
    expect(((await server.client().get('/api/cities/sf/places')).body.items as Place[]).some((p) => p.city_id === MADRID)).toBe(false);

    const near = async (city: string, lat: number, lng: number) =>
      ((await server.client().get(`/api/cities/${city}/places?lat=${lat}&lng=${lng}`)).body.items as Place[]).map((p) => p.name);
    expect((await near('sf', 37.7956, -122.3935))[0]).toBe('Ferry Building');
    expect(await near(MADRID, 37.7956, -122.3935)).toEqual([]);
    expect((await near(MADRID, 40.4067, -3.6893))[0]).toBe('Estación de Atocha');
    expect(await near('sf', 37.5, -122.0)).toEqual([]);
  });
});
