import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('notifications and drivers belong to their owner', () => {
  it("lists only the caller's notifications and cannot mark someone else's read", async () => {
    const alice = server.client();
    const bob = server.client();
    await signUp(alice);
    await signUp(bob);
    const aliceId = (await alice.get('/api/me')).body.user.id;
    const note = await server.services.db
      .insertInto('notifications')
      .values({ user_id: aliceId, type: 'success', title: 'Hi', message: 'For Alice', booking_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect((await bob.get('/api/notifications')).body).toEqual([]);
    const hijack = await bob.patch('/api/notifications', { id: note.id, is_read: true });
    expect(hijack.body).toEqual({ updated: 0 });
    const list = (await alice.get('/api/notifications')).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: note.id, is_read: false, message: 'For Alice' });

    expect((await alice.patch('/api/notifications', { all: true, is_read: true })).body).toEqual({ updated: 1 });
    expect((await alice.get('/api/notifications')).body[0].is_read).toBe(true);
    expect((await server.client().get('/api/notifications')).status).toBe(401);
  });

  it("refuses to change another user's driver status, and a pending driver cannot go online", async () => {
    const owner = server.client();
    const other = server.client();
    await signUp(owner);
    await signUp(other);
    const ownerId = (await owner.get('/api/me')).body.user.id;
    const driver = await server.services.db
      .insertInto('drivers')
      .values({
        user_id: ownerId,
        full_name: 'D',
        phone: '4155550199',
        license_number: 'L1',
        vehicle_make: 'Toyota',
        vehicle_model: 'Prius',
        vehicle_year: 2020,
        vehicle_color: 'Blue',
        license_plate: 'ABC123',
        city_id: 'sf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect((await other.patch(`/api/drivers/${driver.id}`, { status: 'offline' })).status).toBe(403);
    const pending = await owner.patch(`/api/drivers/${driver.id}`, { status: 'available' });
    expect(pending.status).toBe(403);
    expect(pending.body.error.message).toBe("Your driver application is pending. We'll notify you once approved.");
    expect((await owner.get('/api/drivers/me')).body.driver).toMatchObject({ id: driver.id, status: 'offline', verification_status: 'pending' });
    expect((await owner.get('/api/me')).body.role).toBe('driver');

    await server.services.db.updateTable('drivers').set({ verification_status: 'approved' }).where('id', '=', driver.id).execute();
    const online = await owner.patch(`/api/drivers/${driver.id}`, { status: 'available' });
    expect(online.body.driver.status).toBe('available');
  });

  it('refuses a write that is not JSON', async () => {
    const client = server.client();
    await signUp(client);
    const res = await client.request('/api/profiles/me', { method: 'PATCH', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });
});
