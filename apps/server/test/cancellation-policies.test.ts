import { errorText } from '@openride/shared/error-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import {
  adminOf,
  ADMIN_ENV,
  FERRY_BUILDING,
  GOLDEN_GATE_PARK,
  newUser,
  nextOffer,
  north,
  onlineDriver,
  type OnlineDriver,
  serveTheWholeBay,
} from './ride-actors';
import { seedCityPolicies } from '../src/cancellation/cancellation.repo';
import { balanceOf } from '../src/ledger/ledger';
import { startTestServer, type TestServer } from './test-server';

/**
 * Cancellation policies (issue 12, decision 0033). Time is moved by moving the ride's stored timestamps
 * back in the database (accepted_at, arrived_at, pickup_eta_at): the server decides from its own clock and
 * those, so a test never waits for minutes.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 5000, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  admin = await adminOf(server);
  // The corners these tests book from spread past San Francisco's land polygon (decision 0031).
  await serveTheWholeBay(server);
});
afterAll(() => server?.stop());

let spot = 0;
const area = () => ({ lat: 37.62 + (spot++ % 12) * 0.02, lng: -122.45 + Math.floor(spot / 12) * 0.05, label: `Corner ${spot}` });

/** A ride accepted by a fresh driver. */
async function acceptedRide(riderName = 'Cora Canceller') {
  const pickup = area();
  const driver = await onlineDriver(server, admin, north(pickup, 300), 'Nolan Noshow');
  const rider = await newUser(server, riderName);
  const booked = await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  const ride = booked.body.ride;
  await nextOffer(driver, ride.id);
  expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
  return { rider, driver, ride };
}

/** Moves the ride's clock: its stored times `s` seconds earlier. */
async function ago(rideId: string, times: { accepted?: number; arrived?: number; eta?: number }) {
  const at = (s: number) => new Date(Date.now() - s * 1000);
  await server.services.db
    .updateTable('rides')
    .set({
      ...(times.accepted !== undefined ? { accepted_at: at(times.accepted) } : {}),
      ...(times.arrived !== undefined ? { arrived_at: at(times.arrived) } : {}),
      ...(times.eta !== undefined ? { pickup_eta_at: at(times.eta) } : {}),
    })
    .where('id', '=', rideId)
    .execute();
}
const rowOf = (id: string) => server.services.db.selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const done = (d: OnlineDriver) => d.socket.close();

