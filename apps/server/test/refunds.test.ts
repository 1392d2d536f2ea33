import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, trialBalance } from '../src/ledger/ledger';
import { rideMoney } from '../src/ledger/ride-money';
import { grantStaff } from '../src/roles/staff.repo';
import type { TestClient } from './http-client';
import { rideFactory } from './refund-helpers';
import { adminOf, ADMIN_ENV, FERRY_BUILDING, newUser, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * Refunds (issue 13, decision 0039): a rider reports a problem with a completed ride's fare; an admin approves
 * it in full or in part, gives wallet credit or rejects it; the money is posted to the ledger under the ride's
 * lock, never more than was paid, once per request, even when two admins act at once.
 */
let server: TestServer;
let admin: TestClient;
let rides: Awaited<ReturnType<typeof rideFactory>>;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  rides = await rideFactory(server, admin);
});
afterAll(async () => {
  rides?.close();
  await server?.stop();
});

const db = () => server.services.db;
const ride = (id: string) => db().selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const moneyOf = async (id: string) => rideMoney(db(), await ride(id));
const report = (rider: TestClient, rideId: string, body: Record<string, unknown> = { reason: 'route_longer' }) =>
  rider.post(`/api/rides/${rideId}/refund-requests`, body);
const decide = (requestId: string, body: Record<string, unknown>, by: TestClient = admin) => by.post(`/api/admin/refund-requests/${requestId}/decision`, body);
const refundTransactions = (requestId: string) =>
  db().selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `refund_request:${requestId}`).execute();
const entriesOf = (transactionId: string) =>
  db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_accounts.code', 'ledger_accounts.owner_id', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('transaction_id', '=', transactionId)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));
const walletOf = async (rider: TestClient) => ((await rider.get('/api/payments/history')).body.balances as { wallet_cents: number }[])[0]?.wallet_cents ?? 0;

