import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vehicleYearMax } from '@openride/shared/constants';
import { up as vehiclesMigration } from '../src/db/migrations/0019-vehicles';
import { up as vehiclePhotosMigration } from '../src/db/migrations/0021-vehicle-photos';
import type { TestClient } from './http-client';
import { uploadPng } from './upload-png';
import {
  approvedDriverOf,
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
import { type TestServer, uniquePhone } from './test-server';

let server: TestServer;
let admin: TestClient;
const online: OnlineDriver[] = [];
const THIS_YEAR = new Date().getFullYear();

beforeAll(async () => {
  ({ server, admin } = await startDispatchServer());
});
afterAll(() => server?.stop());
afterEach(() => takeOffline(online));

const car = (over: Partial<Record<string, unknown>> = {}) => ({
  make: 'Toyota',
  model: 'Sienna',
  year: 2022,
  color: 'Grey',
  license_plate: `XL${Math.floor(Math.random() * 1e6)}`,
  seats: 7,
  ...over,
});

/** Adds a car, has the admin verify it, and makes it active: the driver now drives it. */
async function driveCar(driver: { client: TestClient }, input: Record<string, unknown>) {
  const added = await driver.client.post('/api/vehicles', input);
  expect(added.status).toBe(201);
  const id = added.body.vehicle.id as string;
  expect((await admin.post(`/api/admin/vehicles/${id}/review`, { status: 'verified' })).status).toBe(200);
  const activated = await driver.client.post(`/api/vehicles/${id}/activate`, {});
  expect(activated.status).toBe(200);
  return id;
}

async function onlineWithCar(at: { lat: number; lng: number }, name: string, input?: Record<string, unknown>) {
  const d = await onlineDriver(server, admin, at, name);
  online.push(d);
  if (input) await driveCar(d, input);
  return d;
}

const offeredTo = async (rideId: string) =>
  (await server.services.db.selectFrom('ride_offers').select('driver_id').where('ride_id', '=', rideId).execute()).map((o) => o.driver_id);
const uploadCarPng = (client: TestClient, purpose = 'vehicle_photo') => uploadPng(server, client, purpose, 'car.png');

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

describe('migration 0019 and the application path', () => {
  it("backfills every driver's application vehicle as their first, active one: verified when approved, rejected with the reason, else pending", async () => {
    const users = await Promise.all([newUser(server, 'Bea Backfill'), newUser(server, 'Pat Pending'), newUser(server, 'Rex Rejected')]);
    const { db } = server.services;
    const statuses = ['approved', 'pending', 'rejected'] as const;
    const drivers = await Promise.all(
      users.map((u, i) =>
        db
          .insertInto('drivers')
          .values({
            user_id: u.id,
            verification_status: statuses[i],
            rejection_reason: statuses[i] === 'rejected' ? 'Plate unreadable' : null,
            full_name: `Backfill ${i}`,
            phone: uniquePhone(),
            license_number: `L${i}`,
            vehicle_make: 'Honda',
            vehicle_model: 'Civic',
            vehicle_year: 2018,
            vehicle_color: 'Red',
            license_plate: `BF${i}000`,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    // These rows predate vehicles: run 0019 again over them, as it ran over the drivers of a real upgrade.
    // (cascade: insurance policies, migration 0022, refer to vehicles; their key is put back below)
    await sql`drop table vehicles cascade`.execute(db);
    await sql`drop table vehicle_rules`.execute(db);
    await vehiclesMigration(db);
    await vehiclePhotosMigration(db);
    await sql`alter table insurance_policies add foreign key (vehicle_id) references vehicles (id) on delete cascade`.execute(db);

    const rows = await db
      .selectFrom('vehicles')
      .selectAll()
      .where(
        'driver_id',
        'in',
        drivers.map((d) => d.id),
      )
      .execute();
    expect(rows).toHaveLength(3);
    const of = (i: number) => rows.find((r) => r.driver_id === drivers[i]!.id)!;
    expect(of(0)).toMatchObject({
      make: 'Honda',
      model: 'Civic',
      year: 2018,
      color: 'Red',
      license_plate: 'BF0000',
      seats: 4,
      status: 'verified',
      active: true,
      rejection_reason: null,
    });
    expect(of(1)).toMatchObject({ status: 'pending', active: true });
    expect(of(2)).toMatchObject({ status: 'rejected', rejection_reason: 'Plate unreadable', active: true });
    const rules = await db.selectFrom('vehicle_rules').selectAll().where('city_id', '=', 'sf').executeTakeFirstOrThrow();
    expect(rules).toMatchObject({ comfort_min_year: THIS_YEAR - 7, comfort_min_seats: 4, xl_min_seats: 6 });

    // The approved one reads it on /vehicles: one vehicle, verified and active, Economy and (2018 ≥ this year − 7?) Comfort.
    const list = await users[0]!.client.get('/api/vehicles');
    expect(list.status).toBe(200);
    expect(list.body.vehicles).toHaveLength(1);
    expect(list.body.vehicles[0]).toMatchObject({ status: 'verified', active: true, seats: 4 });
    const sf = list.body.vehicles[0].ride_types.find((c: { city_id: string }) => c.city_id === 'sf');
    expect(sf.ride_types).toEqual(2018 >= THIS_YEAR - 7 ? ['economy', 'comfort'] : ['economy']);
    // A pending applicant has no /vehicles yet.
    expect((await users[1]!.client.get('/api/vehicles')).body.error.code).toBe('DRIVER_NOT_APPROVED');
  });

  it("a new application's vehicle is its first, pending, and the approval verifies it", async () => {
    const applicant = await newUser(server, 'Nia New');
    const applied = await applicant.client.post('/api/drivers', {
      full_name: 'Nia New',
      phone: uniquePhone(),
      license_number: 'D7654321',
      vehicle_make: 'Kia',
      vehicle_model: 'Niro',
      vehicle_year: 2023,
      vehicle_color: 'White',
      license_plate: '8NIA123',
    });
    expect(applied.status).toBe(201);
    const driverId = applied.body.driver.id;
    const before = await server.services.db.selectFrom('vehicles').selectAll().where('driver_id', '=', driverId).execute();
    expect(before).toMatchObject([{ make: 'Kia', model: 'Niro', year: 2023, license_plate: '8NIA123', seats: 4, status: 'pending', active: true }]);
    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
    const list = await applicant.client.get('/api/vehicles');
    expect(list.body.vehicles).toHaveLength(1);
    expect(list.body.vehicles[0]).toMatchObject({ status: 'verified', active: true });
  });
});

describe('a driver’s vehicles and their verification', () => {
  it('adds (pending, not active), is refused Set active until verified, is rejected with a reason, edits (pending again), is verified and sets it active: exactly one active', async () => {
    const driver = await approvedDriverOf(server, admin, 'Vic Vehicle');
    const first = (await driver.client.get('/api/vehicles')).body.vehicles[0];

    const added = await driver.client.post('/api/vehicles', car({ license_plate: '7VIC777' }));
    expect(added.status).toBe(201);
    const v = added.body.vehicle;
    expect(v).toMatchObject({ status: 'pending', active: false, seats: 7, rejection_reason: null });
    expect(v.ride_types.find((c: { city_id: string }) => c.city_id === 'sf').ride_types).toEqual(['economy', 'comfort', 'xl']);
    // The same plate twice: 409.
    expect((await driver.client.post('/api/vehicles', car({ license_plate: '7vic777' }))).status).toBe(409);
    // Not verified: cannot be made active.
    expect((await driver.client.post(`/api/vehicles/${v.id}/activate`, {})).status).toBe(409);

    // The queue shows it, with whose it is.
    const queue = await admin.get('/api/admin/vehicles?status=pending&limit=100');
    expect(queue.status).toBe(200);
    expect(queue.body.items.find((i: { id: string }) => i.id === v.id)).toMatchObject({ driver_name: 'Vic Vehicle', status: 'pending' });

    // Rejected with a reason (required): the driver is told why.
    expect((await admin.post(`/api/admin/vehicles/${v.id}/review`, { status: 'rejected' })).status).toBe(400);
    const rejected = await admin.post(`/api/admin/vehicles/${v.id}/review`, { status: 'rejected', reason: 'The registration shows 5 seats' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.vehicle).toMatchObject({ status: 'rejected', rejection_reason: 'The registration shows 5 seats' });
    expect(await auditCount('vehicle.reject', v.id)).toBe(1);
    // Decided: not again.
    expect((await admin.post(`/api/admin/vehicles/${v.id}/review`, { status: 'verified' })).status).toBe(409);
    const told = await eventually(async () =>
      ((await driver.client.get('/api/notifications')).body as Array<{ title: string; message: string }>).find((n) => n.title === 'Vehicle not verified'),
    );
    expect(told.message).toContain('The registration shows 5 seats');

    // An edit goes back to verification.
    const edited = await driver.client.patch(`/api/vehicles/${v.id}`, car({ license_plate: '7VIC777', seats: 6 }));
    expect(edited.status).toBe(200);
    expect(edited.body.vehicle).toMatchObject({ status: 'pending', rejection_reason: null, seats: 6 });

    expect((await admin.post(`/api/admin/vehicles/${v.id}/review`, { status: 'verified' })).status).toBe(200);
    expect(await auditCount('vehicle.verify', v.id)).toBe(1);
    await eventually(async () =>
      ((await driver.client.get('/api/notifications')).body as Array<{ title: string }>).find((n) => n.title === 'Vehicle verified'),
    );

    const activated = await driver.client.post(`/api/vehicles/${v.id}/activate`, {});
    expect(activated.status).toBe(200);
    expect(activated.body.vehicle.active).toBe(true);
    const after = (await driver.client.get('/api/vehicles')).body.vehicles;
    expect(after.filter((x: { active: boolean }) => x.active).map((x: { id: string }) => x.id)).toEqual([v.id]);
    expect(after.find((x: { id: string }) => x.id === first.id).active).toBe(false);
    // The driver record's vehicle fields mirror the active vehicle.
    const record = await server.services.db
      .selectFrom('drivers')
      .select(['vehicle_make', 'vehicle_model', 'license_plate'])
      .where('id', '=', driver.driverId)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ vehicle_make: 'Toyota', vehicle_model: 'Sienna', license_plate: '7VIC777' });

    // The database holds one active per driver, whatever a verb might try.
    await expect(server.services.db.updateTable('vehicles').set({ active: true }).where('id', '=', first.id).execute()).rejects.toThrow(
      /vehicles_one_active_idx|unique/,
    );

    // Editing the active one: it stays active, pending, and takes no ride until verified again.
    const editedActive = await driver.client.patch(`/api/vehicles/${v.id}`, car({ license_plate: '7VIC777', color: 'Black', seats: 6 }));
    expect(editedActive.body.vehicle).toMatchObject({ active: true, status: 'pending', color: 'Black' });
  });

  it('validates like the application: year 2000 to next year, seats 1 to 8, every field', async () => {
    const driver = await approvedDriverOf(server, admin, 'Val Valid');
    for (const bad of [{ year: 1999 }, { year: vehicleYearMax() + 1 }, { year: 2020.5 }, { seats: 0 }, { seats: 9 }, { make: '' }, { license_plate: '   ' }]) {
      const res = await driver.client.post('/api/vehicles', car(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await driver.client.post('/api/vehicles', car({ year: vehicleYearMax(), seats: 1 }))).status).toBe(201);
    expect((await driver.client.post('/api/vehicles', car({ year: 2000, seats: 8 }))).status).toBe(201);
  });

  it("refuses: another driver's vehicle (404), a rider (403), a visitor (401), a driver at the admin routes (403), an admin reviewing their own vehicle (403)", async () => {
    const owner = await approvedDriverOf(server, admin, 'Owen Owner');
    const other = await approvedDriverOf(server, admin, 'Otto Other');
    const rider = await newUser(server, 'Rita Rider');
    const visitor = server.client();
    const added = await owner.client.post('/api/vehicles', car());
    const id = added.body.vehicle.id;

    expect((await other.client.patch(`/api/vehicles/${id}`, car())).status).toBe(404);
    expect((await other.client.post(`/api/vehicles/${id}/activate`, {})).status).toBe(404);
    expect((await other.client.post('/api/vehicles/not-a-uuid/activate', {})).status).toBe(404);
    expect((await other.client.get('/api/vehicles')).body.vehicles.some((v: { id: string }) => v.id === id)).toBe(false);

    expect((await rider.client.get('/api/vehicles')).status).toBe(403);
    expect((await rider.client.post('/api/vehicles', car())).status).toBe(403);
    expect((await visitor.get('/api/vehicles')).status).toBe(401);
    expect((await visitor.post('/api/vehicles', car())).status).toBe(401);

    // The driver cannot verify their own, nor read the queue or the rules.
    expect((await owner.client.post(`/api/admin/vehicles/${id}/review`, { status: 'verified' })).status).toBe(403);
    expect((await owner.client.get('/api/admin/vehicles')).status).toBe(403);
    expect((await rider.client.get('/api/admin/vehicle-rules/sf')).status).toBe(403);
    expect(
      (await owner.client.request('/api/admin/vehicle-rules/sf', { method: 'PUT', json: { comfort_min_year: 2000, comfort_min_seats: 1, xl_min_seats: 1 } }))
        .status,
    ).toBe(403);
    expect((await visitor.get('/api/admin/vehicles')).status).toBe(401);
    expect((await visitor.post(`/api/admin/vehicles/${id}/review`, { status: 'verified' })).status).toBe(401);
    expect((await server.services.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');

    // An admin who also drives cannot verify their own car.
    const adminUserId = (await admin.get('/api/me')).body.user.id;
    const applied = await admin.post('/api/drivers', {
      full_name: 'Admin Driver',
      phone: uniquePhone(),
      license_number: 'D0000001',
      vehicle_make: 'Ford',
      vehicle_model: 'Focus',
      vehicle_year: 2019,
      vehicle_color: 'Blue',
      license_plate: '7ADM001',
    });
    expect(applied.status).toBe(201);
    const own = await server.services.db
      .selectFrom('vehicles')
      .innerJoin('drivers', 'drivers.id', 'vehicles.driver_id')
      .select('vehicles.id')
      .where('drivers.user_id', '=', adminUserId)
      .executeTakeFirstOrThrow();
    const self = await admin.post(`/api/admin/vehicles/${own.id}/review`, { status: 'verified' });
    expect(self.status).toBe(403);
  });
});

describe('vehicle photos (decision 0048)', () => {
  it('attaches up to 4 of the driver’s own vehicle_photo files (each sends the vehicle back to verification), detaches one, and the admins see them in the queue and on the driver', async () => {
    const driver = await approvedDriverOf(server, admin, 'Pia Photo');
    const v = (await driver.client.get('/api/vehicles')).body.vehicles[0];
    expect(v).toMatchObject({ status: 'verified', photo_ids: [] });

    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await uploadCarPng(driver.client));
    const first = await driver.client.post(`/api/vehicles/${v.id}/photos`, { file_id: ids[0] });
    expect(first.status).toBe(200);
    // A photo is a change like any other: back to verification (the active car takes no ride until verified).
    expect(first.body.vehicle).toMatchObject({ photo_ids: [ids[0]], status: 'pending', active: true });
    // The same one again changes nothing.
    expect((await driver.client.post(`/api/vehicles/${v.id}/photos`, { file_id: ids[0] })).body.vehicle.photo_ids).toEqual([ids[0]]);
    for (const id of ids.slice(1, 4)) expect((await driver.client.post(`/api/vehicles/${v.id}/photos`, { file_id: id })).status).toBe(200);
    // A fifth: 409, and the vehicle keeps its four in the order attached.
    const fifth = await driver.client.post(`/api/vehicles/${v.id}/photos`, { file_id: ids[4] });
    expect(fifth.status).toBe(409);
    expect(fifth.body.error.message).toContain('at most 4 photos');
    expect((await driver.client.get('/api/vehicles')).body.vehicles[0].photo_ids).toEqual(ids.slice(0, 4));
    // The database holds the limit too.
    await expect(server.services.db.updateTable('vehicles').set({ photo_file_ids: ids }).where('id', '=', v.id).execute()).rejects.toThrow(
      /vehicles_photos_max|check/,
    );

    // The queue shows the photos; an admin reads each one.
    const queue = await admin.get('/api/admin/vehicles?status=pending&limit=100');
    expect(queue.body.items.find((i: { id: string }) => i.id === v.id).photo_ids).toEqual(ids.slice(0, 4));
    const photo = await fetch(new URL(`/api/files/${ids[0]}`, server.url), { headers: { cookie: admin.cookieHeader } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    // And on the driver's page (/driver/{id}).
    const ofDriver = await admin.get(`/api/admin/drivers/${driver.driverId}/vehicles`);
    expect(ofDriver.status).toBe(200);
    expect(ofDriver.body.vehicles).toHaveLength(1);
    expect(ofDriver.body.vehicles[0]).toMatchObject({ id: v.id, active: true, status: 'pending', photo_ids: ids.slice(0, 4) });
    // /driver-management's list says the active car waits for verification.
    const listed = await admin.get(`/api/admin/drivers?status=approved&q=${encodeURIComponent('Pia Photo')}`);
    expect(listed.body.items.map((d: { id: string; vehicle_status: string | null }) => [d.id, d.vehicle_status])).toEqual([[driver.driverId, 'pending']]);

    // Verified again, then a photo removed: back to verification, the file still the driver's.
    expect((await admin.post(`/api/admin/vehicles/${v.id}/review`, { status: 'verified' })).status).toBe(200);
    const removed = await driver.client.delete(`/api/vehicles/${v.id}/photos/${ids[1]}`);
    expect(removed.status).toBe(200);
    expect(removed.body.vehicle).toMatchObject({ photo_ids: [ids[0], ids[2], ids[3]], status: 'pending' });
    expect((await driver.client.delete(`/api/vehicles/${v.id}/photos/${ids[1]}`)).status).toBe(404);
    expect((await driver.client.post(`/api/vehicles/${v.id}/photos`, { file_id: ids[4] })).body.vehicle.photo_ids).toEqual([ids[0], ids[2], ids[3], ids[4]]);
  });

  it("refuses another driver's file or vehicle, a file of another purpose, an unknown file, a rider and a visitor; the admin route refuses drivers and riders", async () => {
    const owner = await approvedDriverOf(server, admin, 'Ola Owner');
    const other = await approvedDriverOf(server, admin, 'Ike Intruder');
    const rider = await newUser(server, 'Rae Rider');
    const visitor = server.client();
    const vehicleId = (await owner.client.get('/api/vehicles')).body.vehicles[0].id;
    const othersVehicleId = (await other.client.get('/api/vehicles')).body.vehicles[0].id;
    const othersPhoto = await uploadCarPng(other.client);
    const ownPhoto = await uploadCarPng(owner.client);
    const insurance = await uploadCarPng(owner.client, 'insurance');

    // Another driver's file: as if it did not exist.
    const foreign = await owner.client.post(`/api/vehicles/${vehicleId}/photos`, { file_id: othersPhoto });
    expect(foreign.status).toBe(404);
    // A file uploaded for another purpose: 400.
    const wrong = await owner.client.post(`/api/vehicles/${vehicleId}/photos`, { file_id: insurance });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('This file was not uploaded as a vehicle photo.');
    expect((await owner.client.post(`/api/vehicles/${vehicleId}/photos`, { file_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await owner.client.post(`/api/vehicles/${vehicleId}/photos`, {})).status).toBe(400);
    // Their own file onto another driver's vehicle: 404; nor can the other driver remove the owner's photo.
    expect((await owner.client.post(`/api/vehicles/${othersVehicleId}/photos`, { file_id: ownPhoto })).status).toBe(404);
    expect((await owner.client.post(`/api/vehicles/${vehicleId}/photos`, { file_id: ownPhoto })).status).toBe(200);
    expect((await other.client.delete(`/api/vehicles/${vehicleId}/photos/${ownPhoto}`)).status).toBe(404);
    // A rider (even with an upload of their own) and a visitor.
    const ridersPhoto = await uploadCarPng(rider.client);
    expect((await rider.client.post(`/api/vehicles/${vehicleId}/photos`, { file_id: ridersPhoto })).status).toBe(403);
    expect((await rider.client.delete(`/api/vehicles/${vehicleId}/photos/${ownPhoto}`)).status).toBe(403);
    expect((await visitor.post(`/api/vehicles/${vehicleId}/photos`, { file_id: ownPhoto })).status).toBe(401);
    expect((await visitor.delete(`/api/vehicles/${vehicleId}/photos/${ownPhoto}`)).status).toBe(401);
    const rows = await server.services.db.selectFrom('vehicles').select(['id', 'photo_file_ids']).where('id', 'in', [vehicleId, othersVehicleId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.photo_file_ids]))).toEqual({ [vehicleId]: [ownPhoto], [othersVehicleId]: [] });

    // One driver's vehicles, for admins only.
    expect((await owner.client.get(`/api/admin/drivers/${owner.driverId}/vehicles`)).status).toBe(403);
    expect((await rider.client.get(`/api/admin/drivers/${owner.driverId}/vehicles`)).status).toBe(403);
    expect((await visitor.get(`/api/admin/drivers/${owner.driverId}/vehicles`)).status).toBe(401);
    expect((await admin.get('/api/admin/drivers/00000000-0000-4000-8000-000000000000/vehicles')).status).toBe(404);
    expect((await admin.get('/api/admin/drivers/nope/vehicles')).status).toBe(404);
  });
});

describe('ride-type eligibility rules per city', () => {
  it('reads and sets a city’s rules (audited), seeds a new city with the defaults, and refuses bad ones', async () => {
    const read = await admin.get('/api/admin/vehicle-rules/sf');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ city_id: 'sf', rules: { comfort_min_year: THIS_YEAR - 7, comfort_min_seats: 4, xl_min_seats: 6 }, updated_at: null });
    expect((await admin.get('/api/admin/vehicle-rules/atlantis')).status).toBe(404);
    expect(
      (await admin.request('/api/admin/vehicle-rules/sf', { method: 'PUT', json: { comfort_min_year: 2015, comfort_min_seats: 0, xl_min_seats: 6 } })).status,
    ).toBe(400);
    expect((await admin.request('/api/admin/vehicle-rules/sf', { method: 'PUT', json: { comfort_min_year: 2015 } })).status).toBe(400);

    const created = await admin.post('/api/admin/cities', {
      id: 'veh-oak',
      name: 'Oakland',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      center_lat: 37.8,
      center_lng: -122.27,
    });
    expect(created.status).toBe(201);
    const oak = await admin.request('/api/admin/vehicle-rules/veh-oak', {
      method: 'PUT',
      json: { comfort_min_year: 2024, comfort_min_seats: 5, xl_min_seats: 7 },
    });
    expect(oak.status).toBe(200);
    expect(oak.body.rules).toEqual({ comfort_min_year: 2024, comfort_min_seats: 5, xl_min_seats: 7 });
    expect(oak.body.updated_at).not.toBeNull();
    expect(await auditCount('vehicle_rules.update', 'veh-oak')).toBe(1);
    // Per city: San Francisco's are untouched.
    expect((await admin.get('/api/admin/vehicle-rules/sf')).body.rules.comfort_min_year).toBe(THIS_YEAR - 7);

    // A vehicle card reads each city's verdict: a 2022 six-seater is XL in both, Comfort only in San Francisco.
    const driver = await approvedDriverOf(server, admin, 'Cora Cities');
    const v = (await driver.client.post('/api/vehicles', car({ year: 2022, seats: 6 }))).body.vehicle;
    const byCity = Object.fromEntries(v.ride_types.map((c: { city_id: string; ride_types: string[] }) => [c.city_id, c.ride_types]));
    expect(byCity).toMatchObject({ sf: ['economy', 'comfort', 'xl'], 'veh-oak': ['economy'] });
  });
});

describe('dispatch and quotes by vehicle', () => {
  const book = (rider: TestClient, pickup: { lat: number; lng: number; label?: string }, ride_type: string) =>
    rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type, payment_method: 'cash' });

  it('an XL ride is offered only to the driver with a verified XL vehicle, not to the nearer Economy one; the quote says which types have cars near', async () => {
    const pickup = area(1);
    const economy = await onlineWithCar(north(pickup, 200), 'Ed Economy', car({ make: 'Toyota', model: 'Yaris', year: 2016, seats: 4 }));
    const rider = await newUser(server, 'Xena XL');

    // Only an old four-seater near: Economy is available, Comfort and XL are not (shown, marked, no ETA).
    const before = await rider.client.post('/api/rides/quote', { pickup, destination: GOLDEN_GATE_PARK });
    expect(before.status).toBe(200);
    const opt = (q: { body: { options: Array<{ ride_type: string; available: boolean; pickup_eta_s: number | null }> } }, t: string) =>
      q.body.options.find((o) => o.ride_type === t)!;
    expect(opt(before, 'economy')).toMatchObject({ available: true });
    expect(opt(before, 'economy').pickup_eta_s).toBeGreaterThan(0);
    expect(opt(before, 'xl')).toMatchObject({ available: false, pickup_eta_s: null });
    expect(opt(before, 'comfort')).toMatchObject({ available: false, pickup_eta_s: null });

    const xl = await onlineWithCar(north(pickup, 900), 'Xavier XL', car({ seats: 7 }));
    await eventually(async () => opt(await rider.client.post('/api/rides/quote', { pickup, destination: GOLDEN_GATE_PARK }), 'xl').available);

    const booked = await book(rider.client, pickup, 'xl');
    expect(booked.status).toBe(201);
    const offer = await nextOffer(xl, booked.body.ride.id);
    expect(offer.ride_id).toBe(booked.body.ride.id);
    expect(await offeredTo(booked.body.ride.id)).toEqual([xl.driverId]);
    expect((await economy.client.get('/api/drivers/me/offer')).body.offer).toBeNull();
    await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {});
  });

  it('a Comfort ride is not offered to an old car, and follows the city’s rule when an admin changes it', async () => {
    const pickup = area(2);
    const old = await onlineWithCar(north(pickup, 200), 'Olga Old', car({ make: 'Honda', model: 'Fit', year: 2012, seats: 4 }));
    // The helpers' application car: a 2021 Prius, Comfort under the default rule (this year − 7).
    const newer = await onlineWithCar(north(pickup, 900), 'Nell Newer');
    const rider = await newUser(server, 'Cam Comfort');

    const booked = await book(rider.client, pickup, 'comfort');
    expect(booked.status).toBe(201);
    await nextOffer(newer, booked.body.ride.id);
    expect(await offeredTo(booked.body.ride.id)).toEqual([newer.driverId]);
    expect((await old.client.get('/api/drivers/me/offer')).body.offer).toBeNull();
    await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {});

    // The admin raises Comfort to 2022: the 2021 Prius no longer serves it, in the quote as in dispatch.
    const rules = { comfort_min_year: 2022, comfort_min_seats: 4, xl_min_seats: 6 };
    expect((await admin.request('/api/admin/vehicle-rules/sf', { method: 'PUT', json: rules })).status).toBe(200);
    try {
      const quote = await rider.client.post('/api/rides/quote', { pickup, destination: GOLDEN_GATE_PARK });
      expect(quote.body.options.find((o: { ride_type: string }) => o.ride_type === 'comfort')).toMatchObject({ available: false, pickup_eta_s: null });
      expect(quote.body.options.find((o: { ride_type: string }) => o.ride_type === 'economy').available).toBe(true);
      const again = await book(rider.client, pickup, 'comfort');
      expect(again.status).toBe(201);
      const ended = await eventually(async () => {
        const r = (await rider.client.get(`/api/rides/${again.body.ride.id}`)).body.ride;
        return r.status === 'no_driver' ? r : null;
      });
      expect(ended.status).toBe('no_driver');
      expect(await offeredTo(again.body.ride.id)).toEqual([]);
    } finally {
      await admin.request('/api/admin/vehicle-rules/sf', { method: 'PUT', json: { comfort_min_year: THIS_YEAR - 7, comfort_min_seats: 4, xl_min_seats: 6 } });
    }
  });

  it('a driver whose active vehicle is waiting for verification is offered nothing, and cannot switch cars during a ride', async () => {
    const pickup = area(3);
    const driver = await onlineWithCar(north(pickup, 300), 'Pia Pending');
    const vehicles = (await driver.client.get('/api/vehicles')).body.vehicles;
    const active = vehicles.find((v: { active: boolean }) => v.active);
    // An edit of the active car sends it back to verification: no offers meanwhile.
    expect(
      (
        await driver.client.patch(
          `/api/vehicles/${active.id}`,
          car({ make: 'Toyota', model: 'Prius', year: 2021, seats: 4, license_plate: active.license_plate }),
        )
      ).status,
    ).toBe(200);
    const rider = await newUser(server, 'Pete Patient');
    const booked = await book(rider.client, pickup, 'economy');
    await eventually(async () => ((await rider.client.get(`/api/rides/${booked.body.ride.id}`)).body.ride.status === 'no_driver' ? true : null));
    expect(await offeredTo(booked.body.ride.id)).toEqual([]);

    // Verified again: offered; on the ride, Set active is refused.
    expect((await admin.post(`/api/admin/vehicles/${active.id}/review`, { status: 'verified' })).status).toBe(200);
    const spare = (await driver.client.post('/api/vehicles', car())).body.vehicle;
    expect((await admin.post(`/api/admin/vehicles/${spare.id}/review`, { status: 'verified' })).status).toBe(200);
    const second = await book(rider.client, pickup, 'economy');
    await nextOffer(driver, second.body.ride.id);
    expect((await driver.client.post(`/api/rides/${second.body.ride.id}/accept`, {})).status).toBe(200);
    const refused = await driver.client.post(`/api/vehicles/${spare.id}/activate`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DRIVER_HAS_ACTIVE_RIDE');
    expect((await driver.client.get('/api/vehicles')).body.on_ride).toBe(true);
    await rider.client.post(`/api/rides/${second.body.ride.id}/cancel`, {});
  });
});
