import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { ALREADY_APPLIED_MESSAGE, type DriverVerificationStatus } from '@openride/shared/drivers/schemas';
import { messages } from '@openride/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { signUp, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const application = (over: Record<string, unknown> = {}) => ({
  full_name: 'Dana Driver',
  phone: '(415) 555-0142',
  license_number: 'D1234567',
  vehicle_make: 'Toyota',
  vehicle_model: 'Prius',
  vehicle_year: 2021,
  vehicle_color: 'Blue',
  license_plate: '7ABC123',
  ...over,
});

async function newUser() {
  const client = server.client();
  await signUp(client);
  const id = (await client.get('/api/me')).body.user.id as string;
  return { client, id };
}

const setVerification = (driverId: string, verification_status: DriverVerificationStatus) =>
  server.services.db.updateTable('drivers').set({ verification_status }).where('id', '=', driverId).execute();

const apply = (client: TestClient, over: Record<string, unknown> = {}) => client.post('/api/drivers', application(over));

describe('POST /api/drivers (the application)', () => {
  it('creates a pending, offline record and the driver role, and tells the applicant’s tabs', async () => {
    const { client, id } = await newUser();
    const socket = await openSocket(client);
    const res = await apply(client, { full_name: '  Dana Driver  ', license_plate: ' 7ABC123 ' });
    expect(res.status).toBe(201);
    expect(res.body.driver).toEqual({
      id: expect.any(String),
      status: 'offline',
      verification_status: 'pending',
      created_at: expect.any(String),
      ...application(),
      // Stored in E.164, read in the city's country (the deployment's US here; decision 0094).
      phone: '+14155550142',
    });
    expect((await client.get('/api/user-roles/me')).body).toEqual({ roles: ['driver'] });
    expect((await client.get('/api/drivers/me')).body.driver).toMatchObject({ id: res.body.driver.id, verification_status: 'pending' });
    const event = await socket.next((f) => f.type === 'event' && f.event === 'driver.changed');
    expect(event).toMatchObject({ channel: `user:${id}`, data: { id: res.body.driver.id, status: 'offline', verification_status: 'pending' } });
    socket.close();
  });

  it('refuses a second application while one is pending or approved (409), and accepts one after a rejection', async () => {
    const { client } = await newUser();
    const first = await apply(client);
    const again = await apply(client);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'ALREADY_APPLIED', message: ALREADY_APPLIED_MESSAGE } });

    await setVerification(first.body.driver.id, 'approved');
    expect((await apply(client)).status).toBe(409);

    await setVerification(first.body.driver.id, 'rejected');
    const retry = await apply(client, { vehicle_year: 2024 });
    expect(retry.status).toBe(201);
    expect(retry.body.driver.id).not.toBe(first.body.driver.id);
    // The duplicate role was ignored: still exactly one.
    expect((await client.get('/api/user-roles/me')).body).toEqual({ roles: ['driver'] });
    expect((await client.get('/api/drivers/me')).body.driver.id).toBe(retry.body.driver.id);
  });

  it('lets exactly one of two simultaneous applications through', async () => {
    const { client, id } = await newUser();
    const results = await Promise.all([apply(client), apply(client)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await server.services.db.selectFrom('drivers').select('id').where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts years 2000 to next year and refuses anything else with 400', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const { client } = await newUser();
    for (const vehicle_year of [1999, nextYear + 1, 2020.5, '2020']) {
      const res = await apply(client, { vehicle_year });
      expect(res.status, `year ${vehicle_year}`).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    expect((await apply(client, { vehicle_year: 1999 })).body.error.message).toBe(`Vehicle year must be between 2000 and ${nextYear}.`);
    const oldest = await apply(client, { vehicle_year: 2000 });
    expect(oldest.status).toBe(201);
    await setVerification(oldest.body.driver.id, 'rejected');
    const newest = await apply(client, { vehicle_year: nextYear });
    expect(newest.status).toBe(201);
    expect(newest.body.driver.vehicle_year).toBe(nextYear);
  });

  it('refuses a missing or blank field with 400 and creates nothing, not even the role', async () => {
    const { client, id } = await newUser();
    const { license_number: _omitted, ...withoutLicense } = application();
    const missing = await client.post('/api/drivers', withoutLicense);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Please enter your license number.');
    const blank = await apply(client, { vehicle_make: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Please enter your vehicle make.');
    expect(await server.services.db.selectFrom('drivers').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await client.get('/api/user-roles/me')).body).toEqual({ roles: [] });
  });

  it('takes the city chosen, or the only city served when none is named; refuses a city not served with 400 and creates nothing', async () => {
    const { client, id } = await newUser();
    const unknown = await apply(client, { city_id: 'nowhere' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'BAD_REQUEST', message: driverCityText.notServed, details: [{ path: ['city_id'] }] });
    expect(await server.services.db.selectFrom('drivers').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await apply(client)).status).toBe(201);
    expect((await client.get('/api/drivers/me')).body.driver.city).toEqual({ id: 'sf', name: 'San Francisco' });
  });

  it('refuses a visitor without a session (401)', async () => {
    const res = await apply(server.client());
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: messages.errors.authRequired.text });
  });
});

describe('GET /api/drivers/me/active (the /driver-active gate)', () => {
  it('404 without a record, 403 with the exact message while pending or rejected, 200 once approved', async () => {
    const { client } = await newUser();
    const none = await client.get('/api/drivers/me/active');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No driver record' } });

    const { body } = await apply(client);
    const pending = await client.get('/api/drivers/me/active');
    expect(pending.status).toBe(403);
    expect(pending.body.error).toEqual({ code: 'DRIVER_NOT_APPROVED', message: "Your driver application is pending. We'll notify you once approved." });

    await setVerification(body.driver.id, 'rejected');
    const rejected = await client.get('/api/drivers/me/active');
    expect(rejected.status).toBe(403);
    expect(rejected.body.error.message).toBe(messages.errors.applicationPending.text('rejected'));

    await setVerification(body.driver.id, 'approved');
    const approved = await client.get('/api/drivers/me/active');
    expect(approved.status).toBe(200);
    expect(approved.body.driver).toMatchObject({ id: body.driver.id, verification_status: 'approved', license_plate: '7ABC123' });
  });

  it('refuses a visitor (401)', async () => {
    expect((await server.client().get('/api/drivers/me/active')).status).toBe(401);
  });

  it("only reads the caller's own record", async () => {
    const owner = await newUser();
    const { body } = await apply(owner.client);
    await setVerification(body.driver.id, 'approved');
    const other = await newUser();
    expect((await other.client.get('/api/drivers/me/active')).status).toBe(404);
    expect((await other.client.get('/api/drivers/me')).body).toEqual({ driver: null });
  });
});

describe('PATCH /api/drivers/:id status', () => {
  it('refuses a rejected driver going online, and takes nobody online by another id', async () => {
    const { client } = await newUser();
    const { body } = await apply(client);
    await setVerification(body.driver.id, 'rejected');
    const res = await client.patch(`/api/drivers/${body.driver.id}`, { status: 'available' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('DRIVER_NOT_APPROVED');
    expect(res.body.error.message).toBe(messages.errors.applicationPending.text('rejected'));
    expect((await client.get('/api/drivers/me')).body.driver.status).toBe('offline');
    expect((await client.patch('/api/drivers/not-a-uuid', { status: 'offline' })).status).toBe(404);
    expect((await client.patch(`/api/drivers/${crypto.randomUUID()}`, { status: 'offline' })).status).toBe(404);
  });
});
