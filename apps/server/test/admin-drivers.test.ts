import { driverVerificationNotice } from '@openride/shared/drivers/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'reviewer@openride.test';
let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD });
  admin = server.client();
  await signIn(admin, ADMIN_EMAIL);
  adminId = (await admin.get('/api/me')).body.user.id;
});
afterAll(() => server?.stop());

async function applicant(overrides: Record<string, unknown> = {}) {
  const client = server.client();
  const { email } = await signUp(client);
  const id = (await client.get('/api/me')).body.user.id as string;
  const res = await client.post('/api/drivers', {
    full_name: 'Pat Applicant',
    phone: '4155550150',
    license_number: 'P7654321',
    vehicle_make: 'Honda',
    vehicle_model: 'Civic',
    vehicle_year: 2019,
    vehicle_color: 'Grey',
    license_plate: '8XYZ987',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { client, id, email, driverId: res.body.driver.id as string };
}

const review = (client: TestClient, driverId: string, body: unknown) => client.post(`/api/admin/drivers/${driverId}/verification`, body);

describe('admin driver review', () => {
  it('lists applications newest first with the applicant email and review fields, filtered by status', async () => {
    const first = await applicant({ license_plate: 'FIRST1' });
    const second = await applicant({ license_plate: 'SECOND2' });
    const all = await admin.get('/api/admin/drivers');
    expect(all.status).toBe(200);
    const ids = all.body.items.map((d: { id: string }) => d.id);
    expect(ids.indexOf(second.driverId)).toBeLessThan(ids.indexOf(first.driverId));
    expect(all.body.items.find((d: { id: string }) => d.id === first.driverId)).toEqual({
      id: first.driverId,
      user_id: first.id,
      email: first.email,
      status: 'offline',
      verification_status: 'pending',
      full_name: 'Pat Applicant',
      phone: '4155550150',
      license_number: 'P7654321',
      vehicle_make: 'Honda',
      vehicle_model: 'Civic',
      vehicle_year: 2019,
      vehicle_color: 'Grey',
      license_plate: 'FIRST1',
      // The active vehicle's verification: the application's car, pending with it (decision 0046).
      vehicle_status: 'pending',
      rejection_reason: null,
      reviewed_at: null,
      reviewed_by: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    await review(admin, first.driverId, { status: 'rejected', reason: 'Plate unreadable' });
    const pending = (await admin.get('/api/admin/drivers?status=pending')).body.items.map((d: { id: string }) => d.id);
    expect(pending).toContain(second.driverId);
    expect(pending).not.toContain(first.driverId);
    const rejected = (await admin.get('/api/admin/drivers?status=rejected')).body.items;
    expect(rejected.map((d: { id: string }) => d.id)).toEqual([first.driverId]);
    expect(rejected[0]).toMatchObject({ rejection_reason: 'Plate unreadable', reviewed_at: expect.any(String), reviewed_by: adminId });
    expect((await admin.get('/api/admin/drivers?status=approved')).body.items).toEqual([]);
    expect((await admin.get('/api/admin/drivers?status=bogus')).status).toBe(400);
  });

  it("approves: the applicant is notified (bell and socket), their tabs see the change, and they can go online", async () => {
    const { client, id, driverId } = await applicant();
    const socket = await openSocket(client);
    const res = await review(admin, driverId, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.driver).toMatchObject({ id: driverId, verification_status: 'approved', reviewed_by: adminId, rejection_reason: null });

    const notified = await socket.next((f) => f.type === 'event' && f.event === 'notification.changed');
    expect(notified).toMatchObject({ channel: `user:${id}`, data: { op: 'insert' } });
    const changed = await socket.next((f) => f.type === 'event' && f.event === 'driver.changed' && (f.data as { verification_status: string }).verification_status === 'approved');
    expect(changed).toMatchObject({ channel: `user:${id}`, data: { id: driverId, status: 'offline' } });
    socket.close();

    const [note] = (await client.get('/api/notifications')).body;
    expect(note).toMatchObject({
      type: 'success',
      title: 'Driver Application Approved',
      message: "You're approved to drive. Go online from your dashboard whenever you're ready.",
      is_read: false,
      booking_id: null,
    });
    expect((await client.get('/api/drivers/me/active')).status).toBe(200);
    const online = await client.patch(`/api/drivers/${driverId}`, { status: 'available' });
    expect(online.status).toBe(200);
    expect(online.body.driver.status).toBe('available');
  });

  it('rejects only with a reason, takes the driver offline and tells them why', async () => {
    const { client, driverId } = await applicant();
    await review(admin, driverId, { status: 'approved' });
    await client.patch(`/api/drivers/${driverId}`, { status: 'available' });

    for (const body of [{ status: 'rejected' }, { status: 'rejected', reason: '   ' }, { status: 'rejected', reason: 'x'.repeat(501) }, { status: 'pending' }]) {
      const res = await review(admin, driverId, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await review(admin, driverId, { status: 'rejected' })).body.error.message).toBe('Please give a reason for the rejection.');

    const res = await review(admin, driverId, { status: 'rejected', reason: '  Insurance expired  ' });
    expect(res.status).toBe(200);
    expect(res.body.driver).toMatchObject({ verification_status: 'rejected', status: 'offline', rejection_reason: 'Insurance expired' });

    const [note] = (await client.get('/api/notifications')).body;
    expect(note).toMatchObject({
      type: 'warning',
      title: 'Driver Application Not Approved',
      message: 'Your driver application was not approved: Insurance expired',
    });
    expect(note.message).toBe(driverVerificationNotice.rejected.message('Insurance expired'));
    expect((await client.patch(`/api/drivers/${driverId}`, { status: 'available' })).status).toBe(403);
    expect((await client.get('/api/drivers/me/active')).body.error.message).toBe("Your driver application is rejected. We'll notify you once approved.");
    // The applicant's own record says why, for /driver.
    expect((await client.get('/api/drivers/me')).body.driver).toMatchObject({ verification_status: 'rejected', rejection_reason: 'Insurance expired' });
  });

  it('answers 404 for an unknown driver', async () => {
    expect((await review(admin, crypto.randomUUID(), { status: 'approved' })).status).toBe(404);
    expect((await review(admin, 'nope', { status: 'approved' })).status).toBe(404);
  });

  it('refuses a signed-in non-admin (403), including the applicant approving themselves, and changes nothing', async () => {
    const { client, driverId } = await applicant();
    expect((await client.get('/api/admin/drivers')).status).toBe(403);
    const self = await review(client, driverId, { status: 'approved' });
    expect(self.status).toBe(403);
    expect(self.body.error.code).toBe('FORBIDDEN');
    expect((await client.get('/api/drivers/me')).body.driver.verification_status).toBe('pending');
    expect((await client.get('/api/notifications')).body).toEqual([]);
  });

  it('refuses a visitor (401) on both endpoints', async () => {
    const { driverId } = await applicant();
    const visitor = server.client();
    expect((await visitor.get('/api/admin/drivers')).status).toBe(401);
    expect((await review(visitor, driverId, { status: 'approved' })).status).toBe(401);
    const row = await server.services.db.selectFrom('drivers').select('verification_status').where('id', '=', driverId).executeTakeFirstOrThrow();
    expect(row.verification_status).toBe('pending');
  });
});
