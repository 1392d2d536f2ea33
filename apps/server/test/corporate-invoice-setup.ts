import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { accountId } from '../src/ledger/ledger';
import { postRideCompleted, splitFare } from '../src/ledger/ride-postings';
import type { TestClient } from './http-client';
import { FERRY_BUILDING, nextOffer, north, type OnlineDriver, UNION_SQUARE } from './ride-actors';

/**
 * SETUP ONLY (corporate invoices' tests, decision 0070), until the corporate-accounts domain (companies,
 * members, the "Business — <company>" booking) is merged: companies and company_members rows are inserted
 * directly, and a business ride is a cash booking turned into a business one in the database before it
 * completes. After the merge, replace these with the real API (create company, invite, book on account).
 */
let companies = 0;
export async function setupCompany(db: Kysely<DB>, name = 'Acme') {
  return db
    .insertInto('companies')
    .values({ city_id: 'sf', name: `${name} ${Date.now().toString(36)}-${companies++}`, billing_email: 'ap@acme.test', credit_limit_cents: 10_000_000, currency: 'USD' })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** SETUP ONLY: a company's person, as the corporate-accounts API will make them. */
export async function setupMember(db: Kysely<DB>, companyId: string, userId: string, role: 'admin' | 'member', status: 'active' | 'removed' = 'active') {
  await db.insertInto('company_members').values({ company_id: companyId, user_id: userId, role, status, monthly_budget_cents: null, removed_at: status === 'removed' ? new Date() : null }).execute();
}

/**
 * A completed business ride through the real API (request, offer, accept, arrive, start with the PIN,
 * complete): SETUP SHORTCUT — the booking is made as cash and turned into a business ride (payment_method,
 * company_id, expense_code) in the database before completion, so completion posts `fare_business` on the
 * company's account. To be replaced by booking "Business — <company>" after the merge.
 */
export async function completeBusinessRide(db: Kysely<DB>, driver: OnlineDriver, rider: TestClient, companyId: string, expenseCode: string | null) {
  await driver.locate(north(UNION_SQUARE, 300));
  const booked = await rider.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string };
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  await db.updateTable('rides').set({ payment_method: 'business', company_id: companyId, expense_code: expenseCode }).where('id', '=', ride.id).execute();
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  return ride.id;
}

/**
 * A completed business ride written straight into the tables and posted with the ledger's own
 * `postRideCompleted` (the property test makes many; the API path above is the real one). `at` back-dates
 * the ride and its ledger transaction (tests only: the ledger always posts now) to put it in a closed month.
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
      .values({ kind: 'ride.completed', idempotency_key: `ride:${ride.id}:completed`, currency: 'USD', city_id: 'sf', ride_id: ride.id, memo: '{}', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const e of entries) {
      await trx.insertInto('ledger_entries').values({ transaction_id: tx.id, account_id: await accountId(trx, e.account, 'USD'), line: e.line, amount_cents: e.amount_cents, created_at: at }).execute();
    }
    return tx.id;
  });
  return { rideId: ride.id, transactionId };
}
