import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, eventually, GOLDEN_GATE_PARK, newUser, nextOffer, north, onlineDriver, serveTheWholeBay } from './ride-actors';
import { openSocket } from './socket-client';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 2000, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  await serveTheWholeBay(server);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const area = (k: number) => ({ lat: 37.64 + k * 0.06, lng: -122.43, label: `Stop ${k}` });
const book = (rider: TestClient, pickup: { lat: number; lng: number; label?: string }) =>
  rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });

describe('/booking-management', () => {
  it('refuses riders, drivers and visitors on every operator route', async () => {
    const rider = await newUser(server, 'Snoopy Rider');
    const ride = (await book(rider.client, area(4))).body.ride;
    const driver = await onlineDriver(server, admin, area(6), 'Snoopy Driver');
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/rides')).status).toBe(status);
      expect((await client.get(`/api/admin/rides/${ride.id}`)).status).toBe(status);
      expect((await client.post(`/api/admin/rides/${ride.id}/cancel`, { reason: 'Not mine to cancel' })).status).toBe(status);
      expect((await client.post(`/api/admin/rides/${ride.id}/redispatch`, {})).status).toBe(status);
    }
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).not.toBe('cancelled');
    await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    driver.socket.close();
  });

  it('finds a completed ride by rider, driver or id and tells its whole story', async () => {
    const pickup = area(0);
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Tilly Timeline');
    const rider = await newUser(server, 'Rory Storyteller');
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    await driver.client.post(`/api/rides/${ride.id}/messages`, { body: 'On my way' });
    await driver.client.post(`/api/rides/${ride.id}/arrive`, {});
    await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin });
    await driver.locate(north(pickup, 900));
    await driver.client.post(`/api/rides/${ride.id}/complete`, {});
    await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 5, comment: 'Great' });
    await server.services.breadcrumbs.flush();

    for (const q of ['Storyteller', 'Tilly', ride.id]) {
      const found = await admin.get(`/api/admin/rides?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body.items.map((r: { id: string }) => r.id)).toContain(ride.id);
    }
    const completed = await admin.get(`/api/admin/rides?status=completed&driver_id=${driver.driverId}`);
    expect(completed.body.items).toHaveLength(1);
    expect(completed.body.items[0]).toMatchObject({ id: ride.id, rider_name: 'Rory Storyteller', driver_name: 'Tilly Timeline', status: 'completed' });
    expect((await admin.get(`/api/admin/rides?status=cancelled&driver_id=${driver.driverId}`)).body.items).toHaveLength(0);
    expect((await admin.get('/api/admin/rides?status=flying')).status).toBe(400);

    const detail = await admin.get(`/api/admin/rides/${ride.id}`);
    expect(detail.status).toBe(200);
    const kinds = detail.body.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['requested', 'offered', 'accepted', 'arrived', 'started', 'completed']);
    expect(detail.body.timeline[1].driver_name).toBe('Tilly Timeline');
    expect(detail.body.messages).toEqual([expect.objectContaining({ sender_role: 'driver', body: 'On my way' })]);
    expect(detail.body.ratings).toEqual([expect.objectContaining({ rater_role: 'rider', stars: 5, comment: 'Great' })]);
    expect(detail.body.route.length).toBeGreaterThanOrEqual(1);
    expect(detail.body.ride).toMatchObject({ fare_cents: ride.fare_cents, vehicle: expect.stringContaining('Prius') });
    expect((await admin.get('/api/admin/rides/not-a-ride')).status).toBe(404);
    driver.socket.close();
  });

  it('an operator cancels a live ride with a reason: rider and driver are told live, the audit log records it', async () => {
    const pickup = area(1);
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Cass Cancelled');
    const rider = await newUser(server, 'Rita Rerouted');
    const riderSocket = await openSocket(rider.client, server.url);
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});

    expect((await admin.post(`/api/admin/rides/${ride.id}/cancel`, {})).status).toBe(400);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('accepted');
    const cancelled = await admin.post(`/api/admin/rides/${ride.id}/cancel`, { reason: 'Road closed for a marathon' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ride).toMatchObject({ status: 'cancelled', cancelled_by: 'operator', cancel_reason: 'Road closed for a marathon' });
    expect(cancelled.body.timeline.at(-1)).toMatchObject({ kind: 'cancelled', by: 'operator', reason: 'Road closed for a marathon' });

    await riderSocket.next((f) => f.type === 'event' && f.event === 'ride.changed' && (f.data as { status: string }).status === 'cancelled');
    await driver.socket.next((f) => f.type === 'event' && f.event === 'ride.changed');
    const riderBell = await eventually(async () =>
      (await rider.client.get('/api/notifications')).body.find(
        (n: { booking_id: string; message: string }) => n.booking_id === ride.id && /marathon/.test(n.message),
      ),
    );
    expect(riderBell).toBeTruthy();
    const audit = (await admin.get('/api/admin/audit-log?action=ride.cancel')).body.items;
    expect(audit.find((e: { entity_id: string }) => e.entity_id === ride.id)).toMatchObject({
      reason: 'Road closed for a marathon',
      before: { status: 'accepted' },
    });
    // A second cancel changes nothing and records nothing more.
    expect((await admin.post(`/api/admin/rides/${ride.id}/cancel`, { reason: 'Again' })).status).toBe(200);
    expect((await admin.get('/api/admin/audit-log?action=ride.cancel')).body.items.filter((e: { entity_id: string }) => e.entity_id === ride.id)).toHaveLength(
      1,
    );
    riderSocket.close();
    driver.socket.close();
  });

  it('dispatches a ride still looking for a driver again, and refuses one that is not', async () => {
    const pickup = area(2);
    const rider = await newUser(server, 'Lonely Rider');
    const ride = (await book(rider.client, pickup)).body.ride;
    // Nobody is near: the ride waits. The operator sends it out again once a driver is there.
    const before = (await admin.get(`/api/admin/rides/${ride.id}`)).body.ride.dispatch_deadline;
    const driver = await onlineDriver(server, admin, north(pickup, 200), 'Late Driver');
    const again = await admin.post(`/api/admin/rides/${ride.id}/redispatch`, {});
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.ride.dispatch_deadline)).toBeGreaterThan(Date.parse(before));
    // The operator's move is audited under their id, like their cancel.
    const audited = (await admin.get('/api/admin/audit-log?action=ride.redispatch')).body.items.filter((e: { entity_id: string }) => e.entity_id === ride.id);
    expect(audited).toHaveLength(1);
    expect(audited[0].after.dispatch_deadline).toBe(again.body.ride.dispatch_deadline);
    await nextOffer(driver, ride.id);
    const done = await newUser(server, 'Done Rider');
    const finished = (await book(done.client, area(5))).body.ride;
    await done.client.post(`/api/rides/${finished.id}/cancel`, {});
    const refused = await admin.post(`/api/admin/rides/${finished.id}/redispatch`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_TRANSITION');
    driver.socket.close();
  });
});
