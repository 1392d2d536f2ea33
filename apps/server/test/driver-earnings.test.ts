import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { balanceOf, trialBalance } from '../src/ledger/ledger';
import { addDays, localDate, mondayOf } from '../src/payouts/local-dates';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * /driver-earnings (issue 13, decision 0040): a cash driver reads what a completed ride earned them, what they
 * collected and what they owe, from the ledger's entries; their weekly statement adds up; nobody else reads it.
 */
let server: TestServer;
let admin: TestClient;
let carla: Awaited<ReturnType<typeof onlineDriver>>;
let rideId: string;

const lineSum = async (rideIdOf: string, line: string) => {
  const row = await server.services.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(sql<string>`coalesce(sum(ledger_entries.amount_cents), 0)`.as('s'))
    .where('ledger_transactions.ride_id', '=', rideIdOf)
    .where('ledger_entries.line', '=', line)
    .executeTakeFirstOrThrow();
  return Number(row.s);
};

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  // One real cash ride, requested, dispatched and completed through the API.
  carla = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Cash Carla');
  const rider = await newUser(server, 'Cash Cody');
  const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  rideId = booked.body.ride.id;
  await nextOffer(carla, rideId);
  for (const step of ['accept', 'arrive']) expect((await carla.client.post(`/api/rides/${rideId}/${step}`, {})).status).toBe(200);
  expect((await carla.client.post(`/api/rides/${rideId}/start`, { pin: booked.body.ride.pin })).status).toBe(200);
  expect((await carla.client.post(`/api/rides/${rideId}/complete`, {})).status).toBe(200);
  carla.socket.close();
});
afterAll(() => server?.stop());

