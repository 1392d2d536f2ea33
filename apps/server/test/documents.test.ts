import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { uploadPng } from './upload-png';
import { adminOf, ADMIN_ENV, approvedDriverOf, eventually, GOLDEN_GATE_PARK, newUser, nextOffer, onlineDriver, serveTheWholeBay } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';
import { holdIfNotCompliant } from '../src/compliance/compliance-expiry';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 2500, idleGraceMs: 1000, tickMs: 200 } });
  await serveTheWholeBay(server);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const FUTURE = `${new Date().getUTCFullYear() + 3}-06-30`;
const area = (k: number) => ({ lat: 37.62 + k * 0.06, lng: -122.43, label: `Area ${k}` });

const upload = (client: TestClient, purpose = 'driver_document') => uploadPng(server, client, purpose, 'licence.png');

const sendLicence = async (client: TestClient, expires_on: string | null = FUTURE) =>
  client.post('/api/drivers/me/documents', { kind: 'driver_licence', file_ids: [await upload(client), await upload(client)], expires_on });

const licenceRule = (required: boolean) =>
  admin.request('/api/admin/document-types', {
    method: 'PUT',
    json: { city_id: 'sf', types: [{ kind: 'driver_licence', required, expiry_required: true, sides: 'front_back' }] },
  });

const docsOf = async (driverId: string) =>
  server.services.db.selectFrom('driver_documents').select(['id', 'status']).where('driver_id', '=', driverId).execute();