describe('cancellation fees', () => {
  it('stores the pickup ETA at acceptance and shows the free window on the ride', async () => {
    const { rider, driver, ride } = await acceptedRide();
    const row = await rowOf(ride.id);
    expect(row.pickup_eta_at).not.toBeNull();
    const view = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride;
    expect(Date.parse(view.cancel_terms.free_cancel_until)).toBe(new Date(row.accepted_at!).getTime() + 120_000);
    expect(view.cancel_terms).toMatchObject({ late_cancel_fee_cents: 500, fee_now_cents: 0, waived_now: null, no_show_at: null, no_show_fee_cents: 500 });
    expect(view.cancellation_fee).toBeNull();
    done(driver);
  });

  it('is free before a driver accepts and inside the window', async () => {
    const rider = await newUser(server, 'Early Eve');
    const booked = (await rider.client.post('/api/rides', { pickup: area(), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' })).body
      .ride;
    expect(booked.cancel_terms).toMatchObject({ free_cancel_until: null, fee_now_cents: 0 });
    const first = await rider.client.post(`/api/rides/${booked.id}/cancel`, {});
    expect(first.body.ride).toMatchObject({ status: 'cancelled', cancellation_fee: null });

    const { rider: r2, driver, ride } = await acceptedRide('Inside Ivy');
    await ago(ride.id, { accepted: 100 });
    const cancelled = await r2.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ride).toMatchObject({ status: 'cancelled', cancellation_fee: null });
    expect((await rowOf(ride.id)).cancellation_fee_cents).toBeNull();
    done(driver);
  });

  it('charges the fee after the window, once, and carries it onto the next booking', async () => {
    const { rider, driver, ride } = await acceptedRide('Late Lou');
    await ago(ride.id, { accepted: 130 });
    const terms = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride.cancel_terms;
    expect(terms).toMatchObject({ fee_now_cents: 500, waived_now: null });
    const cancelled = await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ride.cancellation_fee).toEqual({
      amount_cents: 500,
      reason: 'late_cancel',
      waived: false,
      waive_reason: null,
      driver_share_cents: 500,
    });
    // A repeated cancel charges nothing more.
    const again = await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(again.status).toBe(200);
    expect(again.body.ride.cancellation_fee.amount_cents).toBe(500);
    const fees = await server.services.db
      .selectFrom('rides')
      .select('cancellation_fee_cents')
      .where('rider_id', '=', rider.id)
      .where('cancellation_fee_cents', 'is not', null)
      .execute();
    expect(fees).toEqual([{ cancellation_fee_cents: 500 }]);
    // The books (decision 0037): the rider owes it, the driver earned their share, posted once.
    const row = await rowOf(ride.id);
    expect(await balanceOf(server.services.db, { code: 'rider_owed', owner: rider.id }, row.currency)).toBe(500);
    expect(await balanceOf(server.services.db, { code: 'driver', owner: row.driver_id! }, row.currency)).toBe(-500);

    // The next quote shows it, the next booking carries it, and the one after does not.
    const quote = await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK });
    expect(quote.body.owed_fee_cents).toBe(500);
    const next = (await rider.client.post('/api/rides', { pickup: area(), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' })).body
      .ride;
    expect(next.carried_fee_cents).toBe(500);
    expect((await rowOf(ride.id)).cancellation_fee_carried_to).toBe(next.id);
    expect((await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents).toBe(0);
    // The booking that carried it is cancelled (in its free window): the fee was never paid, so it is owed again.
    await rider.client.post(`/api/rides/${next.id}/cancel`, {});
    expect((await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents).toBe(500);
    const third = (await rider.client.post('/api/rides', { pickup: area(), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' })).body
      .ride;
    expect(third.carried_fee_cents).toBe(500);
    expect((await rowOf(ride.id)).cancellation_fee_carried_to).toBe(third.id);
    await rider.client.post(`/api/rides/${third.id}/cancel`, {});

    // Operators see it in /customer-management.
    const customer = (await admin.get(`/api/admin/customers/${rider.id}`)).body.customer;
    expect(customer).toMatchObject({ late_cancels_30d: 1, no_shows_30d: 0, fees_30d: { USD: 500 } });
    done(driver);
  });

  it('waives the fee when the driver is late, with the reason', async () => {
    const { rider, driver, ride } = await acceptedRide('Patient Pat');
    // Accepted 20 minutes ago, promised at the pickup 15 minutes ago, not there: late by more than 5 minutes.
    await ago(ride.id, { accepted: 1200, eta: 900 });
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.cancel_terms).toMatchObject({ fee_now_cents: 0, waived_now: 'driver_late' });
    const cancelled = await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(cancelled.body.ride.cancellation_fee).toEqual({
      amount_cents: 500,
      reason: 'late_cancel',
      waived: true,
      waive_reason: 'driver_late',
      driver_share_cents: 0,
    });
    expect((await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents).toBe(0);
    done(driver);
  });

  it('a driver cancel never charges the rider', async () => {
    const { rider, driver, ride } = await acceptedRide('Stood Up Sam');
    await ago(ride.id, { accepted: 1200 });
    const cancelled = await driver.client.post(`/api/rides/${ride.id}/cancel`, { reason: 'Flat tyre' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ride.cancellation_fee).toBeNull();
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.cancellation_fee).toBeNull();
    done(driver);
  });

  it('refuses a no-show before the wait after Arrived, allows it after, and charges the no-show fee once', async () => {
    const { rider, driver, ride } = await acceptedRide('Nowhere Nick');
    // Before Arrived: too early.
    const early = await driver.client.post(`/api/rides/${ride.id}/cancel`, { no_show: true });
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({ code: 'NO_SHOW_TOO_EARLY', message: errorText('NO_SHOW_TOO_EARLY') });
    expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
    const arrivedView = (await driver.client.get(`/api/rides/${ride.id}`)).body.ride;
    expect(Date.parse(arrivedView.cancel_terms.no_show_at)).toBe(new Date((await rowOf(ride.id)).arrived_at!).getTime() + 300_000);
    // Two minutes at the pickup: still too early, and nothing changed.
    await ago(ride.id, { arrived: 120 });
    expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, { no_show: true })).body.error.code).toBe('NO_SHOW_TOO_EARLY');
    expect((await rowOf(ride.id)).status).toBe('arrived');
    // A rider may not claim a no-show.
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, { no_show: true })).status).toBe(400);
    expect((await rowOf(ride.id)).status).toBe('arrived');

    await ago(ride.id, { arrived: 301 });
    const noShow = await driver.client.post(`/api/rides/${ride.id}/cancel`, { no_show: true });
    expect(noShow.status).toBe(200);
    expect(noShow.body.ride).toMatchObject({ status: 'cancelled', cancelled_by: 'driver', cancel_reason: "Rider didn't show up" });
    expect(noShow.body.ride.cancellation_fee).toEqual({ amount_cents: 500, reason: 'no_show', waived: false, waive_reason: null, driver_share_cents: 500 });
    // The rider is told why, and what it costs (not "your driver cancelled").
    const bell = (await rider.client.get('/api/notifications')).body.filter((n: { booking_id: string }) => n.booking_id === ride.id);
    expect(bell.map((n: { message: string }) => n.message)).toContain(
      "Nolan waited at the pickup and reported that you didn't show up. A $5.00 no-show fee will be added to your next ride.",
    );
    expect((await driver.client.post(`/api/rides/${ride.id}/cancel`, { no_show: true })).status).toBe(200);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.cancellation_fee.amount_cents).toBe(500);
    expect((await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents).toBe(500);
    expect((await admin.get(`/api/admin/customers/${rider.id}`)).body.customer).toMatchObject({ no_shows_30d: 1, fees_30d: { USD: 500 } });
    done(driver);
  });
});

describe('/api/admin/cancellation-policies', () => {
  const valid = {
    free_window_s: 180,
    fee_kind: 'percent',
    fee_fixed_cents: 0,
    fee_percent_bp: 1000,
    fee_min_cents: 300,
    fee_max_cents: 800,
    no_show_wait_s: 240,
    no_show_fee_cents: 600,
    late_driver_margin_s: 300,
    driver_share_late_cancel_pct: 80,
    driver_share_no_show_pct: 100,
  };

  it('lists the seeded San Francisco policies', async () => {
    const res = await admin.get('/api/admin/cancellation-policies?city=sf');
    expect(res.status).toBe(200);
    expect(res.body.policies.map((p: { ride_type: string }) => p.ride_type)).toEqual(['economy', 'comfort', 'xl']);
    expect(res.body.policies[0]).toMatchObject({
      city_name: 'San Francisco',
      currency: 'USD',
      zone_id: null,
      free_window_s: 120,
      fee_kind: 'fixed',
      fee_fixed_cents: 500,
      no_show_fee_cents: 500,
    });
  });

  it("gives a new city default policies without fees (the seam for issue 12's cities)", async () => {
    const db = server.services.db;
    await db.insertInto('cities').values({ id: 'oak', name: 'Oakland', currency: 'USD', center_lat: 37.8044, center_lng: -122.2712, radius_km: 1 }).execute();
    await seedCityPolicies(db, 'oak');
    await seedCityPolicies(db, 'oak');
    const oak = (await admin.get('/api/admin/cancellation-policies?city=oak')).body.policies;
    expect(oak.map((p: { ride_type: string }) => p.ride_type)).toEqual(['economy', 'comfort', 'xl']);
    expect(oak[0]).toMatchObject({
      city_name: 'Oakland',
      free_window_s: 120,
      fee_kind: 'fixed',
      fee_fixed_cents: 0,
      no_show_wait_s: 300,
      no_show_fee_cents: 0,
      late_driver_margin_s: 300,
      driver_share_late_cancel_pct: 100,
      driver_share_no_show_pct: 100,
    });
  });

  it('refuses every read and write to riders, drivers and visitors, and changes nothing', async () => {
    const xl = (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies[2];
    const rider = await newUser(server, 'Nosy Rider');
    const driver = await onlineDriver(server, admin, area(), 'Nosy Driver');
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/cancellation-policies')).status).toBe(status);
      expect((await client.request(`/api/admin/cancellation-policies/${xl.id}`, { method: 'PUT', json: valid })).status).toBe(status);
    }
    expect((await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies[2]).toEqual(xl);
    done(driver);
  });

  it('refuses bad input with 400 and words, and changes nothing', async () => {
    const xl = (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies[2];
    for (const bad of [
      { ...valid, fee_min_cents: 900 },
      { ...valid, fee_fixed_cents: -1 },
      { ...valid, fee_percent_bp: 10_001 },
      { ...valid, driver_share_no_show_pct: 101 },
      { ...valid, free_window_s: 1.5 },
      { ...valid, fee_kind: 'free' },
      { ...valid, extra: 1 },
    ]) {
      const res = await admin.request(`/api/admin/cancellation-policies/${xl.id}`, { method: 'PUT', json: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    const words = await admin.request(`/api/admin/cancellation-policies/${xl.id}`, { method: 'PUT', json: { ...valid, fee_min_cents: 900 } });
    expect(JSON.stringify(words.body)).toContain('The maximum fee must be at least the minimum fee');
    expect((await admin.request('/api/admin/cancellation-policies/not-a-policy', { method: 'PUT', json: valid })).status).toBe(404);
    expect((await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies[2]).toEqual(xl);
    const audit = (await admin.get('/api/admin/audit-log?action=cancellation_policy.update')).body.items.filter(
      (e: { entity_id: string }) => e.entity_id === xl.id,
    );
    expect(audit).toHaveLength(0);
  });

  it('edits a policy, audited with before and after, and the next cancel follows it', async () => {
    const xl = (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies[2];
    const saved = await admin.request(`/api/admin/cancellation-policies/${xl.id}`, { method: 'PUT', json: valid });
    expect(saved.status).toBe(200);
    expect(saved.body.policy).toMatchObject({ id: xl.id, ride_type: 'xl', ...valid });
    const audit = (await admin.get('/api/admin/audit-log?action=cancellation_policy.update')).body.items.filter(
      (e: { entity_id: string }) => e.entity_id === xl.id,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { free_window_s: 120, fee_kind: 'fixed', fee_fixed_cents: 500 },
      after: { free_window_s: 180, fee_kind: 'percent', fee_fixed_cents: 0 },
    });
    // Saving the same terms again changes nothing and records nothing.
    expect((await admin.request(`/api/admin/cancellation-policies/${xl.id}`, { method: 'PUT', json: valid })).status).toBe(200);
    expect(
      (await admin.get('/api/admin/audit-log?action=cancellation_policy.update')).body.items.filter((e: { entity_id: string }) => e.entity_id === xl.id),
    ).toHaveLength(1);

    // An XL ride cancelled late now costs 10 % of its fare, between $3.00 and $8.00.
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Xena Xl', { seats: 7 });
    const rider = await newUser(server, 'Xavier Xl');
    const ride = (await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'xl', payment_method: 'cash' })).body.ride;
    await nextOffer(driver, ride.id);
    await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    await ago(ride.id, { accepted: 170 });
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.cancel_terms.fee_now_cents).toBe(0);
    await ago(ride.id, { accepted: 190 });
    const expected = Math.min(Math.max(Math.round(ride.fare_cents / 10), 300), 800);
    const cancelled = await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(cancelled.body.ride.cancellation_fee).toEqual({
      amount_cents: expected,
      reason: 'late_cancel',
      waived: false,
      waive_reason: null,
      driver_share_cents: Math.round(expected * 0.8),
    });
    done(driver);
  });
});

describe("a pricing zone's own cancellation terms", () => {
  /** Inside the seeded downtown pricing zone of San Francisco (Financial District / SoMa). */
  const DOWNTOWN = { lat: 37.788, lng: -122.398, label: 'Downtown' };
  const sfPolicies = async () =>
    (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies as {
      id: string;
      ride_type: string;
      zone_id: string | null;
      fee_fixed_cents: number;
    }[];
  const zonesOf = async (city: string) => (await admin.get(`/api/admin/zones?city_id=${city}`)).body.items as { id: string; name: string; type: string }[];
  const auditOf = async (action: string) =>
    (await admin.get(`/api/admin/audit-log?action=${action}`)).body.items as { entity_id: string; before: unknown; after: unknown }[];

  /** A ride from `pickup` accepted by `driver`, its free window long past: a rider's cancel now costs the late-cancel fee. */
  async function lateRide(driver: OnlineDriver, pickup: { lat: number; lng: number; label: string }, riderName: string) {
    const rider = await newUser(server, riderName);
    const booked = await rider.client.post('/api/rides', { pickup, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const ride = booked.body.ride;
    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    await ago(ride.id, { accepted: 600 });
    return { rider, ride };
  }
  const cancelFee = async (rider: Awaited<ReturnType<typeof newUser>>, rideId: string) => {
    const cancelled = await rider.client.post(`/api/rides/${rideId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    return cancelled.body.ride.cancellation_fee?.amount_cents as number | undefined;
  };

  it('is added from the city default, edited, followed by rides from the zone only, and removed back to the default; all audited', async () => {
    const downtown = (await zonesOf('sf')).find((z) => z.type === 'pricing_zone' && /downtown/i.test(z.name))!;
    expect(downtown).toBeDefined();
    const economyDefault = (await sfPolicies()).find((p) => p.ride_type === 'economy' && p.zone_id === null)!;
    const {
      id: _id,
      zone_id: _zone,
      updated_at: _at,
      city_id: _c,
      city_name: _n,
      currency: _cur,
      ride_type: _t,
      ...defaultTerms
    } = economyDefault as unknown as Record<string, unknown>;

    // Added: a copy of the city default's terms, listed after it.
    const added = await admin.post('/api/admin/cancellation-policies', { city_id: 'sf', zone_id: downtown.id, ride_type: 'economy' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.policy).toMatchObject({ city_id: 'sf', ride_type: 'economy', zone_id: downtown.id, ...defaultTerms });
    const zonePolicy = added.body.policy;
    expect((await sfPolicies()).filter((p) => p.ride_type === 'economy').map((p) => p.zone_id)).toEqual([null, downtown.id]);
    const created = (await auditOf('cancellation_policy.create')).filter((e) => e.entity_id === zonePolicy.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      before: null,
      after: { city_id: 'sf', zone_id: downtown.id, ride_type: 'economy', from_default: economyDefault.id, fee_fixed_cents: 500 },
    });
    // A second copy of the same scope is refused.
    const twice = await admin.post('/api/admin/cancellation-policies', { city_id: 'sf', zone_id: downtown.id, ride_type: 'economy' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This zone already has its own Economy terms: edit them instead.');

    // Edited with the existing PUT: a $9.00 late-cancel fee downtown.
    // The view's version number (decision 0087) is not a term: the PUT takes the terms only.
    const { id, city_id, city_name, currency, ride_type, zone_id, updated_at, version, ...terms } = zonePolicy;
    expect({ id, city_id, city_name, currency, ride_type, zone_id, updated_at, version }).toMatchObject({ zone_id: downtown.id, version: 1 });
    const edited = await admin.request(`/api/admin/cancellation-policies/${zonePolicy.id}`, { method: 'PUT', json: { ...terms, fee_fixed_cents: 900 } });
    expect(edited.status).toBe(200);
    expect(edited.body.policy).toMatchObject({ id: zonePolicy.id, zone_id: downtown.id, fee_fixed_cents: 900, version: 2 });
    expect((await sfPolicies()).find((p) => p.id === economyDefault.id)!.fee_fixed_cents).toBe(500);

    // A ride from downtown shows and pays the zone's fee; a ride from Golden Gate Park the city default's.
    const driver = await onlineDriver(server, admin, north(DOWNTOWN, 300), 'Zoe Zone');
    const inside = await lateRide(driver, DOWNTOWN, 'Dora Downtown');
    expect((await server.services.db.selectFrom('rides').select('pricing').where('id', '=', inside.ride.id).executeTakeFirstOrThrow()).pricing).toMatchObject({
      pickup_zone_id: downtown.id,
    });
    expect((await inside.rider.client.get(`/api/rides/${inside.ride.id}`)).body.ride.cancel_terms).toMatchObject({
      late_cancel_fee_cents: 900,
      fee_now_cents: 900,
    });
    expect(await cancelFee(inside.rider, inside.ride.id)).toBe(900);

    const parkDriver = await onlineDriver(server, admin, north(GOLDEN_GATE_PARK, 300), 'Parker Park');
    const outside = await lateRide(parkDriver, GOLDEN_GATE_PARK, 'Gus Goldengate');
    expect((await outside.rider.client.get(`/api/rides/${outside.ride.id}`)).body.ride.cancel_terms).toMatchObject({
      late_cancel_fee_cents: 500,
      fee_now_cents: 500,
    });
    expect(await cancelFee(outside.rider, outside.ride.id)).toBe(500);

    // Removed: downtown follows the city default again, from the next cancellation.
    const removed = await admin.delete(`/api/admin/cancellation-policies/${zonePolicy.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.policy).toMatchObject({ id: zonePolicy.id, zone_id: downtown.id, fee_fixed_cents: 900 });
    expect((await sfPolicies()).map((p) => p.zone_id)).toEqual([null, null, null]);
    const removals = (await auditOf('cancellation_policy.remove')).filter((e) => e.entity_id === zonePolicy.id);
    expect(removals).toHaveLength(1);
    expect(removals[0]).toMatchObject({ before: { zone_id: downtown.id, ride_type: 'economy', fee_fixed_cents: 900 }, after: null });
    const nextDriver = await onlineDriver(server, admin, north(DOWNTOWN, 100), 'Zack Zone');
    const again = await lateRide(nextDriver, DOWNTOWN, 'Dora Again');
    expect(await cancelFee(again.rider, again.ride.id)).toBe(500);
    // Gone is gone.
    expect((await admin.delete(`/api/admin/cancellation-policies/${zonePolicy.id}`)).status).toBe(404);
    for (const d of [driver, parkDriver, nextDriver]) done(d);
  });

  it("refuses a zone that is not one of the city's pricing zones, and other bad input, with 400 and words; nothing changes", async () => {
    const before = await sfPolicies();
    const zones = await zonesOf('sf');
    const serviceArea = zones.find((z) => z.type === 'service_area')!;
    const downtown = zones.find((z) => z.type === 'pricing_zone')!;
    // Another city's pricing zone.
    await server.services.db
      .insertInto('cities')
      .values({ id: 'zsc', name: 'Zone Scope City', currency: 'USD', center_lat: 36, center_lng: -120, radius_km: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const square = [
      [-120.01, 36],
      [-120, 36],
      [-120, 36.01],
      [-120.01, 36],
    ];
    const elsewhere = await server.services.db
      .insertInto('zones')
      .values({
        city_id: 'zsc',
        type: 'pricing_zone',
        name: 'Elsewhere',
        color: '#000000',
        priority: 1,
        enabled: true,
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [square] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [body, words] of [
      [{ city_id: 'sf', zone_id: serviceArea.id, ride_type: 'economy' }, 'Choose one of this city’s pricing zones.'],
      [{ city_id: 'sf', zone_id: elsewhere.id, ride_type: 'economy' }, 'Choose one of this city’s pricing zones.'],
      [{ city_id: 'sf', zone_id: '00000000-0000-4000-8000-000000000000', ride_type: 'economy' }, 'Choose one of this city’s pricing zones.'],
      [{ city_id: 'nowhere', zone_id: downtown.id, ride_type: 'economy' }, 'City not found'],
      [{ city_id: 'sf', zone_id: 'downtown', ride_type: 'economy' }, 'Choose one of the city’s pricing zones'],
      [{ city_id: 'sf', zone_id: downtown.id, ride_type: 'limo' }, 'Choose a ride type'],
      [{ city_id: 'sf', zone_id: downtown.id, ride_type: 'economy', fee_fixed_cents: 100 }, ''],
      [{ zone_id: downtown.id, ride_type: 'economy' }, 'Choose a city'],
    ] as const) {
      const res = await admin.post('/api/admin/cancellation-policies', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(words);
    }
    // A city default is never removed.
    const economy = before.find((p) => p.ride_type === 'economy' && p.zone_id === null)!;
    const keep = await admin.delete(`/api/admin/cancellation-policies/${economy.id}`);
    expect(keep.status).toBe(400);
    expect(keep.body.error.message).toBe('A city default cannot be removed: edit it instead.');
    expect((await admin.delete('/api/admin/cancellation-policies/not-a-policy')).status).toBe(404);
    expect(await sfPolicies()).toEqual(before);
    expect((await admin.get('/api/admin/cancellation-policies?city=zsc')).body.policies).toEqual([]);
    const audit = [...(await auditOf('cancellation_policy.create')), ...(await auditOf('cancellation_policy.remove'))];
    expect(audit.filter((e) => e.entity_id === economy.id)).toEqual([]);
  });

  it('refuses adding and removing to riders, drivers and visitors, and changes nothing', async () => {
    const downtown = (await zonesOf('sf')).find((z) => z.type === 'pricing_zone')!;
    const added = await admin.post('/api/admin/cancellation-policies', { city_id: 'sf', zone_id: downtown.id, ride_type: 'comfort' });
    expect(added.status).toBe(201);
    const before = await sfPolicies();
    const rider = await newUser(server, 'Nosy Zoe');
    const driver = await onlineDriver(server, admin, area(), 'Nosy Zed');
    for (const [client, status] of [
      [rider.client, 403],
      [driver.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.post('/api/admin/cancellation-policies', { city_id: 'sf', zone_id: downtown.id, ride_type: 'xl' })).status).toBe(status);
      expect((await client.delete(`/api/admin/cancellation-policies/${added.body.policy.id}`)).status).toBe(status);
    }
    expect(await sfPolicies()).toEqual(before);
    expect(before.filter((p) => p.zone_id === downtown.id).map((p) => p.ride_type)).toEqual(['comfort']);
    expect((await admin.delete(`/api/admin/cancellation-policies/${added.body.policy.id}`)).status).toBe(200);
    done(driver);
  });
});
