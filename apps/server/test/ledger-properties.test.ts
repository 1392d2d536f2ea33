import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely, Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB, RidesTable } from '../src/db/schema';
import { postAdjustment } from '../src/finance/post-adjustment';
import { type AccountRef, accountKey, balanceOf, reverse, trialBalance } from '../src/ledger/ledger';
import { postCancellationFee, postRideCompleted, splitFare } from '../src/ledger/ride-postings';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, GOLDEN_GATE_PARK, newUser, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * The ledger's properties (issue 13, decisions 0037 and 0041), over random sequences of money events posted
 * the way the verbs post them (`postRideCompleted`, `postCancellationFee`, hand adjustments, `reverse`, and
 * replays of their idempotency keys) straight on a test server's database: after every sequence the trial
 * balance is zero, every account's balance is what an independent model of the postings says, and a replay
 * changes nothing. `splitFare` always adds up and rounds half up. Then races through the real API: a
 * completion and a cancellation of one ride at once post exactly one of the two.
 */
type Ride = Selectable<RidesTable>;

let server: TestServer;
let db: Kysely<DB>;
let admin: TestClient;
let adminId: string;
let rider: Awaited<ReturnType<typeof newUser>>;
let driver: Awaited<ReturnType<typeof approvedDriverOf>>;
let template: Ride;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  db = server.services.db;
  admin = await adminOf(server);
  adminId = (await admin.get('/api/me')).body.user.id;
  rider = await newUser(server, 'Prop Rider');
  driver = await approvedDriverOf(server, admin, 'Prop Driver', 'PROP001');
  // One ride through the real path (cancelled before any driver: no money); each event's ride copies its row.
  const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
  template = await db.selectFrom('rides').selectAll().where('id', '=', booked.body.ride.id).executeTakeFirstOrThrow();
}, 60_000);
afterAll(() => server?.stop());

/** Half up on exact integers: what `percentOf` must give, computed without floating point. */
const halfUp = (amount: number, bp: number) => Number((BigInt(amount) * BigInt(bp) * 2n + 10_000n) / 20_000n);

describe('splitFare', () => {
  it('always adds up to the fare, and its commission and tax follow the half-up rule (decision 0037)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (fare, fee, bp, taxBp) => {
        const s = splitFare(fare, fee, bp, taxBp);
        expect(s.booking_fee_cents + s.commission_cents + s.tax_cents + s.driver_cents).toBe(fare);
        expect(s.booking_fee_cents).toBe(Math.min(fee, fare));
        expect(s.commission_cents).toBe(halfUp(fare - s.booking_fee_cents, bp));
        expect(s.tax_cents).toBe(halfUp(s.commission_cents, taxBp));
        for (const v of Object.values(s)) expect(Number.isInteger(v)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds an exact half cent up', () => {
    // 2.5 cents of commission → 3; 7.5 → 8 (not banker's rounding to 2 and 8).
    expect(splitFare(25, 0, 1000, 0).commission_cents).toBe(3);
    expect(splitFare(75, 0, 1000, 0).commission_cents).toBe(8);
    expect(splitFare(1005, 5, 2500, 0).commission_cents).toBe(250);
    expect(splitFare(1002, 0, 2500, 0).commission_cents).toBe(251);
  });
});

// ---- random sequences of money events against the database ----

type RideEvent = { type: 'ride'; fare: number; bookingFee: number; bp: number; taxBp: number; carried: number; card: number; wallet: number };
type FeeEvent = { type: 'fee'; fee: number; share: number; withDriver: boolean };
type AdjustEvent = { type: 'adjust'; party: 'driver' | 'rider'; direction: 'credit' | 'debit'; amount: number };
type ReverseEvent = { type: 'reverse'; pick: number };
type ReplayEvent = { type: 'replay'; pick: number };
type Event = RideEvent | FeeEvent | AdjustEvent | ReverseEvent | ReplayEvent;

const rideEvent: fc.Arbitrary<Event> = fc
  .record({
    fare: fc.integer({ min: 0, max: 500_000 }),
    bookingFee: fc.integer({ min: 0, max: 1_000 }),
    bp: fc.integer({ min: 0, max: 10_000 }),
    taxBp: fc.constantFrom(0, 0, 500, 825, 2000, 10_000),
    carried: fc.constantFrom(0, 0, 250, 500),
    cardShare: fc.double({ min: 0, max: 1, noNaN: true }),
    walletShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ cardShare, walletShare, ...r }) => {
    const total = r.fare + r.carried;
    const card = Math.floor(total * cardShare);
    const wallet = Math.floor((total - card) * walletShare);
    return { type: 'ride' as const, ...r, card, wallet };
  });
