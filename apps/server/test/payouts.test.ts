import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { percentOf } from '@openride/shared/ledger/accounts';
import { balanceOf, trialBalance, type Posting, type PostInput } from '../src/ledger/ledger';
import { approvePayoutRun } from '../src/payouts/approve-payout-run';
import { createPayoutRun } from '../src/payouts/create-payout-run';
import { driverStanding } from '../src/payouts/driver-ledger';
import { failPayoutItem } from '../src/payouts/fail-payout-item';
import { listStatements } from '../src/payouts/get-statements';
import { collectionOf } from '../src/payouts/list-collections';
import { addDays, localDate, weekdayOf } from '../src/payouts/local-dates';
import { markRunPaid } from '../src/payouts/mark-run-paid';
import { recordCashReceived } from '../src/payouts/record-cash-received';
import { schedulePayoutRuns } from '../src/payouts/schedule-payout-runs';
import { postAt as postBackdated } from './backdated-postings';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * /driver-payouts (issue 13, decision 0040): payout runs previewed, approved once, exported for the bank,
 * paid or failed back to the balance; collections by age; cash received; the negative-balance rule that keeps
 * a driver offline until they settle. Only admins act, every action audited.
 */
let server: TestServer;
let admin: TestClient;
const db = () => server.services.db;
const TZ = 'America/Los_Angeles';
const DAY = 86_400_000;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const postAt = (at: Date | null, input: PostInput) => postBackdated(db(), at, input);

