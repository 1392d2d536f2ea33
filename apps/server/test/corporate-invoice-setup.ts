import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { accountId } from '../src/ledger/ledger';
import { postRideCompleted, splitFare } from '../src/ledger/ride-postings';
import type { TestClient } from './http-client';
import { FERRY_BUILDING, newUser, nextOffer, north, type OnlineDriver, UNION_SQUARE } from './ride-actors';
import type { TestServer } from './test-server';

/**
 * Companies, their people and business rides for the corporate invoices' tests (decisions 0070, 0071), through
 * the real API, as apps/server/test/corporate.test.ts makes them: a platform admin creates the company naming
 * its admin (an existing user, added at once), the admin invites by email, the person accepts with the link's
 * token, and rides on account are booked "Business — <company>" at the real request endpoint.
 */
let companies = 0;

export type Person = { client: TestClient; id: string; name: string };

/** A signed-up user with a known name (what the invoice's lines read). */
export async function person(server: TestServer, name: string): Promise<Person> {
  return { ...(await newUser(server, name)), name };
}

const emailOf = async (client: TestClient) => (await client.get('/api/me')).body.user.email as string;

/** POST /api/admin/companies: a company in San Francisco whose company admin is `boss`. */
export async function createCompany(admin: TestClient, boss: Person, name = 'Acme') {
  const res = await admin.post('/api/admin/companies', {
    city_id: 'sf',
    name: `${name} ${Date.now().toString(36)}-${companies++}`,
    billing_email: 'ap@acme.test',
    credit_limit_cents: 10_000_000,
    admin_email: await emailOf(boss.client),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.admin.added).toBe(true);
  return { id: res.body.company.id as string, name: res.body.company.name as string };
}

/** The company admin invites `who` by email (as `role`); `who` reads the token in the dev outbox and accepts. */
export async function joinCompany(server: TestServer, boss: Person, companyId: string, who: Person, role: 'admin' | 'member' = 'member') {
  const email = await emailOf(who.client);
  const invited = await boss.client.post(`/api/corporate/companies/${companyId}/invitations`, { email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const row = await server.services.db.selectFrom('dev_outbox').select('body').where('to', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const token = decodeURIComponent(/invite=([^\s]+)/.exec(row.body)![1]!);
  const accepted = await who.client.post('/api/corporate/invitations/accept', { token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** The company admin removes `who` (the row stays, status removed). */
export async function removeMember(boss: Person, companyId: string, who: Person) {
  expect((await boss.client.post(`/api/corporate/companies/${companyId}/members/${who.id}/remove`, {})).status).toBe(200);
}

/**
 * A completed business ride through the real API: the member requests "Business — <company>" (payment method
 * business, the company, an optional expense code), the driver takes the offer, arrives, starts with the PIN
 * and completes — completion posts `fare_business` on the company's account.
 */
export async function completeBusinessRide(driver: OnlineDriver, rider: TestClient, companyId: string, expenseCode: string | null) {
  await driver.locate(north(UNION_SQUARE, 300));
  const booked = await rider.post('/api/rides', {
    pickup: UNION_SQUARE,
    destination: FERRY_BUILDING,
    ride_type: 'economy',
    payment_method: 'business',
    company_id: companyId,
    ...(expenseCode ? { expense_code: expenseCode } : {}),
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string; payment_method: string };
  expect(ride.payment_method).toBe('business');
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  return ride.id;
}

/**
 * A completed business ride written straight into the tables and posted with the ledger's own
 * `postRideCompleted`, for what the API cannot make: a ride in a closed month (`at` back-dates the ride and its
 * ledger transaction — the ledger always posts now), and the property test's many rides with chosen fares and
 * booking fees. The company and its member come from the real API above; `completeBusinessRide` is the real ride.
 */
export async function insertBusinessRide(
  db: Kysely<DB>,
  opts: { companyId: string; riderId: string; driverId: string; fareCents: number; bookingFeeCents?: number; expenseCode?: string | null; at?: Date },
) {
  const at = opts.at ?? new Date();
  const ride = await db
    .insertInto('rides')
    .values({
      city_id: 'sf',
      rider_id: opts.riderId,
      driver_id: opts.driverId,
      ride_type: 'economy',
      status: 'completed',
      pickup_lat: UNION_SQUARE.lat,
      pickup_lng: UNION_SQUARE.lng,
      pickup_label: UNION_SQUARE.label,
      dropoff_lat: FERRY_BUILDING.lat,
      dropoff_lng: FERRY_BUILDING.lng,
      dropoff_label: FERRY_BUILDING.label,
      distance_m: 2000,
      duration_s: 600,
      fare_cents: opts.fareCents,
      currency: 'USD',
      payment_method: 'business',
      company_id: opts.companyId,
      expense_code: opts.expenseCode ?? null,
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: new Date(at.getTime() - 20 * 60_000),
      completed_at: at,
      pricing: JSON.stringify({ booking_fee_cents: opts.bookingFeeCents ?? 0 }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!opts.at) {
    const posted = await db.transaction().execute((trx) => postRideCompleted(trx, ride));
    return { rideId: ride.id, transactionId: posted.id };
  }
  // Back-dated (tests only: post() always writes now): the same split as postRideCompleted, written at `at`.
  const split = splitFare(opts.fareCents, opts.bookingFeeCents ?? 0, 2000, 1000);
  const entries = [
    { account: { code: 'company', owner: opts.companyId } as const, line: 'fare_business', amount_cents: opts.fareCents },
    { account: { code: 'driver', owner: opts.driverId } as const, line: 'driver_earnings', amount_cents: -split.driver_cents },
    { account: { code: 'commission' } as const, line: 'commission', amount_cents: -split.commission_cents },
    { account: { code: 'booking_fees' } as const, line: 'booking_fee', amount_cents: -split.booking_fee_cents },
    { account: { code: 'tax_payable' } as const, line: 'tax', amount_cents: -split.tax_cents },
  ].filter((e) => e.amount_cents !== 0);
  const transactionId = await db.transaction().execute(async (trx) => {
    const tx = await trx
      .insertInto('ledger_transactions')
      .values({
        kind: 'ride.completed',
        idempotency_key: `ride:${ride.id}:completed`,
        currency: 'USD',
        city_id: 'sf',
        ride_id: ride.id,
        memo: '{}',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const e of entries) {
      await trx
        .insertInto('ledger_entries')
        .values({ transaction_id: tx.id, account_id: await accountId(trx, e.account, 'USD'), line: e.line, amount_cents: e.amount_cents, created_at: at })
        .execute();
    }
    return tx.id;
  });
  return { rideId: ride.id, transactionId };
}