const feeEvent: fc.Arbitrary<Event> = fc
  .record({ fee: fc.integer({ min: 0, max: 2_000 }), shareOf: fc.double({ min: 0, max: 1, noNaN: true }), withDriver: fc.boolean() })
  .map(({ fee, shareOf, withDriver }) => ({ type: 'fee' as const, fee, share: Math.floor(fee * shareOf), withDriver }));
const adjustEvent: fc.Arbitrary<Event> = fc.record({
  type: fc.constant('adjust' as const),
  party: fc.constantFrom('driver' as const, 'rider' as const),
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: fc.integer({ min: 1, max: 50_000 }),
});
const events = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: rideEvent },
    { weight: 2, arbitrary: feeEvent },
    { weight: 2, arbitrary: adjustEvent },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }) },
  ),
  { minLength: 1, maxLength: 12 },
);

/** What the model expects the books to hold: account key → balance. */
const model = new Map<string, number>();
const touch = (ref: AccountRef, cents: number) => {
  const key = accountKey(ref, 'USD');
  model.set(key, (model.get(key) ?? 0) + cents);
};
/** Each posted transaction: its id, its entries as the model wrote them, and how to post it again. */
type Posted = { id: string; entries: Array<[AccountRef, number]>; replay: () => Promise<{ id: string; posted: boolean }> };
let clock = Date.UTC(2200, 0, 1);