/** A completed ride's postings (decision 0037's split at 20 %, no booking fee), paid in cash (the driver owes the commission) or by card (the platform owes the driver). */
function ridePosting(driverId: string, fare: number, method: 'cash' | 'card'): PostInput {
  const commission = percentOf(fare, 2000);
  const driver = { code: 'driver' as const, owner: driverId };
  const entries: Posting[] = [
    method === 'cash'
      ? { account: driver, line: 'fare_cash', amount_cents: fare }
      : { account: { code: 'processor_clearing' }, line: 'fare_card', amount_cents: fare },
    { account: driver, line: 'driver_earnings', amount_cents: -(fare - commission) },
    { account: { code: 'commission' }, line: 'commission', amount_cents: -commission },
  ];
  return { kind: 'ride.completed', key: `test-ride:${randomUUID()}:${seq++}`, currency: 'USD', city_id: 'sf', entries };
}
const cashRide = (driverId: string, fare: number, at: Date | null = null) => postAt(at, ridePosting(driverId, fare, 'cash'));
const cardRide = (driverId: string, fare: number, at: Date | null = null) => postAt(at, ridePosting(driverId, fare, 'card'));
const balance = (driverId: string) => balanceOf(db(), { code: 'driver', owner: driverId }, 'USD');
const payoutTxCount = async (driverId: string) =>
  Number(
    (
      await db()
        .selectFrom('ledger_entries')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
        .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
        .select(sql<string>`count(*)`.as('n'))
        .where('ledger_accounts.key', '=', `driver:${driverId}:USD`)
        .where('ledger_transactions.kind', '=', 'payout')
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditCount = async (action: string, entityId: string) =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select(sql<string>`count(*)`.as('n'))
        .where('action', '=', action)
        .where('entity_id', '=', entityId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const itemOf = (run: { items: Array<{ driver_id: string }> }, driverId: string) =>
  run.items.find((i) => i.driver_id === driverId) as { id: string; amount_cents: number; status: string; reference: string; driver_name: string } | undefined;

describe('only admins pay out and collect', () => {
  it('refuses a driver, a rider and a visitor on every admin route, and nothing changes', async () => {
    const driver = await approvedDriverOf(server, admin, 'Curious Carl');
    const rider = await newUser(server, 'Curious Cora');
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/payout-runs'],
      ['POST', '/api/admin/payout-runs', { city_id: 'sf' }],
      ['GET', `/api/admin/payout-runs/${id}`],
      ['POST', `/api/admin/payout-runs/${id}/approve`, {}],
      ['GET', `/api/admin/payout-runs/${id}/export`],
      ['POST', `/api/admin/payout-runs/${id}/mark-paid`, { reference: 'BANK-1' }],
      ['POST', `/api/admin/payout-items/${id}/fail`, { reason: 'returned' }],
      ['GET', '/api/admin/collections'],
      ['POST', `/api/admin/collections/${driver.driverId}/cash`, { amount_cents: 100, reference: 'R-1' }],
    ];
    for (const [method, path, json] of routes) {
      for (const client of [driver.client, rider.client]) {
        const res = await client.request(path, { method, json });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await server.client().request(path, { method, json })).status, `${method} ${path}`).toBe(401);
    }
    expect(await db().selectFrom('payout_runs').select('id').execute()).toEqual([]);
    expect(await balance(driver.driverId)).toBe(0);
  });
});

describe('a payout run', () => {
  it('previews drivers owed at least the minimum, approves once, exports for the bank, is paid, and a failure returns to the balance', async () => {
    const ana = await approvedDriverOf(server, admin, 'Ana Owed');
    const ben = await approvedDriverOf(server, admin, 'Ben Owed');
    const sam = await approvedDriverOf(server, admin, 'Sam Small');
    const deb = await approvedDriverOf(server, admin, 'Deb Debtor');
    await cardRide(ana.driverId, 5000); // owed 40.00
    await cardRide(ben.driverId, 2500); // owed 20.00
    await cardRide(sam.driverId, 1000); // owed 8.00: under the $10 minimum
    await cashRide(deb.driverId, 5000); // owes 10.00
    expect(await balance(ana.driverId)).toBe(-4000);

    expect((await admin.post('/api/admin/payout-runs', { city_id: 'atlantis' })).status).toBe(400);
    const created = await admin.post('/api/admin/payout-runs', { city_id: 'sf' });
    expect(created.status).toBe(201);
    let run = created.body.run;
    expect(run).toMatchObject({ status: 'preview', city_id: 'sf', currency: 'USD', minimum_payout_cents: 1000, scheduled_for: null });
    expect(itemOf(run, ana.driverId)).toMatchObject({ amount_cents: 4000, status: 'preview', driver_name: 'Ana Owed' });
    expect(itemOf(run, ben.driverId)).toMatchObject({ amount_cents: 2000, status: 'preview' });
    expect(itemOf(run, sam.driverId)).toBeUndefined();
    expect(itemOf(run, deb.driverId)).toBeUndefined();
    // A preview posts nothing, and the bank's file waits for the approval.
    expect(await balance(ana.driverId)).toBe(-4000);
    expect((await admin.get(`/api/admin/payout-runs/${run.id}/export`)).status).toBe(409);
    expect((await admin.post(`/api/admin/payout-runs/${run.id}/mark-paid`, { reference: 'BANK-1' })).status).toBe(409);

    const approved = await admin.post(`/api/admin/payout-runs/${run.id}/approve`, {});
    expect(approved.status).toBe(200);
    run = approved.body.run;
    expect(run.status).toBe('approved');
    expect(itemOf(run, ana.driverId)).toMatchObject({ status: 'pending', amount_cents: 4000 });
    expect(await balance(ana.driverId)).toBe(0);
    expect(await balance(ben.driverId)).toBe(0);
    // Approving again answers the run as it is and posts nothing more.
    expect((await admin.post(`/api/admin/payout-runs/${run.id}/approve`, {})).body.run.status).toBe('approved');
    expect(await payoutTxCount(ana.driverId)).toBe(1);
    expect(await auditCount('payout_run.approve', run.id)).toBe(1);
    expect(await auditCount('payout_run.create', run.id)).toBe(1);

    const exported = await admin.get(`/api/admin/payout-runs/${run.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="payout-run-/);
    const rows = String(exported.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('driver_name,amount,currency,reference');
    expect(rows).toContain(`Ana Owed,40.00,USD,${itemOf(run, ana.driverId)!.reference}`);
    expect(rows).toContain(`Ben Owed,20.00,USD,${itemOf(run, ben.driverId)!.reference}`);
    expect(await auditCount('payout_run.export', run.id)).toBe(1);

    // Ben's transfer fails before the bank pays it: back to his balance, once.
    expect((await admin.post(`/api/admin/payout-items/${itemOf(run, ben.driverId)!.id}/fail`, { reason: '' })).status).toBe(400);
    const failed = await admin.post(`/api/admin/payout-items/${itemOf(run, ben.driverId)!.id}/fail`, { reason: 'Account closed' });
    expect(failed.status).toBe(200);
    expect(itemOf(failed.body.run, ben.driverId)).toMatchObject({ status: 'failed' });
    expect(await balance(ben.driverId)).toBe(-2000);
    expect((await admin.post(`/api/admin/payout-items/${itemOf(run, ben.driverId)!.id}/fail`, { reason: 'Account closed' })).status).toBe(409);

    const bankBefore = await balanceOf(db(), { code: 'bank' }, 'USD');
    expect((await admin.post(`/api/admin/payout-runs/${run.id}/mark-paid`, { reference: ' ' })).status).toBe(400);
    const paid = await admin.post(`/api/admin/payout-runs/${run.id}/mark-paid`, { reference: 'BANK-7781' });
    expect(paid.status).toBe(200);
    expect(paid.body.run.status).toBe('closed');
    expect(itemOf(paid.body.run, ana.driverId)).toMatchObject({ status: 'paid', bank_reference: 'BANK-7781' } as object);
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(bankBefore - 4000);
    expect(await balanceOf(db(), { code: 'payouts_in_flight' }, 'USD')).toBe(0);
    expect((await admin.post(`/api/admin/payout-runs/${run.id}/mark-paid`, { reference: 'BANK-7781' })).status).toBe(409);

    // Ana's money comes back from the bank: the bank is debited back, Ana is owed again.
    expect((await admin.post(`/api/admin/payout-items/${itemOf(run, ana.driverId)!.id}/fail`, { reason: 'Returned by the bank' })).status).toBe(200);
    expect(await balance(ana.driverId)).toBe(-4000);
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(bankBefore);
    expect(await auditCount('payout_run.mark_paid', run.id)).toBe(1);
    expect(await auditCount('payout_item.fail', itemOf(run, ana.driverId)!.id)).toBe(1);

    // Ana's statement shows the payout and its return; the books balance.
    const statements = await ana.client.get('/api/drivers/me/statements');
    expect(statements.body.statements[0]).toMatchObject({ payouts_cents: 0, closing_cents: -4000 });
    const listed = await admin.get('/api/admin/payout-runs?city=sf');
    expect(listed.body.runs.map((r: { id: string }) => r.id)).toContain(run.id);
    expect((await admin.get(`/api/admin/payout-runs/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/admin/payout-runs/nope')).status).toBe(404);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('two runs approved at once pay a driver once; one run approved twice at once posts once', async () => {
    const rita = await approvedDriverOf(server, admin, 'Rita Race');
    await cardRide(rita.driverId, 3750); // owed 30.00
    // A scheduled run (a Monday to come, the default payout weekday) and an on-demand one hold the same driver.
    let monday = addDays(localDate(new Date(), TZ), 7);
    while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
    const [scheduledId] = await schedulePayoutRuns(db(), new Date(`${monday}T20:00:00Z`));
    expect(scheduledId).toBeDefined();
    expect(await schedulePayoutRuns(db(), new Date(`${monday}T21:00:00Z`))).toEqual([]);
    const onDemand = (await admin.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    expect(itemOf(onDemand, rita.driverId)?.amount_cents).toBe(3000);

    // Straight to the verb, so both transactions are open at the same moment (over HTTP they rarely overlap).
    const adminId = (await admin.get('/api/me')).body.user.id as string;
    const [a, b] = await Promise.all([approvePayoutRun(db(), adminId, scheduledId!), approvePayoutRun(db(), adminId, onDemand.id)]);
    const statuses = [itemOf(a, rita.driverId)!.status, itemOf(b, rita.driverId)!.status].sort();
    expect(statuses).toEqual(['pending', 'skipped']);
    expect(await payoutTxCount(rita.driverId)).toBe(1);
    expect(await balance(rita.driverId)).toBe(0);

    const sol = await approvedDriverOf(server, admin, 'Sol Twice');
    await cardRide(sol.driverId, 2000);
    const run = (await admin.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    const both = await Promise.all([
      approvePayoutRun(db(), adminId, run.id),
      approvePayoutRun(db(), adminId, run.id),
      admin.post(`/api/admin/payout-runs/${run.id}/approve`, {}),
    ]);
    expect(both[2].status).toBe(200);
    expect(await payoutTxCount(sol.driverId)).toBe(1);
    expect(await balance(sol.driverId)).toBe(0);
    expect(await auditCount('payout_run.approve', run.id)).toBe(1);
    // A newer preview discarded the older on-demand one: it can no longer be approved.
    const older = (await admin.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    await admin.post('/api/admin/payout-runs', { city_id: 'sf' });
    expect((await admin.post(`/api/admin/payout-runs/${older.id}/approve`, {})).status).toBe(409);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('collections and the negative-balance rule', () => {
  it('shows what a driver owes by age; they cannot go online past the grace days until the cash is recorded', async () => {
    const cruz = await approvedDriverOf(server, admin, 'Cruz Cash');
    const now = Date.now();
    await cashRide(cruz.driverId, 10_000, new Date(now - 40 * DAY)); // owes 20.00 since 40 days
    await cashRide(cruz.driverId, 25_000, new Date(now - 5 * DAY)); // owes 70.00 since 5 days: over the $50 limit for longer than 3 days

    const refused = await cruz.client.patch(`/api/drivers/${cruz.driverId}`, { status: 'available' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('DRIVER_BALANCE_OVERDUE');
    expect(refused.body.error.message).toContain('You owe $70.00, more than your $50.00 limit.');
    expect(refused.body.error.message).toContain('Pay at least $20.00 in cash to the operator');
    expect((await db().selectFrom('drivers').select('status').where('id', '=', cruz.driverId).executeTakeFirstOrThrow()).status).toBe('offline');

    const mine = (await cruz.client.get('/api/drivers/me/earnings')).body.standing;
    expect(mine).toMatchObject({ balance_cents: 7000, blocked: true, settle_cents: 2000 });
    expect(Math.abs(Date.parse(mine.over_limit_since) - (now - 5 * DAY))).toBeLessThan(2000);

    const list = await admin.get('/api/admin/collections?city=sf');
    expect(list.status).toBe(200);
    const line = list.body.collections.find((c: { driver_id: string }) => c.driver_id === cruz.driverId);
    expect(line).toMatchObject({ driver_name: 'Cruz Cash', owed_cents: 7000, aging: { current: 0, d1_30: 5000, d31_60: 2000, d61_90: 0, d90_plus: 0 } });
    expect(line.standing.blocked).toBe(true);

    // More than they owe, or a bad reference: refused, nothing changes.
    const request_id = randomUUID();
    expect((await admin.post(`/api/admin/collections/${cruz.driverId}/cash`, { amount_cents: 7001, reference: 'RCPT-1', request_id })).status).toBe(400);
    expect((await admin.post(`/api/admin/collections/${cruz.driverId}/cash`, { amount_cents: 2000, reference: '', request_id })).status).toBe(400);
    expect((await admin.post(`/api/admin/collections/${cruz.driverId}/cash`, { amount_cents: 0, reference: 'RCPT-1' })).status).toBe(400);
    expect((await admin.post(`/api/admin/collections/${randomUUID()}/cash`, { amount_cents: 100, reference: 'RCPT-1' })).status).toBe(404);
    expect(await balance(cruz.driverId)).toBe(7000);

    // The cash: recorded once, however often the dialog is submitted.
    const recorded = await admin.post(`/api/admin/collections/${cruz.driverId}/cash`, { amount_cents: 2000, reference: 'RCPT-1', request_id });
    expect(recorded.status).toBe(200);
    expect(recorded.body.standing).toMatchObject({ balance_cents: 5000, blocked: false, settle_cents: 0, over_limit_since: null });
    // FIFO: the cash paid off the oldest debt first.
    expect(recorded.body.collection.aging).toEqual({ current: 0, d1_30: 5000, d31_60: 0, d61_90: 0, d90_plus: 0 });
    expect((await admin.post(`/api/admin/collections/${cruz.driverId}/cash`, { amount_cents: 2000, reference: 'RCPT-1', request_id })).status).toBe(200);
    expect(await balance(cruz.driverId)).toBe(5000);
    expect(await auditCount('driver.cash_received', cruz.driverId)).toBe(1);
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBeGreaterThanOrEqual(2000);

    // Back within the limit: online at once.
    expect((await cruz.client.patch(`/api/drivers/${cruz.driverId}`, { status: 'available' })).status).toBe(200);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('a driver over the limit within the grace days still goes online, and reads when to settle by', async () => {
    const gia = await approvedDriverOf(server, admin, 'Gia Grace');
    await cashRide(gia.driverId, 30_000, new Date(Date.now() - DAY)); // owes 60.00 since yesterday
    const standing = (await gia.client.get('/api/drivers/me/earnings')).body.standing;
    expect(standing).toMatchObject({ balance_cents: 6000, blocked: false, settle_cents: 1000 });
    expect(Date.parse(standing.settle_by) - Date.parse(standing.over_limit_since)).toBe(3 * DAY);
    expect((await gia.client.patch(`/api/drivers/${gia.driverId}`, { status: 'available' })).status).toBe(200);
  });
});

describe('the books under random money', () => {
  it('after any sequence of cash and card rides, payout runs, payments, failures and cash received, every balance is the sum of its entries and the books balance', async () => {
    const adminId = (await admin.get('/api/me')).body.user.id as string;
    const drivers = await Promise.all(['Prop Pia', 'Prop Pax', 'Prop Pim'].map((name) => approvedDriverOf(server, admin, name)));
    type Op =
      | { op: 'cash' | 'card'; d: number; fare: number }
      | { op: 'run' }
      | { op: 'paid' }
      | { op: 'fail'; pick: number }
      | { op: 'collect'; d: number; share: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constantFrom('cash' as const, 'card' as const), d: fc.nat(2), fare: fc.integer({ min: 500, max: 40_000 }) }),
      fc.constant({ op: 'run' as const }),
      fc.constant({ op: 'paid' as const }),
      fc.record({ op: fc.constant('fail' as const), pick: fc.nat(20) }),
      fc.record({ op: fc.constant('collect' as const), d: fc.nat(2), share: fc.integer({ min: 1, max: 100 }) }),
    );
    const ours = new Set(drivers.map((d) => d.driverId));
    const openItems = () =>
      db()
        .selectFrom('payout_items')
        .select(['id', 'driver_id', 'amount_cents', 'status', 'run_id'])
        .where('status', 'in', ['pending', 'paid'])
        .where('driver_id', 'in', [...ours])
        .orderBy('id')
        .execute();

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        // The model: what each driver's balance must be, from where this run starts.
        const expected = await Promise.all(drivers.map((d) => balance(d.driverId)));
        for (const o of ops) {
          if (o.op === 'cash' || o.op === 'card') {
            await (o.op === 'cash' ? cashRide : cardRide)(drivers[o.d]!.driverId, o.fare);
            const commission = percentOf(o.fare, 2000);
            expected[o.d]! += o.op === 'cash' ? commission : -(o.fare - commission);
          } else if (o.op === 'run') {
            const run = await createPayoutRun(db(), adminId, { city_id: 'sf' });
            await approvePayoutRun(db(), adminId, run.id);
            drivers.forEach((d, i) => {
              if (-expected[i]! >= 1000) expected[i] = 0;
            });
          } else if (o.op === 'paid') {
            const pending = await db().selectFrom('payout_items').select('run_id').where('status', '=', 'pending').limit(1).executeTakeFirst();
            if (pending) await markRunPaid(db(), adminId, pending.run_id, { reference: 'BANK-PROP' });
          } else if (o.op === 'fail') {
            const items = await openItems();
            const item = items[o.pick % Math.max(1, items.length)];
            if (item) {
              await failPayoutItem(db(), adminId, item.id, { reason: 'Returned' });
              expected[drivers.findIndex((d) => d.driverId === item.driver_id)]! -= Number(item.amount_cents);
            }
          } else if (o.op === 'collect') {
            const owed = expected[o.d]!;
            if (owed > 0) {
              const amount = Math.max(1, Math.floor((owed * o.share) / 100));
              await recordCashReceived(db(), adminId, drivers[o.d]!.driverId, { amount_cents: amount, reference: 'RCPT-PROP' });
              expected[o.d]! -= amount;
            }
          }
        }
        for (const [i, d] of drivers.entries()) {
          const actual = await balance(d.driverId);
          expect(actual).toBe(expected[i]);
          const entries = await db()
            .selectFrom('ledger_entries')
            .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
            .select(['ledger_entries.amount_cents'])
            .where('ledger_accounts.key', '=', `driver:${d.driverId}:USD`)
            .execute();
          expect(entries.reduce((s, e) => s + Number(e.amount_cents), 0)).toBe(actual);
          // What the driver and the admin read is that same balance.
          expect((await driverStanding(db(), d.driverId)).standing.balance_cents).toBe(actual);
          expect((await listStatements(db(), d.id)).statements[0]!.closing_cents).toBe(actual);
          const collection = await collectionOf(db(), d.driverId);
          if (actual > 0) expect(Object.values(collection!.aging).reduce((s, v) => s + v, 0)).toBe(actual);
          else expect(collection).toBeNull();
        }
        // Payouts in flight are exactly the items sent and not yet paid or failed.
        const inFlight = await db()
          .selectFrom('payout_items')
          .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('s'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        expect(0 - (await balanceOf(db(), { code: 'payouts_in_flight' }, 'USD'))).toBe(Number(inFlight.s));
        expect((await trialBalance(db())).balanced).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('the schedule', () => {
  it('is a durable pg-boss job that makes the week’s preview once on the payout weekday', async () => {
    const schedules = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule where name = 'payout-schedule'`.execute(db());
    expect(schedules.rows).toEqual([{ name: 'payout-schedule', cron: '23 * * * *' }]);
    // Today is the payout weekday from now on (a new version of the city's financial settings).
    const today = localDate(new Date(), TZ);
    const latest = await db()
      .selectFrom('financial_settings')
      .select(sql<number>`max(version)`.as('v'))
      .where('city_id', '=', 'sf')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('financial_settings')
      .values({
        city_id: 'sf',
        version: Number(latest.v) + 1,
        effective_from: new Date(Date.now() - 1000),
        commission_bp: JSON.stringify({ economy: 2000, comfort: 2000, xl: 2000 }),
        payout_weekday: weekdayOf(today),
      })
      .execute();
    for (let i = 0; i < 2; i++) {
      await server.services.jobs.send('payout-schedule', {});
      await server.services.jobs.idle(['payout-schedule']);
    }
    const runs = await db()
      .selectFrom('payout_runs')
      .select(['id', 'status'])
      .where('city_id', '=', 'sf')
      .where(sql<boolean>`scheduled_for = ${today}::date`)
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('preview');
  });
});
