import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { balanceOf, post, reverse, trialBalance } from '../src/ledger/ledger';
import { splitFare } from '../src/ledger/ride-postings';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * The ledger under every fare (issue 13, decision 0037): a completed cash ride posts its money in the same
 * transaction, the driver owes the platform's share, the books balance, and the database itself refuses an
 * unbalanced transaction, an edit or a delete.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const entriesOf = (rideId: string) =>
  server.services.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transactions.kind', 'ledger_accounts.code', 'ledger_accounts.owner_id', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('ledger_transactions.ride_id', '=', rideId)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));

describe('a completed cash ride', () => {
  it('posts the fare, the commission and the booking fee once, and the driver owes the platform its share', async () => {
    const driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Cash Carla');
    const rider = await newUser(server, 'Cash Cody');
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    await nextOffer(driver, ride.id);
    for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    // A retried completion changes nothing in the books.
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    driver.socket.close();

    const row = await server.services.db.selectFrom('rides').selectAll().where('id', '=', ride.id).executeTakeFirstOrThrow();
    const bookingFee = (row.pricing as { booking_fee_cents: number }).booking_fee_cents;
    const split = splitFare(row.fare_cents, bookingFee, 2000, 0);
    expect(split.commission_cents).toBe(Math.round(((row.fare_cents - bookingFee) * 20) / 100));
    const entries = await entriesOf(ride.id);
    expect(entries.every((e) => e.kind === 'ride.completed')).toBe(true);
    const line = (l: string) => entries.filter((e) => e.line === l).reduce((s, e) => s + e.amount_cents, 0);
    expect(line('fare_cash')).toBe(row.fare_cents);
    expect(line('driver_earnings')).toBe(-split.driver_cents);
    expect(line('commission')).toBe(-split.commission_cents);
    expect(line('booking_fee')).toBe(-bookingFee);
    expect(entries.reduce((s, e) => s + e.amount_cents, 0)).toBe(0);
    // Cash in the driver's hand beyond what they earned: they owe commission + booking fee.
    expect(await balanceOf(server.services.db, { code: 'driver', owner: row.driver_id! }, row.currency)).toBe(split.commission_cents + bookingFee);
    expect((await trialBalance(server.services.db)).balanced).toBe(true);
  });
});

describe('the ledger rules', () => {
  const db = () => server.services.db;

  it('refuses an unbalanced transaction, in code and in the database', async () => {
    await expect(
      post(db(), { kind: 'adjustment', key: 'unbalanced-1', currency: 'USD', entries: [{ account: { code: 'bank' }, line: 'adjustment', amount_cents: 5 }] }),
    ).rejects.toThrow(/does not balance/);
    // Past the code: a raw insert of one lonely entry fails at commit.
    const tx = await post(db(), {
      kind: 'adjustment',
      key: 'balanced-1',
      currency: 'USD',
      entries: [
        { account: { code: 'bank' }, line: 'adjustment', amount_cents: 500 },
        { account: { code: 'adjustments' }, line: 'adjustment', amount_cents: -500 },
      ],
    });
    const account = await db().selectFrom('ledger_accounts').select('id').where('key', '=', 'bank:USD').executeTakeFirstOrThrow();
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          trx.insertInto('ledger_entries').values({ transaction_id: tx.id, account_id: account.id, line: 'adjustment', amount_cents: 1 }).execute(),
        ),
    ).rejects.toThrow(/does not balance/);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('posts an idempotency key once', async () => {
    const input = {
      kind: 'adjustment' as const,
      key: 'once-1',
      currency: 'USD',
      entries: [
        { account: { code: 'bank' as const }, line: 'adjustment' as const, amount_cents: 300 },
        { account: { code: 'adjustments' as const }, line: 'adjustment' as const, amount_cents: -300 },
      ],
    };
    const before = await balanceOf(db(), { code: 'bank' }, 'USD');
    const first = await post(db(), input);
    const second = await post(db(), input);
    expect(first.posted).toBe(true);
    expect(second).toEqual({ id: first.id, posted: false });
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(before + 300);
  });

  it('never edits or deletes: a correction is a reversing transaction, once', async () => {
    const tx = await post(db(), {
      kind: 'adjustment',
      key: 'to-reverse-1',
      currency: 'USD',
      entries: [
        { account: { code: 'bank' }, line: 'adjustment', amount_cents: 700 },
        { account: { code: 'adjustments' }, line: 'adjustment', amount_cents: -700 },
      ],
    });
    await expect(sql`update ledger_entries set amount_cents = 1 where transaction_id = ${tx.id}`.execute(db())).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transactions where id = ${tx.id}`.execute(db())).rejects.toThrow(/immutable/);
    const before = await balanceOf(db(), { code: 'bank' }, 'USD');
    const undo = await reverse(db(), tx.id, { reason: 'entered twice' });
    expect((await reverse(db(), tx.id, { reason: 'entered twice' })).id).toBe(undo.id);
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(before - 700);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});