async function stagedRide(set: Partial<Ride>): Promise<Ride> {
  const id = randomUUID();
  await db
    .insertInto('rides')
    .values({ ...template, id, share_token: randomBytes(32).toString('base64url'), driver_id: driver.driverId, pricing: template.pricing === null ? null : JSON.stringify(template.pricing), ...set } as never)
    .execute();
  return db.selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function run(event: Event, posted: Posted[]) {
  const driverRef: AccountRef = { code: 'driver', owner: driver.driverId };
  const walletRef: AccountRef = { code: 'rider_wallet', owner: rider.id };
  const owedRef: AccountRef = { code: 'rider_owed', owner: rider.id };
  if (event.type === 'ride') {
    // Its own settings version, in force from the ride's completion (far in the future: no other test's rides see it).
    const at = new Date((clock += 60_000));
    await db
      .insertInto('financial_settings')
      .values({ city_id: 'sf', version: Math.floor(clock / 60_000), effective_from: at, commission_bp: JSON.stringify({ economy: event.bp, comfort: event.bp, xl: event.bp }), tax_rate_bp: event.taxBp, tax_label: event.taxBp ? 'Tax' : '' })
      .execute();
    const ride = await stagedRide({
      status: 'completed',
      fare_cents: event.fare,
      carried_fee_cents: event.carried,
      pricing: JSON.stringify({ ...(template.pricing as object), booking_fee_cents: event.bookingFee }),
      completed_at: at,
    } as Partial<Ride>);
    const payment = { card_cents: event.card, wallet_cents: event.wallet };
    const result = await db.transaction().execute((trx) => postRideCompleted(trx, ride, payment));
    expect(result.posted).toBe(true);
    // The model: independent of the code under test (half up on exact integers).
    const bookingFee = Math.min(event.bookingFee, event.fare);
    const commission = halfUp(event.fare - bookingFee, event.bp);
    const tax = halfUp(commission, event.taxBp);
    const cash = event.fare + event.carried - event.card - event.wallet;
    const entries: Array<[AccountRef, number]> = [
      [driverRef, cash - (event.fare - bookingFee - commission - tax)],
      [{ code: 'processor_clearing' }, event.card],
      [walletRef, event.wallet],
      [owedRef, -event.carried],
      [{ code: 'commission' }, -commission],
      [{ code: 'booking_fees' }, -bookingFee],
      [{ code: 'tax_payable' }, -tax],
    ];
    posted.push({ id: result.id, entries, replay: () => db.transaction().execute((trx) => postRideCompleted(trx, ride, { card_cents: 0, wallet_cents: 0 })) });
    return entries;
  }
  if (event.type === 'fee') {
    const ride = await stagedRide({
      status: 'cancelled',
      driver_id: event.withDriver ? driver.driverId : null,
      cancelled_at: new Date(),
      cancelled_by: 'rider',
      cancellation_fee_cents: event.fee,
      cancellation_fee_reason: 'late_cancel',
      cancellation_fee_waived: false,
      cancellation_fee_driver_share_cents: event.share,
    } as Partial<Ride>);
    const result = await db.transaction().execute((trx) => postCancellationFee(trx, ride));
    if (event.fee === 0) {
      expect(result).toBeNull();
      return [];
    }
    const share = event.withDriver ? event.share : 0;
    const entries: Array<[AccountRef, number]> = [
      [owedRef, event.fee],
      [driverRef, -share],
      [{ code: 'booking_fees' }, -(event.fee - share)],
    ];
    posted.push({ id: result!.id, entries, replay: async () => (await db.transaction().execute((trx) => postCancellationFee(trx, ride)))! });
    return entries;
  }
  if (event.type === 'adjust') {
    const ref = event.party === 'driver' ? driverRef : walletRef;
    const key = randomUUID();
    const input = { city: 'sf', party: event.party, party_id: event.party === 'driver' ? driver.driverId : rider.id, direction: event.direction, amount_cents: event.amount, reason: 'property test', idempotency_key: key };
    const held = -(await balanceOf(db, walletRef, 'USD'));
    if (event.party === 'rider' && event.direction === 'debit' && held < event.amount) {
      // A wallet is never debited below zero: refused, nothing posted.
      await expect(postAdjustment(db, adminId, input)).rejects.toThrow(/wallet holds/);
      return [];
    }
    const result = await postAdjustment(db, adminId, input);
    expect(result.posted).toBe(true);
    const side = event.direction === 'credit' ? -event.amount : event.amount;
    const entries: Array<[AccountRef, number]> = [
      [ref, side],
      [{ code: 'adjustments' }, -side],
    ];
    posted.push({ id: result.transaction_id, entries, replay: async () => {
        const again = await postAdjustment(db, adminId, input);
        return { id: again.transaction_id, posted: again.posted };
      },
    });
    return entries;
  }
  if (posted.length === 0) return [];
  const target = posted[event.pick % posted.length]!;
  if (event.type === 'replay') {
    const again = await target.replay();
    expect(again).toEqual({ id: target.id, posted: false });
    return [];
  }
  // A reversal negates the original once; reversing again answers the first reversal and changes nothing.
  const first = await db.transaction().execute((trx) => reverse(trx, target.id, { reason: 'property test', created_by: adminId }));
  const second = await reverse(db, target.id, { reason: 'property test again' });
  expect(second).toEqual({ id: first.id, posted: false });
  if (!first.posted) return [];
  return target.entries.map(([ref, cents]) => [ref, -cents] as [AccountRef, number]);
}

describe('random sequences of money events', () => {
  it('keep the trial balance at zero, every balance equal to the model, and replays change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(events, async (sequence) => {
        const posted: Posted[] = [];
        for (const event of sequence) {
          const entries = await run(event, posted);
          for (const [ref, cents] of entries) if (cents !== 0) touch(ref, cents);
        }
        const tb = await trialBalance(db);
        expect(tb.balanced).toBe(true);
        for (const c of tb.currencies) expect(c.debits_cents).toBe(c.credits_cents);
        // Every account's balance (the sum of its entries) is what the model posted to it.
        const accounts = await db.selectFrom('ledger_accounts').select(['key', 'code', 'owner_id', 'currency']).execute();
        for (const a of accounts) {
          const ref = (a.owner_id === null ? { code: a.code } : { code: a.code, owner: a.owner_id }) as AccountRef;
          expect(await balanceOf(db, ref, a.currency), a.key).toBe((model.get(a.key) ?? 0) + 0);
        }
        // And the dashboard's figures are the same sums: net revenue = −(commission + fee + promotion + refund accounts).
        const platform = (code: string) => model.get(`${code}:USD`) ?? 0;
        const today = new Date().toISOString().slice(0, 10);
        const d = await admin.get(`/api/admin/finance/dashboard?city=sf&from=${today}&to=${today}&tz=UTC`);
        // `0 -`, not unary minus: an empty account is 0, and -0 is not 0 to toBe.
        expect(d.body.figures.commission).toBe(0 - platform('commission'));
        expect(d.body.figures.fees).toBe(0 - platform('booking_fees'));
        expect(d.body.figures.net_revenue).toBe(0 - (platform('commission') + platform('booking_fees') + platform('promotions') + platform('refunds')));
        expect(d.body.trial_balance.balanced).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

// ---- races through the real API ----

type Reply = { status: number };
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 8);

async function stageForRace(status: 'in_progress' | 'arrived'): Promise<string> {
  const now = new Date();
  const arrivedAt = new Date(now.getTime() - 600_000);
  const ride = await stagedRide({
    status,
    pin: '4321',
    requested_at: now,
    accepted_at: arrivedAt,
    arrived_at: arrivedAt,
    pickup_eta_at: arrivedAt,
    started_at: status === 'in_progress' ? now : null,
    completed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    cancel_reason: null,
    updated_at: now,
    dispatch_deadline: new Date(now.getTime() + 600_000),
  } as Partial<Ride>);
  return ride.id;
}
/** Leaves the driver free for the next round (a round's ride may still hold them). */
async function clearRound(rideId: string) {
  await db.updateTable('rides').set({ status: 'completed' }).where('id', '=', rideId).where('status', 'in', ['accepted', 'arrived', 'in_progress']).execute();
  await db.updateTable('drivers').set({ status: 'available' }).where('id', '=', driver.driverId).execute();
}
const kindsOf = async (rideId: string) => (await db.selectFrom('ledger_transactions').select('kind').where('ride_id', '=', rideId).execute()).map((t) => t.kind).sort();
const both = async (a: () => Promise<Reply>, b: () => Promise<Reply>) => (Math.random() < 0.5 ? Promise.all([a(), b()]) : Promise.all([b(), a()]).then(([rb, ra]) => [ra, rb] as const));

describe('races (real API)', () => {
  it('a completion and an operator cancellation at once: one wins, and only its money posts', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      const id = await stageForRace('in_progress');
      const [done, cancel] = await both(
        () => driver.client.post(`/api/rides/${id}/complete`, {}),
        () => admin.post(`/api/admin/rides/${id}/cancel`, { reason: 'Race test: operator steps in' }),
      );
      const ride = await db.selectFrom('rides').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
      const kinds = await kindsOf(id);
      if (done.status === 200) {
        expect(cancel.status).toBe(409);
        expect(ride.status).toBe('completed');
        expect(kinds).toEqual(['ride.completed']);
        outcomes.add('completed');
      } else {
        expect([done.status, cancel.status]).toEqual([409, 200]);
        expect(ride.status).toBe('cancelled');
        // An operator's cancel charges no one: nothing posts.
        expect(kinds).toEqual([]);
        outcomes.add('cancelled');
      }
      await clearRound(id);
    }
    expect((await trialBalance(db)).balanced).toBe(true);
    expect(outcomes.size).toBeGreaterThan(0);
  }, 120_000);

  it("a rider's late cancel and the driver's no-show at once: one fee posts, the one recorded", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await stageForRace('arrived');
      const [noShow, cancel] = await both(
        () => driver.client.post(`/api/rides/${id}/cancel`, { no_show: true }),
        () => rider.client.post(`/api/rides/${id}/cancel`, {}),
      );
      expect([noShow.status, cancel.status]).toEqual([200, 200]);
      const ride = await db.selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const fees = await db
        .selectFrom('ledger_transactions')
        .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
        .select(['ledger_transactions.id', 'ledger_entries.amount_cents'])
        .where('ledger_transactions.ride_id', '=', id)
        .where('ledger_accounts.code', '=', 'rider_owed')
        .execute();
      expect(new Set(fees.map((f) => f.id)).size).toBe(1);
      expect(Number(fees[0]!.amount_cents)).toBe(ride.cancellation_fee_cents);
      await clearRound(id);
    }
  }, 120_000);

  it('two completions at once post the ride once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await stageForRace('in_progress');
      const [a, b] = await both(
        () => driver.client.post(`/api/rides/${id}/complete`, {}),
        () => driver.client.post(`/api/rides/${id}/complete`, {}),
      );
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await kindsOf(id)).toEqual(['ride.completed']);
      await clearRound(id);
    }
  }, 120_000);
});
