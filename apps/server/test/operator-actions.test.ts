import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, GOLDEN_GATE_PARK, newUser, nextOffer, north, onlineDriver, serveTheWholeBay } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 4000, idleGraceMs: 1000, tickMs: 200 } });
  await serveTheWholeBay(server);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const area = (k: number) => ({ lat: 37.64 + k * 0.06, lng: -122.43, label: `Corner ${k}` });
const book = (rider: TestClient, pickup: { lat: number; lng: number; label?: string }) =>
  rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
const auditOf = async (action: string) =>
  (await admin.get(`/api/admin/audit-log?action=${action}`)).body.items as Array<{ entity_id: string; reason: string; after: unknown }>;

describe('blocking a rider', () => {
  it('refuses riders, drivers and visitors on the customer list and the block', async () => {
    const rider = await newUser(server, 'Curious Rider');
    const target = await newUser(server, 'Target Rider');
    const driver = await onlineDriver(server, admin, area(5), 'Curious Driver');
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/customers')).status).toBe(status);
      expect((await client.get(`/api/admin/customers/${target.id}`)).status).toBe(status);
      expect((await client.post(`/api/admin/riders/${target.id}/block`, { reason: 'no reason at all' })).status).toBe(status);
      expect((await client.post(`/api/admin/riders/${target.id}/unblock`, { reason: 'no reason at all' })).status).toBe(status);
    }
    driver.socket.close();
    // Nothing of that blocked anyone.
    expect((await book(target.client, area(0))).status).toBe(201);
  });

  it('needs a reason; a blocked rider cannot request (ACCOUNT_BLOCKED) until unblocked; the list and the audit log show it', async () => {
    const rider = await newUser(server, 'Blocky McRider');
    expect((await admin.post(`/api/admin/riders/${rider.id}/block`, {})).status).toBe(400);
    expect((await admin.post(`/api/admin/riders/${rider.id}/block`, { reason: ' ' })).status).toBe(400);
    expect((await admin.post('/api/admin/riders/not-a-user/block', { reason: 'Fraudulent payments' })).status).toBe(404);

    const blocked = await admin.post(`/api/admin/riders/${rider.id}/block`, { reason: 'Fraudulent payments' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.rider).toMatchObject({ id: rider.id, blocked: true, blocked_reason: 'Fraudulent payments' });

    const refused = await book(rider.client, area(1));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'ACCOUNT_BLOCKED', message: 'Your account is blocked. Contact support.' });
    expect((await rider.client.get('/api/rides/active')).body.ride).toBeNull();

    const list = await admin.get('/api/admin/customers?q=Blocky&blocked=yes');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: rider.id, blocked: true, blocked_reason: 'Fraudulent payments', rides_completed: 0 });
    expect((await admin.get('/api/admin/customers?q=Blocky&blocked=no')).body.items).toHaveLength(0);
    expect((await auditOf('rider.block')).find((e) => e.entity_id === rider.id)).toMatchObject({ reason: 'Fraudulent payments', after: { blocked: true } });

    expect((await admin.post(`/api/admin/riders/${rider.id}/unblock`, { reason: 'Cleared by support' })).body.rider.blocked).toBe(false);
    expect((await book(rider.client, area(1))).status).toBe(201);
    expect((await auditOf('rider.unblock')).some((e) => e.entity_id === rider.id)).toBe(true);
  });

  it('leaves a ride under way to finish: the driver is not stranded', async () => {
    const pickup = area(2);
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Steady Driver');
    const rider = await newUser(server, 'Mid-Ride Rider');
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

    expect((await admin.post(`/api/admin/riders/${rider.id}/block`, { reason: 'Abusive messages' })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('completed');
    // …and no next one.
    expect((await book(rider.client, pickup)).body.error.code).toBe('ACCOUNT_BLOCKED');
    expect((await admin.get(`/api/admin/customers?q=Mid-Ride`)).body.items[0]).toMatchObject({ rides_completed: 1, blocked: true });
    driver.socket.close();
  });

  it('GET /api/admin/customers/:id: the rider’s record, ride counts, the ride under way and the history of blocks', async () => {
    const rider = await newUser(server, 'Paige Profile');
    const first = (await book(rider.client, area(3))).body.ride;
    let detail = await admin.get(`/api/admin/customers/${rider.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.active_ride_id).toBe(first.id);
    expect(detail.body.stats).toEqual({ rides_requested: 1, rides_completed: 0, cancellations: 0, no_driver: 0, ratings_given: 0, ratings_received: 0 });
    expect((await rider.client.post(`/api/rides/${first.id}/cancel`, {})).status).toBe(200);
    expect((await admin.post(`/api/admin/riders/${rider.id}/block`, { reason: 'Chargeback fraud' })).status).toBe(200);
    expect((await admin.post(`/api/admin/riders/${rider.id}/unblock`, { reason: 'Bank cleared it' })).status).toBe(200);

    detail = await admin.get(`/api/admin/customers/${rider.id}`);
    expect(detail.body.customer).toMatchObject({ id: rider.id, name: 'Paige Profile', blocked: false, cancellations: 1 });
    expect(detail.body.active_ride_id).toBeNull();
    expect(detail.body.stats).toMatchObject({ rides_requested: 1, cancellations: 1 });
    expect(detail.body.history.map((h: { action: string; reason: string }) => [h.action, h.reason])).toEqual([
      ['rider.unblock', 'Bank cleared it'],
      ['rider.block', 'Chargeback fraud'],
    ]);
    expect((await admin.get('/api/admin/customers/not-a-user')).status).toBe(404);
  });
});

/**
 * A ride the rider cancelled yesterday in `cityId`, written straight into the database (a ride in another
 * city, with a fee in its currency, cannot be booked here); `fee` charged (or waived). Everything asserted is
 * read through HTTP.
 */
async function cancelledRide(riderId: string, cityId: string, fee?: { cents: number; waived?: boolean }) {
  const { db } = server.services;
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', cityId).executeTakeFirstOrThrow();
  const yesterday = new Date(Date.now() - 86_400_000);
  await db
    .insertInto('rides')
    .values({
      city_id: city.id,
      rider_id: riderId,
      ride_type: 'economy',
      status: 'cancelled',
      pickup_lat: 37.79,
      pickup_lng: -122.4,
      dropoff_lat: 37.77,
      dropoff_lng: -122.45,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: 1500,
      currency: city.currency,
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: yesterday,
      cancelled_at: yesterday,
      cancelled_by: 'rider',
      ...(fee ? { cancellation_fee_cents: fee.cents, cancellation_fee_reason: 'late_cancel' as const, cancellation_fee_waived: fee.waived ?? false } : {}),
    })
    .execute();
}

describe('the customer list follows the console’s city (issue 29 §3, decision 0091)', () => {
  it('?city= keeps the riders with a ride there; a city outside a scoped member’s is 404; fees of two currencies are never added', async () => {
    const madrid = await admin.post('/api/admin/cities', {
      id: 'madrid-customers',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(madrid.status).toBe(201);
    const sam = await newUser(server, 'Cityscope Sam');
    const marta = await newUser(server, 'Cityscope Marta');
    const bea = await newUser(server, 'Cityscope Bea');
    await newUser(server, 'Cityscope Nora'); // no ride yet
    await cancelledRide(sam.id, 'sf');
    await cancelledRide(marta.id, 'madrid-customers');
    await cancelledRide(bea.id, 'sf', { cents: 300 });
    await cancelledRide(bea.id, 'sf', { cents: 200 });
    await cancelledRide(bea.id, 'madrid-customers', { cents: 450 });
    await cancelledRide(bea.id, 'madrid-customers', { cents: 700, waived: true });

    const namesOf = async (client: TestClient, query = '') => {
      const res = await client.get(`/api/admin/customers?q=Cityscope${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((c: { name: string }) => c.name).sort();
    };
    const everyone = ['Cityscope Bea', 'Cityscope Marta', 'Cityscope Nora', 'Cityscope Sam'];
    expect(await namesOf(admin)).toEqual(everyone);
    expect(await namesOf(admin, '&city=madrid-customers')).toEqual(['Cityscope Bea', 'Cityscope Marta']);
    expect(await namesOf(admin, '&city=sf')).toEqual(['Cityscope Bea', 'Cityscope Sam']);

    // Bea's fees: one amount per currency (USD 3.00 + 2.00, EUR 4.50; the waived one is not charged), never one sum.
    const row = (await admin.get('/api/admin/customers?q=Cityscope%20Bea')).body.items[0];
    expect(row).toMatchObject({ id: bea.id, late_cancels_30d: 3, cancellations: 4 });
    expect(row.fees_30d).toEqual({ USD: 500, EUR: 450 });
    expect((await admin.get(`/api/admin/customers/${bea.id}`)).body.customer.fees_30d).toEqual({ USD: 500, EUR: 450 });
    expect((await admin.get('/api/admin/customers?q=Cityscope%20Sam')).body.items[0].fees_30d).toEqual({});
    const csv = await admin.get('/api/admin/customers?format=csv&q=Cityscope%20Bea');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Cancellation fees (30 days, minor units per currency)');
    expect(csv.body).toContain('EUR 450; USD 500');

    // A Madrid-scoped member: San Francisco is a city nobody has; Madrid's riders as above; without a city,
    // every rider (riders are not a city's).
    const mad = await newUser(server, 'Mara Scoped');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: mad.id, role: 'operations', cityIds: ['madrid-customers'], invitedBy: null }));
    const refused = await mad.client.get('/api/admin/customers?city=sf');
    expect(refused.status).toBe(404);
    expect(refused.body.items).toBeUndefined();
    expect(await namesOf(mad.client, '&city=madrid-customers')).toEqual(['Cityscope Bea', 'Cityscope Marta']);
    expect(await namesOf(mad.client)).toEqual(everyone);
  });
});