describe('a rider reports a problem with a fare', () => {
  it('opens one request per ride, with a reason, an amount and a comment; the receipt shows its status', async () => {
    const rider = await rides.riderWithRide('Rhoda Report');
    const paid = (await moneyOf(rider.rideId)).paid_cents;
    expect(paid).toBeGreaterThan(0);
    const res = await report(rider.client, rider.rideId, { reason: 'driver_detour', amount_cents: 300, comment: 'Went around the block twice.' });
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({
      ride_id: rider.rideId,
      status: 'open',
      reason: 'driver_detour',
      requested_cents: 300,
      comment: 'Went around the block twice.',
      refunded_cents: 0,
      decision: null,
    });
    const again = await report(rider.client, rider.rideId, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REFUND_REQUEST_OPEN');
    const receipt = (await rider.client.get(`/api/rides/${rider.rideId}/receipt`)).body.receipt;
    expect(receipt.refund_requests).toHaveLength(1);
    expect(receipt.refund_requests[0]).toMatchObject({ status: 'open', requested_cents: 300 });
  });

  it('refuses another rider, the driver, a signed-out caller and unknown ids (404/401), and bad input (400)', async () => {
    const rider = await rides.riderWithRide('Owen Owner');
    const other = await newUser(server, 'Nosy Ned');
    expect((await report(other.client, rider.rideId)).status).toBe(404);
    expect((await report(rides.driver().client, rider.rideId)).status).toBe(404);
    expect((await report(server.client(), rider.rideId)).status).toBe(401);
    expect((await report(rider.client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await report(rider.client, 'not-a-ride')).status).toBe(404);
    for (const body of [
      {},
      { reason: 'because' },
      { reason: 'other', amount_cents: 0 },
      { reason: 'other', amount_cents: 12.5 },
      { reason: 'other', amount_cents: -5 },
      { reason: 'other', comment: 'x'.repeat(1001) },
      { reason: 'other', extra: 1 },
    ]) {
      const res = await report(rider.client, rider.rideId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const tooMuch = await report(rider.client, rider.rideId, { reason: 'other', amount_cents: (await moneyOf(rider.rideId)).paid_cents + 1 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_PAID');
    expect(await db().selectFrom('refund_requests').select('id').where('ride_id', '=', rider.rideId).execute()).toEqual([]);
  });

  it('refuses a ride that did not complete, and one completed more than 30 days ago', async () => {
    const rider = await newUser(server, 'Casey Cancel');
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
    const notDone = await report(rider.client, booked.body.ride.id);
    expect(notDone.status).toBe(409);
    expect(notDone.body.error.code).toBe('RIDE_NOT_COMPLETED');

    const old = await rides.riderWithRide('Olive Old');
    await db()
      .updateTable('rides')
      .set({ completed_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', old.rideId)
      .execute();
    const late = await report(old.client, old.rideId);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('REFUND_WINDOW_CLOSED');
    expect(late.body.error.message).toMatch(/30 days/);
  });
});

describe('an admin decides', () => {
  it('only admins: a rider and a driver are refused (403), a visitor too (401)', async () => {
    const rider = await rides.riderWithRide('Ria Refused');
    const request = (await report(rider.client, rider.rideId)).body.request;
    for (const caller of [rider.client, rides.driver().client]) {
      expect((await caller.get('/api/admin/refund-requests')).status).toBe(403);
      expect((await caller.get(`/api/admin/refund-requests/${request.id}`)).status).toBe(403);
      expect((await decide(request.id, { action: 'approve_full', bearer: 'platform' }, caller)).status).toBe(403);
    }
    expect((await server.client().get('/api/admin/refund-requests')).status).toBe(401);
    expect((await decide(request.id, { action: 'approve_full', bearer: 'platform' }, server.client())).status).toBe(401);
    expect(await refundTransactions(request.id)).toEqual([]);
    expect((await admin.get(`/api/admin/refund-requests/${request.id}`)).body.request.status).toBe('open');
  });

  it('lists the queue oldest first with filters, and shows a request with its timeline, route, fare lines and ledger money', async () => {
    const first = await rides.riderWithRide('Quinn Queue');
    const second = await rides.riderWithRide('Quincy Queue');
    const a = (await report(first.client, first.rideId, { reason: 'charged_more_than_estimate', amount_cents: 100 })).body.request;
    const b = (await report(second.client, second.rideId, { reason: 'ride_not_taken' })).body.request;
    const page = (await admin.get('/api/admin/refund-requests?status=open&q=Queue')).body;
    expect(page.items.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(page.items[0]).toMatchObject({
      rider_name: 'Quinn Queue',
      reason: 'charged_more_than_estimate',
      requested_cents: 100,
      status: 'open',
      paid_cents: (await moneyOf(first.rideId)).paid_cents,
    });
    expect((await admin.get('/api/admin/refund-requests?reason=ride_not_taken&q=Queue')).body.items.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await admin.get('/api/admin/refund-requests?age=today&q=Queue')).body.items).toHaveLength(2);
    expect((await admin.get('/api/admin/refund-requests?age=older&q=Queue')).body.items).toHaveLength(0);
    expect((await admin.get('/api/admin/refund-requests?dir=desc&q=Queue')).body.items[0].id).toBe(b.id);
    expect((await admin.get('/api/admin/refund-requests?status=paid')).status).toBe(400);
    const csv = await admin.request('/api/admin/refund-requests?format=csv&q=Queue');
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(String(csv.body)).toContain('Quinn Queue');

    const detail = (await admin.get(`/api/admin/refund-requests/${a.id}`)).body;
    const r = await ride(first.rideId);
    expect(detail.ride.ride.id).toBe(first.rideId);
    expect(detail.ride.timeline.map((e: { kind: string }) => e.kind)).toContain('completed');
    expect(detail.fare_lines.reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0)).toBe(r.fare_cents);
    expect(detail.money).toMatchObject({
      paid_cents: r.fare_cents,
      cash_cents: r.fare_cents,
      card_cents: 0,
      refunded_cents: 0,
      refundable_cents: r.fare_cents,
    });
    expect(detail.refund_to).toBe('wallet');
    expect((await admin.get('/api/admin/refund-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('approves part of a cash ride as wallet credit borne by the platform, once; the rider is notified and it is audited', async () => {
    const rider = await rides.riderWithRide('Pat Partial');
    const request = (await report(rider.client, rider.rideId, { reason: 'route_longer', amount_cents: 250 })).body.request;
    const res = await decide(request.id, { action: 'approve_partial', bearer: 'platform', amount_cents: 250, note: 'Longer route than the estimate' });
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({ status: 'approved', decision: 'approve_partial', bearer: 'platform', destination: 'wallet', refunded_cents: 250 });
    expect(res.body.money).toMatchObject({ refunded_cents: 250, refundable_cents: res.body.money.paid_cents - 250 });
    const [tx] = await refundTransactions(request.id);
    expect(tx).toMatchObject({ kind: 'refund', ride_id: rider.rideId });
    expect((await entriesOf(tx!.id)).sort((x, y) => x.amount_cents - y.amount_cents)).toEqual([
      { code: 'rider_wallet', owner_id: rider.id, line: 'wallet_credit', amount_cents: -250 },
      { code: 'refunds', owner_id: null, line: 'refund', amount_cents: 250 },
    ]);
    expect(await walletOf(rider.client)).toBe(250);

    // Approving twice posts once.
    const twice = await decide(request.id, { action: 'approve_partial', bearer: 'platform', amount_cents: 250 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('REFUND_DECIDED');
    expect(await refundTransactions(request.id)).toHaveLength(1);
    expect(await walletOf(rider.client)).toBe(250);

    const notes = (await rider.client.get('/api/notifications')).body as { title: string; message: string; booking_id: string }[];
    expect(notes.find((n) => n.title === 'Refund approved')).toMatchObject({ booking_id: rider.rideId, message: expect.stringContaining('$2.50') });
    const audit = (await admin.get('/api/admin/audit-log?action=refund.approve')).body.items.find((e: { entity_id: string }) => e.entity_id === request.id);
    expect(audit).toMatchObject({ after: { amount_cents: 250, bearer: 'platform', destination: 'wallet' }, reason: 'Longer route than the estimate' });
    const receipt = (await rider.client.get(`/api/rides/${rider.rideId}/receipt`)).body.receipt;
    expect(receipt.money.refunds).toEqual([expect.objectContaining({ amount_cents: 250, destination: 'wallet' })]);
    expect(receipt.refund_requests[0]).toMatchObject({ status: 'approved', refunded_cents: 250 });
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('charges a refund borne by the driver to their account, and approves in full what is left', async () => {
    const rider = await rides.riderWithRide('Dee Driverpays');
    const r = await ride(rider.rideId);
    const first = (await report(rider.client, rider.rideId, { reason: 'driver_detour' })).body.request;
    expect((await decide(first.id, { action: 'credit', bearer: 'driver', amount_cents: 100 })).body.request).toMatchObject({
      status: 'credited',
      refunded_cents: 100,
      bearer: 'driver',
    });
    const [tx] = await refundTransactions(first.id);
    expect(await entriesOf(tx!.id)).toContainEqual({ code: 'driver', owner_id: r.driver_id, line: 'refund', amount_cents: 100 });

    const second = (await report(rider.client, rider.rideId, { reason: 'other' })).body.request;
    const tooMuch = await decide(second.id, { action: 'approve_partial', bearer: 'platform', amount_cents: r.fare_cents });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_PAID');
    const full = await decide(second.id, { action: 'approve_full', bearer: 'platform' });
    expect(full.body.request.refunded_cents).toBe(r.fare_cents - 100);
    expect(full.body.money).toMatchObject({ refunded_cents: r.fare_cents, refundable_cents: 0 });
    expect(await walletOf(rider.client)).toBe(r.fare_cents);
    // Nothing is left: a new report is refused.
    const third = await report(rider.client, rider.rideId, { reason: 'other' });
    expect(third.body.error.code).toBe('REFUND_EXCEEDS_PAID');
  });

  it('rejects with a reason the rider reads (400 without one), and audits it', async () => {
    const rider = await rides.riderWithRide('Rex Rejected');
    const request = (await report(rider.client, rider.rideId, { reason: 'charged_more_than_estimate' })).body.request;
    for (const body of [
      { action: 'reject' },
      { action: 'reject', reason: ' ' },
      { action: 'approve_partial', bearer: 'platform' },
      { action: 'credit', bearer: 'nobody', amount_cents: 5 },
      { action: 'refund_everything' },
    ]) {
      expect((await decide(request.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const res = await decide(request.id, { action: 'reject', reason: 'The fare matches the upfront price.' });
    expect(res.body.request).toMatchObject({ status: 'rejected', decision_reason: 'The fare matches the upfront price.', refunded_cents: 0 });
    expect(await refundTransactions(request.id)).toEqual([]);
    const notes = (await rider.client.get('/api/notifications')).body as { title: string; message: string }[];
    expect(notes.find((n) => n.title === 'Refund request declined')?.message).toContain('The fare matches the upfront price.');
    expect((await admin.get('/api/admin/audit-log?action=refund.reject')).body.items.some((e: { entity_id: string }) => e.entity_id === request.id)).toBe(true);
  });

  it('refuses to approve a card ride whose card payment is not captured (409, nothing changes); wallet credit works', async () => {
    const rider = await rides.riderWithRide('Cara Card');
    const r = await ride(rider.rideId);
    // A ride paid $5 by card in the books, with no captured payment behind it (payments-stripe.test.ts refunds a real one).
    await post(db(), {
      kind: 'adjustment',
      key: `test:card-part:${r.id}`,
      currency: r.currency,
      ride_id: r.id,
      entries: [
        { account: { code: 'processor_clearing' }, line: 'fare_card', amount_cents: 500 },
        { account: { code: 'driver', owner: r.driver_id! }, line: 'fare_cash', amount_cents: -500 },
      ],
    });
    const request = (await report(rider.client, rider.rideId, { reason: 'other' })).body.request;
    expect((await admin.get(`/api/admin/refund-requests/${request.id}`)).body.refund_to).toBe('card');
    const refused = await decide(request.id, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CARD_REFUNDS_UNAVAILABLE', message: expect.stringContaining('not captured yet') });
    expect(await refundTransactions(request.id)).toEqual([]);
    expect((await decide(request.id, { action: 'credit', bearer: 'platform', amount_cents: 200 })).body.request).toMatchObject({
      status: 'credited',
      destination: 'wallet',
    });
  });
});

describe('two admins at once', () => {
  it('never refund a ride beyond what was paid: one decision wins, the other is refused, the request posts once', { timeout: 120_000 }, async () => {
    const rider = await rides.riderWithRide('Race Rachel');
    const second = await adminOf(server);
    const paid = (await moneyOf(rider.rideId)).paid_cents;
    const slice = Math.ceil(paid / 4);
    let wins = 0;
    for (let round = 0; round < 8; round++) {
      const opened = await report(rider.client, rider.rideId, { reason: 'other' });
      if (opened.status === 409) {
        expect(opened.body.error.code).toBe('REFUND_EXCEEDS_PAID');
        break;
      }
      const id = opened.body.request.id;
      const left = (await moneyOf(rider.rideId)).refundable_cents;
      const [x, y] = await Promise.all([
        decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: Math.min(slice, left) }),
        decide(
          id,
          round % 2 ? { action: 'credit', bearer: 'driver', amount_cents: Math.min(slice, left) } : { action: 'approve_full', bearer: 'platform' },
          second,
        ),
      ]);
      const statuses = [x.status, y.status].sort();
      expect(statuses, JSON.stringify([x.body, y.body])).toEqual([200, 409]);
      expect([x, y].find((res) => res.status === 409)!.body.error.code).toBe('REFUND_DECIDED');
      expect(await refundTransactions(id)).toHaveLength(1);
      const money = await moneyOf(rider.rideId);
      expect(money.refunded_cents).toBeLessThanOrEqual(paid);
      wins++;
    }
    expect(wins).toBeGreaterThan(0);
    expect((await moneyOf(rider.rideId)).refunded_cents).toBeLessThanOrEqual(paid);
    expect(await walletOf(rider.client)).toBe((await moneyOf(rider.rideId)).refunded_cents);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('property: any sequence of partial refunds and credits', () => {
  it('never refunds more than was paid, posts each decision once and keeps the books balanced', { timeout: 240_000 }, async () => {
    const action = fc.oneof(
      fc.record({
        action: fc.constant('approve_partial' as const),
        bearer: fc.constantFrom('platform' as const, 'driver' as const),
        share: fc.double({ min: 0.01, max: 1.3, noNaN: true }),
      }),
      fc.record({
        action: fc.constant('credit' as const),
        bearer: fc.constantFrom('platform' as const, 'driver' as const),
        share: fc.double({ min: 0.01, max: 1.3, noNaN: true }),
      }),
      fc.record({ action: fc.constant('approve_full' as const), bearer: fc.constantFrom('platform' as const, 'driver' as const), share: fc.constant(0) }),
      fc.record({ action: fc.constant('reject' as const), bearer: fc.constant('platform' as const), share: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 7 }), async (steps) => {
        const rider = await rides.riderWithRide('Prop Perry');
        const paid = (await moneyOf(rider.rideId)).paid_cents;
        let expected = 0;
        for (const step of steps) {
          const opened = await report(rider.client, rider.rideId, { reason: 'other' });
          if (expected >= paid) {
            expect(opened.body.error?.code).toBe('REFUND_EXCEEDS_PAID');
            break;
          }
          expect(opened.status).toBe(201);
          const id = opened.body.request.id;
          const amount = Math.max(1, Math.round(paid * step.share));
          const body =
            step.action === 'reject'
              ? { action: 'reject', reason: 'Not this time' }
              : step.action === 'approve_full'
                ? { action: 'approve_full', bearer: step.bearer }
                : { action: step.action, bearer: step.bearer, amount_cents: amount };
          const res = await decide(id, body);
          const left = paid - expected;
          if (step.action === 'reject') expect(res.status).toBe(200);
          else if (step.action === 'approve_full') {
            expect(res.status).toBe(200);
            expected = paid;
          } else if (amount <= left) {
            expect(res.status).toBe(200);
            expected += amount;
          } else {
            expect(res.body.error.code).toBe('REFUND_EXCEEDS_PAID');
            // A refused decision leaves the request open: reject it so the next step can open another.
            expect((await decide(id, { action: 'reject', reason: 'Too much asked' })).status).toBe(200);
          }
          // Replaying the decision changes nothing.
          expect((await decide(id, body)).status).toBe(409);
          const money = await moneyOf(rider.rideId);
          expect(money.refunded_cents).toBe(expected);
          expect(money.refunded_cents).toBeLessThanOrEqual(money.paid_cents);
          expect(await walletOf(rider.client)).toBe(expected);
        }
        expect((await trialBalance(db())).balanced).toBe(true);
      }),
      { numRuns: 10 },
    );
  });
});

describe('support proposes, someone who approves refunds decides (issue 29 §2/§5, decision 0093)', () => {
  /** A staff member of `role` in every city. */
  const staffOf = async (role: 'support' | 'finance', name: string) => {
    const { client, id } = await newUser(server, name);
    await db()
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: id, role, cityIds: null, invitedBy: null }));
    return { client, id };
  };
  const propose = (requestId: string, body: Record<string, unknown>, by: TestClient) => by.post(`/api/admin/refund-requests/${requestId}/proposal`, body);
  const openRequest = async (name: string) => {
    const rider = await rides.riderWithRide(name);
    return { rider, id: (await report(rider.client, rider.rideId)).body.request.id as string };
  };

  it('a proposal moves no money and tells the rider nothing; support cannot decide; finance approves it as proposed', async () => {
    const support = await staffOf('support', 'Sam Support');
    const finance = await staffOf('finance', 'Fin Finance');
    const { rider, id } = await openRequest('Pia Proposal');
    const walletBefore = await walletOf(rider.client);
    const paid = (await moneyOf(rider.rideId)).paid_cents;

    // Bad input and too much are refused and keep nothing.
    expect((await propose(id, { action: 'approve_partial', bearer: 'platform', amount_cents: -5 }, support.client)).status).toBe(400);
    const tooMuch = await propose(id, { action: 'approve_partial', bearer: 'platform', amount_cents: paid + 1 }, support.client);
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_PAID');
    expect((await admin.get(`/api/admin/refund-requests/${id}`)).body.request.proposal).toBeNull();

    const proposed = await propose(
      id,
      { action: 'approve_partial', bearer: 'platform', amount_cents: 150, note: 'Detour confirmed on the map' },
      support.client,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.request).toMatchObject({
      status: 'open',
      refunded_cents: 0,
      proposal: {
        action: 'approve_partial',
        amount_cents: 150,
        bearer: 'platform',
        note: 'Detour confirmed on the map',
        by_id: support.id,
        by_name: 'Sam Support',
      },
    });
    expect(await refundTransactions(id)).toEqual([]);
    expect(await walletOf(rider.client)).toBe(walletBefore);
    const audit = await db().selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', id).execute();
    expect(audit).toEqual([{ action: 'refund.propose', actor_id: support.id }]);
    // The queue says it is proposed.
    const queue = (await finance.client.get('/api/admin/refund-requests?status=open')).body.items as { id: string; proposal: unknown }[];
    expect(queue.find((q) => q.id === id)?.proposal).toMatchObject({ amount_cents: 150 });

    // Support's only money action is the proposal.
    const refused = await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 150 }, support.client);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('STAFF_PERMISSION_REQUIRED');

    const decided = await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 150 }, finance.client);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.request).toMatchObject({ status: 'approved', refunded_cents: 150, proposal: { by_name: 'Sam Support' } });
    expect(await walletOf(rider.client)).toBe(walletBefore + 150);
    // A decided request takes no proposal.
    expect((await propose(id, { action: 'reject', reason: 'Too late now' }, support.client)).body.error.code).toBe('REFUND_DECIDED');
  });

  it('above the owners’ amount for the currency, only what someone else proposed is approved; below it and rejections need one person', async () => {
    const finance = await staffOf('finance', 'Fay Finance');
    const other = await staffOf('finance', 'Otto Other');
    const setDuties = (value: Record<string, unknown>) => admin.put('/api/admin/staff-duties', value);
    expect((await setDuties({ payout_runs: false, refunds_above: { usd: 100 } })).status).toBe(400);
    expect((await setDuties({ payout_runs: false, refunds_above: { USD: -1 } })).status).toBe(400);
    expect((await setDuties({ payout_runs: false, refunds_above: { USD: 100 } })).body.duties).toEqual({ payout_runs: false, refunds_above: { USD: 100 } });
    try {
      const { id } = await openRequest('Hugo Highvalue');
      expect((await admin.get(`/api/admin/refund-requests/${id}`)).body.second_person_above).toBe(100);
      // Alone, above the amount: refused, nothing posted.
      const alone = await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 }, finance.client);
      expect(alone.status).toBe(403);
      expect(alone.body.error.code).toBe('SEPARATION_OF_DUTIES');
      expect(await refundTransactions(id)).toEqual([]);
      // Their own proposal does not make a second person.
      expect((await propose(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 }, finance.client)).status).toBe(200);
      expect((await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 }, finance.client)).body.error.code).toBe(
        'SEPARATION_OF_DUTIES',
      );
      // Another person deciding something else than was proposed is alone again.
      expect((await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 250 }, other.client)).body.error.code).toBe(
        'SEPARATION_OF_DUTIES',
      );
      expect((await decide(id, { action: 'approve_partial', bearer: 'driver', amount_cents: 200 }, other.client)).body.error.code).toBe('SEPARATION_OF_DUTIES');
      expect((await admin.get(`/api/admin/refund-requests/${id}`)).body.request.status).toBe('open');
      const seconded = await decide(id, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 }, other.client);
      expect(seconded.status, JSON.stringify(seconded.body)).toBe(200);
      expect((await refundTransactions(id)).length).toBe(1);

      // At or below the amount, and any rejection: one person decides.
      const small = await openRequest('Sally Small');
      expect((await decide(small.id, { action: 'credit', bearer: 'platform', amount_cents: 100 }, finance.client)).status).toBe(200);
      const rejected = await openRequest('Rex Rejected');
      expect((await decide(rejected.id, { action: 'reject', reason: 'The route was the shortest one' }, finance.client)).status).toBe(200);
    } finally {
      expect((await setDuties({ payout_runs: false })).body.duties).toEqual({ payout_runs: false, refunds_above: {} });
    }
  });
});