const auditCount = async (action: string, entityId: string) =>
  Number(
    (
      await server.services.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .where('entity_id', '=', entityId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const licenceItem = async (client: TestClient) => {
  const res = await client.get('/api/drivers/me/compliance');
  expect(res.status).toBe(200);
  return { ...res.body, licence: res.body.items.find((i: { kind: string }) => i.kind === 'driver_licence') };
};
const goOnline = (d: { client: TestClient; driverId: string }) =>
  d.client.request(`/api/drivers/${d.driverId}`, { method: 'PATCH', json: { status: 'available' } });
const goOffline = (d: { client: TestClient; driverId: string }) =>
  d.client.request(`/api/drivers/${d.driverId}`, { method: 'PATCH', json: { status: 'offline' } });
const offeredTo = async (rideId: string) =>
  (await server.services.db.selectFrom('ride_offers').select('driver_id').where('ride_id', '=', rideId).execute()).map((o) => o.driver_id);

describe('document types per city', () => {
  it('admins read and set them (audited, validated); riders, drivers and visitors are refused', async () => {
    const rider = await newUser(server, 'Rita Rider');
    const driver = await approvedDriverOf(server, admin, 'Dora Driver');
    const visitor = server.client();
    const body = { city_id: 'sf', types: [{ kind: 'profile_photo', required: false, expiry_required: false, sides: 'one' }] };
    for (const who of [rider.client, driver.client]) {
      expect((await who.get('/api/admin/document-types?city=sf')).status).toBe(403);
      expect((await who.request('/api/admin/document-types', { method: 'PUT', json: body })).status).toBe(403);
      expect((await who.get('/api/admin/documents')).status).toBe(403);
    }
    expect((await visitor.get('/api/admin/document-types?city=sf')).status).toBe(401);
    expect((await visitor.request('/api/admin/document-types', { method: 'PUT', json: body })).status).toBe(401);
    expect((await visitor.get('/api/admin/documents')).status).toBe(401);
    expect((await visitor.post('/api/admin/documents/00000000-0000-4000-8000-000000000000/review', { status: 'approved' })).status).toBe(401);

    const read = await admin.get('/api/admin/document-types?city=sf');
    expect(read.status).toBe(200);
    expect(read.body.types.map((t: { kind: string }) => t.kind)).toEqual([
      'driver_licence',
      'vehicle_registration',
      'insurance',
      'profile_photo',
      'background_check',
    ]);
    expect((await admin.get('/api/admin/document-types?city=nowhere')).status).toBe(404);
    for (const bad of [
      { ...body, types: [{ kind: 'passport', required: true, expiry_required: false, sides: 'one' }] },
      { ...body, types: [{ ...body.types[0], sides: 'three' }] },
      { city_id: 'sf', types: [] },
    ]) {
      expect((await admin.request('/api/admin/document-types', { method: 'PUT', json: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    const saved = await admin.request('/api/admin/document-types', {
      method: 'PUT',
      json: { city_id: 'sf', types: [{ kind: 'profile_photo', required: false, expiry_required: true, sides: 'one' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.types.find((t: { kind: string }) => t.kind === 'profile_photo')).toMatchObject({ expiry_required: true, required: false });
    expect(await auditCount('document_types.update', 'sf')).toBe(1);
    await admin.request('/api/admin/document-types', { method: 'PUT', json: body });
  });
});

describe('uploads', () => {
  it('refuses a wrong kind, purpose, owner, side count or date with 400 and stores nothing; another driver never reads them', async () => {
    const driver = await approvedDriverOf(server, admin, 'Uma Upload');
    const other = await approvedDriverOf(server, admin, 'Otto Other');
    const [front, back, photo, theirs] = [
      await upload(driver.client),
      await upload(driver.client),
      await upload(driver.client, 'vehicle_photo'),
      await upload(other.client),
    ];
    const licence = (file_ids: string[], expires_on: string | null = FUTURE) =>
      driver.client.post('/api/drivers/me/documents', { kind: 'driver_licence', file_ids, expires_on });
    const refusals: Array<[string, Promise<{ status: number; body: any }>, string]> = [
      ['insurance', driver.client.post('/api/drivers/me/documents', { kind: 'insurance', file_ids: [front], expires_on: FUTURE }), '/vehicles'],
      ['wrong purpose', licence([front, photo]), 'not uploaded as a driver document'],
      ["another's file", licence([front, theirs]), 'not found'],
      ['missing back', licence([front]), 'the front, then the back'],
      ['same file twice', licence([front, front]), 'two different files'],
      ['missing expiry', licence([front, back], null), 'expiry date'],
      ['past expiry', licence([front, back], '2020-01-31'), 'has passed'],
      ['not a date', licence([front, back], '2027-02-30x'), 'date'],
    ];
    for (const [name, pending, words] of refusals) {
      const res = await pending;
      expect(res.status, name).toBe(400);
      expect(JSON.stringify(res.body.error), name).toContain(words);
    }
    expect(await docsOf(driver.driverId)).toEqual([]);

    const first = await licence([front, back]);
    expect(first.status).toBe(201);
    expect(first.body.document).toMatchObject({
      kind: 'driver_licence',
      status: 'in_review',
      expires_on: FUTURE,
      files: [{ id: front, content_type: 'image/png' }, { id: back }],
    });
    // A file already used by a document cannot be used again.
    expect((await licence([front, await upload(driver.client)])).status).toBe(400);
    // A second upload supersedes the first still in review.
    const second = await sendLicence(driver.client);
    expect(second.status).toBe(201);
    const mine = await driver.client.get('/api/drivers/me/documents');
    expect(mine.status).toBe(200);
    expect(mine.body.latest).toMatchObject([{ id: second.body.document.id, status: 'in_review' }]);
    expect(mine.body.history).toMatchObject([{ id: first.body.document.id, status: 'superseded' }]);
    expect(mine.body.types.find((t: { kind: string }) => t.kind === 'driver_licence')).toMatchObject({ sides: 'front_back', expiry_required: true });

    // Their list is their own: another driver's does not show them; a rider and a visitor are refused.
    const theirsList = await other.client.get('/api/drivers/me/documents');
    expect(theirsList.body.latest).toEqual([]);
    expect((await (await newUser(server)).client.get('/api/drivers/me/documents')).status).toBe(403);
    expect((await server.client().get('/api/drivers/me/documents')).status).toBe(401);
    // A pending applicant cannot upload yet (documents come after approval).
    const applicant = await newUser(server, 'Pat Pending');
    await applicant.client.post('/api/drivers', {
      full_name: 'Pat Pending',
      phone: uniquePhone(),
      license_number: 'D1',
      vehicle_make: 'Kia',
      vehicle_model: 'Rio',
      vehicle_year: 2020,
      vehicle_color: 'Red',
      license_plate: '7PAT001',
    });
    expect(
      (await applicant.client.post('/api/drivers/me/documents', { kind: 'profile_photo', file_ids: [await upload(applicant.client)] })).body.error.code,
    ).toBe('DRIVER_NOT_APPROVED');
  });
});

describe('the hold', () => {
  it('a required licence: missing, in review and rejected hold the driver (no going online, no offer); approved lifts it; expired holds again', async () => {
    // Online before the city requires anything.
    const driver = await onlineDriver(server, admin, area(1), 'Hal Hold');
    const rider = await newUser(server, 'Rae Rider');
    const book = () => rider.client.post('/api/rides', { pickup: area(1), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
    const noOffer = async () => {
      const booked = await book();
      expect(booked.status).toBe(201);
      const id = booked.body.ride.id;
      await eventually(async () => ((await rider.client.get(`/api/rides/${id}`)).body.ride.status === 'no_driver' ? true : null));
      expect(await offeredTo(id)).toEqual([]);
    };

    expect((await licenceRule(true)).status).toBe(200);
    try {
      // Missing: online already, but offered nothing.
      await noOffer();
      await goOffline(driver);
      const refused = await goOnline(driver);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('DRIVER_ON_HOLD');
      expect(refused.body.error.message).toContain("Driver's licence");
      expect((await licenceItem(driver.client)).licence.status).toBe('missing');

      // In review: still held. The queue shows it (filtered by kind and by the driver's city).
      const sent = await sendLicence(driver.client);
      const docId = sent.body.document.id;
      expect((await goOnline(driver)).body.error.code).toBe('DRIVER_ON_HOLD');
      const queue = await admin.get('/api/admin/documents?kind=driver_licence&city=sf&limit=100');
      expect(queue.status).toBe(200);
      expect(queue.body.items.find((d: { id: string }) => d.id === docId)).toMatchObject({
        status: 'in_review',
        expiry_required: true,
        sides: 'front_back',
        driver: { full_name: 'Hal Hold', city_id: 'sf' },
      });
      expect((await admin.get('/api/admin/documents?kind=profile_photo&limit=100')).body.items.some((d: { id: string }) => d.id === docId)).toBe(false);
      expect((await admin.get('/api/admin/documents?format=csv')).status).toBe(200);

      // The driver cannot review their own; a rider cannot review; a reason is required.
      expect((await driver.client.post(`/api/admin/documents/${docId}/review`, { status: 'approved' })).status).toBe(403);
      expect((await rider.client.post(`/api/admin/documents/${docId}/review`, { status: 'approved' })).status).toBe(403);
      expect((await admin.post(`/api/admin/documents/${docId}/review`, { status: 'rejected' })).status).toBe(400);

      // Rejected: still held, the reason in the compliance answer and in the notification.
      const rejected = await admin.post(`/api/admin/documents/${docId}/review`, { status: 'rejected', reason: 'Photo is blurry or unreadable' });
      expect(rejected.status).toBe(200);
      expect(await auditCount('document.reject', docId)).toBe(1);
      expect((await admin.post(`/api/admin/documents/${docId}/review`, { status: 'approved', expires_on: FUTURE })).status).toBe(409);
      const held = await licenceItem(driver.client);
      expect(held.licence).toMatchObject({ status: 'rejected', rejection_reason: 'Photo is blurry or unreadable' });
      expect(held.on_hold).toBe(true);
      expect(held.hold_reasons.join(' ')).toContain('Photo is blurry or unreadable');
      expect((await goOnline(driver)).status).toBe(403);
      const told = await eventually(async () =>
        ((await driver.client.get('/api/notifications')).body as Array<{ title: string; message: string }>).find(
          (n) => n.title === "Driver's licence rejected",
        ),
      );
      expect(told.message).toContain('Photo is blurry or unreadable');

      // Sent again and approved (two admins at once: one wins, the other is 409, nothing changes twice).
      const again = (await sendLicence(driver.client, null).catch(() => null))?.status;
      expect(again).toBe(400);
      const resent = await sendLicence(driver.client);
      const newId = resent.body.document.id;
      const expiry = `${new Date().getUTCFullYear() + 4}-01-15`;
      const decisions = await Promise.all([
        admin.post(`/api/admin/documents/${newId}/review`, { status: 'approved', expires_on: expiry }),
        admin.post(`/api/admin/documents/${newId}/review`, { status: 'approved', expires_on: expiry }),
      ]);
      expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
      expect(await auditCount('document.approve', newId)).toBe(1);
      const approved = await licenceItem(driver.client);
      expect(approved.licence).toMatchObject({ status: 'approved', expires_on: expiry });
      expect(approved.on_hold).toBe(false);

      // May go online, and is offered rides.
      expect((await goOnline(driver)).status).toBe(200);
      await driver.locate(area(1));
      const booked = await book();
      const offer = await nextOffer(driver, booked.body.ride.id);
      expect(offer.ride_id).toBe(booked.body.ride.id);
      await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {});

      // Expired (its last day past): held again, at once, whatever a job has done.
      await sql`update driver_documents set expires_on = current_date - 2 where id = ${newId}`.execute(server.services.db);
      await noOffer();
      await goOffline(driver);
      expect((await goOnline(driver)).body.error.code).toBe('DRIVER_ON_HOLD');
      expect((await licenceItem(driver.client)).licence.status).toBe('expired');
    } finally {
      driver.socket.close();
      await goOffline(driver);
      await licenceRule(false);
    }
  });

  it('approving a renewal supersedes the approved one; an unknown document is 404', async () => {
    const driver = await approvedDriverOf(server, admin, 'Ren Renewal');
    const photo = async () =>
      (await driver.client.post('/api/drivers/me/documents', { kind: 'profile_photo', file_ids: [await upload(driver.client)] })).body.document.id as string;
    const first = await photo();
    expect((await admin.post(`/api/admin/documents/${first}/review`, { status: 'approved' })).status).toBe(200);
    const second = await photo();
    // The approved one stays valid while the renewal waits.
    expect((await licenceItem(driver.client)).items.find((i: { kind: string }) => i.kind === 'profile_photo')).toMatchObject({
      status: 'approved',
      renewal_in_review: true,
    });
    expect((await admin.post(`/api/admin/documents/${second}/review`, { status: 'approved' })).status).toBe(200);
    expect(Object.fromEntries((await docsOf(driver.driverId)).map((d) => [d.id, d.status]))).toEqual({ [first]: 'superseded', [second]: 'approved' });
    expect((await admin.post('/api/admin/documents/00000000-0000-4000-8000-000000000000/review', { status: 'approved' })).status).toBe(404);
  });
});

describe("the driver's city (issue 27: a second city lifted the hold)", () => {
  const addCity = async (id: string, name: string, served: boolean) => {
    const created = await admin.post('/api/admin/cities', {
      id,
      name,
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      center_lat: 37.8,
      center_lng: -122.27,
    });
    expect(created.status).toBe(201);
    if (served) {
      const box = [
        [-122.35, 37.75],
        [-122.15, 37.75],
        [-122.15, 37.9],
        [-122.35, 37.9],
        [-122.35, 37.75],
      ];
      await server.services.db
        .insertInto('zones')
        .values({
          city_id: id,
          type: 'service_area',
          name,
          color: '#16a34a',
          priority: 0,
          enabled: true,
          geometry: JSON.stringify({ type: 'Polygon', coordinates: [box] }),
        })
        .execute();
      await server.services.zones.changed();
    }
  };
  const application = (name: string, city_id?: string) => ({
    full_name: name,
    phone: uniquePhone(),
    license_number: 'D7654321',
    vehicle_make: 'Toyota',
    vehicle_model: 'Prius',
    vehicle_year: 2021,
    vehicle_color: 'Blue',
    license_plate: `8CTY${Math.floor(Math.random() * 900 + 100)}`,
    ...(city_id ? { city_id } : {}),
  });
  /** A new user who applies for `cityId` and whom the admin approves. */
  const approvedIn = async (cityId: string, name: string) => {
    const { client } = await newUser(server, name);
    const applied = await client.post('/api/drivers', application(name, cityId));
    expect(applied.status).toBe(201);
    const driverId = applied.body.driver.id as string;
    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
    return { client, driverId };
  };

  it('a new San Francisco driver without papers stays on hold when a city whose id sorts first exists, and sees San Francisco’s requirements', async () => {
    await addCity('berkeley', 'Berkeley', false);
    expect((await licenceRule(true)).status).toBe(200);
    try {
      const driver = await approvedIn('sf', 'Sid Sanfran');
      const refused = await goOnline(driver);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('DRIVER_ON_HOLD');
      expect(refused.body.error.message).toContain("Driver's licence");
      const compliance = await licenceItem(driver.client);
      expect(compliance.city).toEqual({ id: 'sf', name: 'San Francisco' });
      expect(compliance.on_hold).toBe(true);
      expect(compliance.licence).toMatchObject({ required: true, status: 'missing' });
      // Their city on their page and on the admin's /driver/{id}.
      expect((await driver.client.get('/api/drivers/me')).body.driver.city).toEqual({ id: 'sf', name: 'San Francisco' });
      expect((await admin.get(`/api/admin/drivers/${driver.driverId}`)).body.driver.city).toEqual({ id: 'sf', name: 'San Francisco' });
    } finally {
      await licenceRule(false);
    }
  });

  it('a driver whose city is unknown is refused going online with DRIVER_CITY_UNKNOWN, told why, and taken offline by the sweep', async () => {
    const driver = await approvedIn('sf', 'Uma Unknown');
    await server.services.db.updateTable('drivers').set({ city_id: null }).where('id', '=', driver.driverId).execute();
    const refused = await goOnline(driver);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'DRIVER_CITY_UNKNOWN', message: driverCityText.unknown });
    const compliance = await licenceItem(driver.client);
    expect(compliance).toMatchObject({ city: null, on_hold: true, items: [], hold_reasons: [driverCityText.unknown] });
    expect((await driver.client.get('/api/drivers/me')).body.driver.city).toBeNull();
    // One online from before (no city, no papers asked anywhere): the expiry sweep takes them offline.
    await server.services.db.updateTable('drivers').set({ status: 'available' }).where('id', '=', driver.driverId).execute();
    expect(await holdIfNotCompliant(server.services, driver.driverId)).toBe(true);
    expect((await driver.client.get('/api/drivers/me')).body.driver.status).toBe('offline');
    const told = await eventually(async () =>
      ((await driver.client.get('/api/notifications')).body as Array<{ title: string; message: string }>).find((n) => n.title === 'You were taken offline'),
    );
    expect(told.message).toBe(driverCityText.unknown);
    // Choosing a city lifts it.
    expect((await driver.client.request('/api/drivers/me/city', { method: 'PUT', json: { city_id: 'sf' } })).status).toBe(200);
    expect((await goOnline(driver)).status).toBe(200);
    await goOffline(driver);
  });

  it('the application names a served city (400 otherwise), and changing city applies the new city’s requirements at once', async () => {
    await addCity('oakland', 'Oakland', true);
    const oaklandLicence = (required: boolean) =>
      admin.request('/api/admin/document-types', {
        method: 'PUT',
        json: { city_id: 'oakland', types: [{ kind: 'driver_licence', required, expiry_required: true, sides: 'front_back' }] },
      });
    expect((await oaklandLicence(true)).status).toBe(200);
    try {
      // Two cities served: the applicant must choose one of them.
      const { client } = await newUser(server, 'Ana Applicant');
      for (const [city, message] of [
        [undefined, driverCityText.required],
        ['nowhere', driverCityText.notServed],
        ['berkeley', driverCityText.notServed],
      ] as const) {
        const res = await client.post('/api/drivers', application('Ana Applicant', city));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(message);
        expect(res.body.error.details[0].path).toEqual(['city_id']);
      }
      expect(await server.services.db.selectFrom('drivers').select('id').where('full_name', '=', 'Ana Applicant').executeTakeFirst()).toBeUndefined();

      const driver = await approvedIn('sf', 'Mo Mover');
      expect((await goOnline(driver)).status).toBe(200);
      const move = (city_id: string) => driver.client.request('/api/drivers/me/city', { method: 'PUT', json: { city_id } });
      // To Oakland, which asks for a licence they lack: taken offline at once, and held there.
      const moved = await move('oakland');
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ city: { id: 'oakland', name: 'Oakland' }, taken_offline: true });
      expect((await driver.client.get('/api/drivers/me')).body.driver).toMatchObject({ status: 'offline', city: { id: 'oakland', name: 'Oakland' } });
      const refused = await goOnline(driver);
      expect(refused.body.error.code).toBe('DRIVER_ON_HOLD');
      const compliance = await licenceItem(driver.client);
      expect(compliance.city).toEqual({ id: 'oakland', name: 'Oakland' });
      expect(compliance.licence).toMatchObject({ required: true, status: 'missing' });
      // An unserved or unknown city is refused and changes nothing.
      expect((await move('berkeley')).status).toBe(400);
      expect((await driver.client.request('/api/drivers/me/city', { method: 'PUT', json: {} })).status).toBe(400);
      expect((await driver.client.get('/api/drivers/me')).body.driver.city.id).toBe('oakland');
      // Back to San Francisco, which asks for nothing: online again.
      expect((await move('sf')).body).toEqual({ city: { id: 'sf', name: 'San Francisco' }, taken_offline: false });
      expect((await goOnline(driver)).status).toBe(200);
      await goOffline(driver);
    } finally {
      await oaklandLicence(false);
      await server.services.db.updateTable('zones').set({ enabled: false }).where('city_id', '=', 'oakland').execute();
      await server.services.zones.changed();
    }
  });
});