describe("a cash driver's earnings", () => {
  it('are the sums of their entries: fare, commission, booking fee, net, cash collected and what they owe', async () => {
    const res = await carla.client.get('/api/drivers/me/earnings?period=today');
    expect(res.status).toBe(200);
    const e = res.body;
    const fare = await lineSum(rideId, 'fare_cash');
    const earned = -(await lineSum(rideId, 'driver_earnings'));
    const commission = -(await lineSum(rideId, 'commission'));
    const bookingFee = -(await lineSum(rideId, 'booking_fee'));
    expect(fare).toBeGreaterThan(0);
    expect(e.city).toMatchObject({ id: 'sf', timezone: 'America/Los_Angeles', currency: 'USD' });
    expect(e.from).toBe(localDate(new Date(), 'America/Los_Angeles'));
    for (const period of [e.today, e.week, e.month]) {
      expect(period).toMatchObject({
        trips: 1,
        fares_cents: fare,
        commission_cents: commission,
        booking_fee_cents: bookingFee,
        net_cents: earned,
        cash_collected_cents: fare,
        tips_cents: 0,
      });
    }
    expect(e.trips).toEqual([
      expect.objectContaining({
        ride_id: rideId,
        fare_cents: fare,
        commission_cents: commission,
        booking_fee_cents: bookingFee,
        tip_cents: 0,
        fees_cents: 0,
        net_cents: earned,
        cash_collected_cents: fare,
      }),
    ]);
    // The balance is their ledger account's: cash collected − earned, positive = they owe.
    const balance = await balanceOf(server.services.db, { code: 'driver', owner: carla.driverId }, 'USD');
    expect(balance).toBe(commission + bookingFee);
    expect(e.standing).toMatchObject({
      balance_cents: balance,
      blocked: false,
      over_limit_since: null,
      settle_cents: 0,
      negative_balance_limit_cents: 5000,
      grace_days: 3,
      next_payout_date: null,
    });
    // The chart: this week's seven days, the ride on today's.
    expect(e.days).toHaveLength(7);
    expect(e.days.find((d: { day: string }) => d.day === e.from)).toMatchObject({ net_cents: earned, cash_collected_cents: fare, trips: 1 });
    const month = (await carla.client.get('/api/drivers/me/earnings?period=month')).body;
    expect(month.days[0].day).toBe(`${e.from.slice(0, 8)}01`);
    expect(month.trips).toHaveLength(1);
    expect((await trialBalance(server.services.db)).balanced).toBe(true);
  });

  it('has weekly statements that add up to the balance, as JSON, a printable week and a CSV', async () => {
    const list = await carla.client.get('/api/drivers/me/statements');
    expect(list.status).toBe(200);
    expect(list.body.statements).toHaveLength(12);
    const week = list.body.statements[0];
    const balance = await balanceOf(server.services.db, { code: 'driver', owner: carla.driverId }, 'USD');
    expect(week.week_start).toBe(mondayOf(localDate(new Date(), 'America/Los_Angeles')));
    expect(week).toMatchObject({ opening_cents: 0, closing_cents: balance, trips: 1, cash_paid_cents: 0, payouts_cents: 0, adjustments_cents: 0 });
    const {
      opening_cents,
      fares_cents,
      commission_cents,
      tips_cents,
      fees_cents,
      cash_collected_cents,
      cash_paid_cents,
      adjustments_cents,
      payouts_cents,
      closing_cents,
    } = week;
    expect(
      opening_cents - fares_cents + commission_cents - tips_cents - fees_cents + cash_collected_cents - cash_paid_cents - adjustments_cents + payouts_cents,
    ).toBe(closing_cents);
    // Older weeks are empty and chain: each opens where the one before closed.
    expect(list.body.statements[1]).toMatchObject({ opening_cents: 0, closing_cents: 0, trips: 0 });

    const one = await carla.client.get(`/api/drivers/me/statements/${week.week_start}`);
    expect(one.status).toBe(200);
    expect(one.body.lines).toEqual([
      expect.objectContaining({ kind: 'ride.completed', ride_id: rideId, description: 'Ride', amount_cents: balance, balance_cents: balance }),
    ]);
    const csv = await carla.client.get(`/api/drivers/me/statements/${week.week_start}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('date,description,ride,amount_owed_to_you,balance_owed_to_you');
    const owed = (-balance / 100).toFixed(2);
    expect(rows[1]).toBe(`${week.week_start},Opening balance,,,0.00`);
    expect(rows[2]).toContain(`,Ride,${rideId},${owed},${owed}`);
    expect(rows[3]).toBe(`${week.week_end},Closing balance,,,${owed}`);

    // Not a Monday, a date that is no date, a week to come: 400.
    expect((await carla.client.get(`/api/drivers/me/statements/${addDays(week.week_start, 1)}`)).status).toBe(400);
    expect((await carla.client.get('/api/drivers/me/statements/2024-02-30')).status).toBe(400);
    expect((await carla.client.get(`/api/drivers/me/statements/${addDays(week.week_start, 14)}`)).status).toBe(400);
    expect((await carla.client.get('/api/drivers/me/earnings?period=year')).status).toBe(400);
  });
});

describe('nobody else reads a driver’s earnings', () => {
  it('another driver reads only their own (nothing), whatever they add to the request', async () => {
    const other = await approvedDriverOf(server, admin, 'Other Olga');
    const res = await other.client.get(`/api/drivers/me/earnings?period=month&driver_id=${carla.driverId}`);
    expect(res.status).toBe(200);
    expect(res.body.driver.id).toBe(other.driverId);
    expect(res.body.trips).toEqual([]);
    expect(res.body.month).toMatchObject({ trips: 0, net_cents: 0, cash_collected_cents: 0 });
    expect(res.body.standing.balance_cents).toBe(0);
    expect(JSON.stringify(res.body)).not.toContain(rideId);
    const statements = await other.client.get('/api/drivers/me/statements');
    expect(statements.body.statements.every((s: { closing_cents: number; trips: number }) => s.closing_cents === 0 && s.trips === 0)).toBe(true);
    // There is no route naming a driver.
    expect((await other.client.get(`/api/drivers/${carla.driverId}/earnings`)).status).toBe(404);
  });

  it('a rider, a driver still pending and a visitor are refused', async () => {
    const rider = await newUser(server, 'Nosy Nora');
    for (const path of ['/api/drivers/me/earnings', '/api/drivers/me/statements', `/api/drivers/me/statements/${mondayOf(localDate(new Date(), 'UTC'))}`]) {
      const refused = await rider.client.get(path);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
      expect((await server.client().get(path)).status).toBe(401);
    }
    const applicant = await newUser(server, 'Pending Pat');
    expect(
      (
        await applicant.client.post('/api/drivers', {
          full_name: 'Pending Pat',
          phone: '4155550199',
          license_number: 'D7654321',
          vehicle_make: 'Kia',
          vehicle_model: 'Niro',
          vehicle_year: 2022,
          vehicle_color: 'Red',
          license_plate: '8PND123',
        })
      ).status,
    ).toBe(201);
    const pending = await applicant.client.get('/api/drivers/me/earnings');
    expect(pending.status).toBe(403);
    expect(pending.body.error.code).toBe('DRIVER_NOT_APPROVED');
  });
});