describe('suspending a driver', () => {
  it('refuses riders, drivers and visitors', async () => {
    const driver = await onlineDriver(server, admin, area(6), 'Target Driver');
    const other = await onlineDriver(server, admin, north(area(6), 2000), 'Other Driver');
    const rider = await newUser(server, 'Nosy Rider');
    for (const [client, status] of [
      [rider.client, 403],
      [other.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.post(`/api/admin/drivers/${driver.driverId}/suspend`, { reason: 'no reason' })).status).toBe(status);
    }
    expect((await driver.client.get('/api/drivers/me/active')).status).toBe(200);
    driver.socket.close();
    other.socket.close();
  });

  it('takes the driver offline at once; they cannot go online or be offered rides until reinstated', async () => {
    const pickup = area(3);
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Suspended Sam');
    expect((await admin.post(`/api/admin/drivers/${driver.driverId}/suspend`, {})).status).toBe(400);
    const suspended = await admin.post(`/api/admin/drivers/${driver.driverId}/suspend`, { reason: 'Expired insurance' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.driver).toMatchObject({ status: 'offline', suspended: true, suspension_reason: 'Expired insurance' });
    const event = await driver.socket.next((f) => f.type === 'event' && f.event === 'driver.changed');
    expect(event).toMatchObject({ data: { status: 'offline' } });

    const online = await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'available' } });
    expect(online.status).toBe(403);
    expect(online.body.error.code).toBe('DRIVER_SUSPENDED');
    expect((await driver.client.get('/api/drivers/me/active')).body.error.code).toBe('DRIVER_SUSPENDED');
    // Their own record says so (the /driver page shows it), and why.
    expect((await driver.client.get('/api/drivers/me')).body.driver).toMatchObject({
      verification_status: 'approved',
      suspended: true,
      suspension_reason: 'Expired insurance',
    });

    // A rider nearby is not offered to them: the search ends without a driver.
    const rider = await newUser(server, 'Waiting Rider');
    const ride = (await book(rider.client, pickup)).body.ride;
    await new Promise((r) => setTimeout(r, 2500));
    expect((await driver.client.get('/api/drivers/me/offer')).body.offer).toBeNull();
    await rider.client.post(`/api/rides/${ride.id}/cancel`, {});

    expect((await auditOf('driver.suspend')).find((e) => e.entity_id === driver.driverId)).toMatchObject({ reason: 'Expired insurance' });
    expect((await admin.post(`/api/admin/drivers/${driver.driverId}/reinstate`, { reason: 'Insurance renewed' })).body.driver.suspended).toBe(false);
    expect((await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
    expect((await driver.client.get('/api/drivers/me')).body.driver).toMatchObject({ suspended: false, suspension_reason: null });
    driver.socket.close();
  });

  it('GET /api/admin/drivers/:id tells the operator who the driver is, how they work and what was decided about them', async () => {
    const pickup = area(4);
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Detailed Dora');
    const rider = await newUser(server, 'Rated Rider');
    const ride = (await book(rider.client, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    await driver.client.post(`/api/rides/${ride.id}/arrive`, {});
    await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin });
    await driver.client.post(`/api/rides/${ride.id}/complete`, {});
    await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 4 });

    expect((await rider.client.get(`/api/admin/drivers/${driver.driverId}`)).status).toBe(403);
    expect((await driver.client.get(`/api/admin/drivers/${driver.driverId}`)).status).toBe(403);
    expect((await admin.get('/api/admin/drivers/not-a-uuid')).status).toBe(404);

    const detail = (await admin.get(`/api/admin/drivers/${driver.driverId}`)).body;
    expect(detail.driver).toMatchObject({
      id: driver.driverId,
      full_name: 'Detailed Dora',
      verification_status: 'approved',
      status: 'available',
      suspended: false,
      vehicle: { make: 'Toyota', model: 'Prius' },
    });
    expect(detail.stats).toMatchObject({
      offers: 1,
      offers_accepted: 1,
      acceptance_rate: 1,
      rides: 1,
      rides_completed: 1,
      cancellation_rate: 0,
      rating: 4,
      ratings: 1,
    });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['driver.approve']);

    await admin.post(`/api/admin/drivers/${driver.driverId}/suspend`, { reason: 'Complaint under review' });
    const after = (await admin.get(`/api/admin/drivers/${driver.driverId}`)).body;
    expect(after.driver).toMatchObject({ status: 'offline', suspended: true, suspension_reason: 'Complaint under review' });
    expect(after.history[0]).toMatchObject({ action: 'driver.suspend', reason: 'Complaint under review', actor_name: expect.any(String) });
    driver.socket.close();
  });
});
