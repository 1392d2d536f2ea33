import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueMonthlyInvoices } from '../src/corporate-invoices/issue-monthly-invoices';
import { reverse, trialBalance } from '../src/ledger/ledger';
import { localDate } from '../src/payouts/local-dates';
import { completeBusinessRide, createCompany, insertBusinessRide, joinCompany, person, removeMember } from './corporate-invoice-setup';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, newUser, north, type OnlineDriver, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * Corporate invoices (issue 16, decision 0070): each company's monthly invoice lists the ledger transactions
 * on its account (business rides, their reversals), its totals are sums of those entries, a transaction is on
 * one invoice, the monthly job issues once; admins read all and mark paid (one payment under races); a
 * company's active admins read theirs; members, admins of another company and everyone else are refused.
 */
let server: TestServer;
let admin: TestClient;
let driver: OnlineDriver;

const db = () => server.services.db;
const TZ = 'America/Los_Angeles';

/** An instant in the month after this one (San Francisco time): the current month has ended by then. */
function nextMonth() {
  const [y, m] = localDate(new Date(), TZ).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 2, 12));
}
const thisMonth = () => localDate(new Date(), TZ).slice(0, 7);
const monthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/**
 * A closed month the admin issues by hand: the one before last (the hourly job, which may fire during the
 * suite, only issues the month that just ended). Rides are back-dated into it.
 */
const lastMonth = () => monthBefore(monthBefore(thisMonth()));
const midLastMonth = () => new Date(`${lastMonth()}-15T20:00:00Z`);

const invoicesOf = (companyId: string) => db().selectFrom('corporate_invoices').selectAll().where('company_id', '=', companyId).execute();
const itemsOf = (invoiceId: string) => db().selectFrom('corporate_invoice_items').selectAll().where('invoice_id', '=', invoiceId).execute();
const auditOf = (id: string) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'corporate_invoice').where('entity_id', '=', id).orderBy('created_at').execute();
const paymentsOf = (invoiceId: string) =>
  db().selectFrom('ledger_transactions').select(['id', 'kind']).where('idempotency_key', '=', `corporate_invoice:${invoiceId}:paid`).execute();

/** The company's ledger entries between two instants (its own payments left out): what an invoice of that period must total. */
async function companyLedger(companyId: string, from: Date, to: Date) {
  const row = await sql<{ total: string; tax: string; n: string }>`
    select coalesce(sum(e.amount_cents), 0) as total,
           (select coalesce(-sum(te.amount_cents), 0) from ledger_entries te join ledger_accounts ta on ta.id = te.account_id
             where ta.code = 'tax_payable' and te.line = 'tax' and te.transaction_id in (
               select e2.transaction_id from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id
                join ledger_transactions t2 on t2.id = e2.transaction_id
               where a2.code = 'company' and a2.owner_id = ${companyId} and t2.kind <> 'company.payment' and t2.created_at >= ${from} and t2.created_at < ${to})) as tax,
           count(distinct t.id) as n
      from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where a.code = 'company' and a.owner_id = ${companyId} and t.kind <> 'company.payment' and t.created_at >= ${from} and t.created_at < ${to}`.execute(db());
  const r = row.rows[0]!;
  return { total: Number(r.total), tax: Number(r.tax), transactions: Number(r.n) };
}

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 5000, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  admin = await adminOf(server);
  // Tax on the commission (10 %), so "of which tax" is more than zero.
  const settings = {
    commission_bp: { economy: 2000, comfort: 2500, xl: 2000 },
    tax_rate_bp: 1000,
    tax_label: 'Sales tax',
    payout_weekday: 1,
    minimum_payout_cents: 1000,
    negative_balance_limit_cents: 5000,
    grace_days: 3,
  };
  expect((await admin.post('/api/admin/financial-settings/sf', settings)).status).toBe(201);
  driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Ivy Invoice Driver');
});
afterAll(async () => {
  driver?.socket.close();
  await server?.stop();
});

/** A company with an admin and a member, and `rides` completed business rides by the member through the API. */
async function companyWithRides(rides: number, name = 'Acme') {
  const companyAdmin = await person(server, `${name} Admin`);
  const member = await person(server, `${name} Member`);
  const company = await createCompany(admin, companyAdmin, name);
  await joinCompany(server, companyAdmin, company.id, member);
  const rideIds: string[] = [];
  for (let i = 0; i < rides; i++) rideIds.push(await completeBusinessRide(driver, member.client, company.id, `PRJ-${i + 1}`));
  return { company, companyAdmin, member, rideIds };
}

describe('corporate invoices: issue, totals from the ledger, formats', () => {
  it('issues the month’s invoice from the ledger: every ride with member, route, expense code; totals equal the company’s entries; PDF and CSV', async () => {
    const { company, companyAdmin, rideIds } = await companyWithRides(2, 'Globex');
    const issued = await issueMonthlyInvoices(db(), nextMonth());
    const mine = await invoicesOf(company.id);
    expect(mine).toHaveLength(1);
    expect(issued).toContain(mine[0]!.id);
    const id = mine[0]!.id;

    const res = await companyAdmin.client.get(`/api/corporate-invoices/${id}`);
    expect(res.status).toBe(200);
    const invoice = res.body.invoice;
    expect(invoice.number).toMatch(new RegExp(`^INV-${thisMonth()}-\\d{4,}$`));
    expect(invoice).toMatchObject({
      company_id: company.id,
      company_name: company.name,
      period: thisMonth(),
      status: 'issued',
      rides_count: 2,
      currency: 'USD',
      time_zone: TZ,
    });
    expect(invoice.period_start).toBe(`${thisMonth()}-01`);
    expect(invoice.lines.map((l: { ride_id: string }) => l.ride_id).sort()).toEqual([...rideIds].sort());
    for (const line of invoice.lines) {
      expect(line).toMatchObject({ kind: 'ride.completed', member_name: 'Globex Member', pickup: 'Union Square', destination: 'Ferry Building' });
      expect(line.expense_code).toMatch(/^PRJ-\d$/);
      expect(line.amount_cents).toBeGreaterThan(0);
      expect(line.tax_cents).toBeGreaterThan(0);
    }
    const row = (await invoicesOf(company.id))[0]!;
    const ledger = await companyLedger(company.id, new Date(row.starts_at), new Date(row.ends_at));
    expect(ledger.transactions).toBe(2);
    expect(invoice.total_due_cents).toBe(ledger.total);
    expect(invoice.fares_total_cents).toBe(ledger.total);
    expect(invoice.tax_cents).toBe(ledger.tax);
    expect(invoice.lines.reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0)).toBe(ledger.total);
    // Never from rides.fare_cents: the company owes what the ledger says (here the fares, as no promo applied).
    const fares = await db().selectFrom('rides').select('fare_cents').where('id', 'in', rideIds).execute();
    expect(ledger.total).toBe(fares.reduce((s, f) => s + f.fare_cents, 0));

    const pdf = await companyAdmin.client.request(`/api/corporate-invoices/${id}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).slice(0, 4)).toBe('%PDF');

    const csv = await companyAdmin.client.get(`/api/corporate-invoices/${id}/invoice.csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Member,Route,Expense code,Fare (USD),Tax (USD)');
    expect(lines).toHaveLength(1 + 2 + 3);
    const body = lines.slice(1, 3).map((l) => l.split(','));
    const totals = lines[3]!.split(',');
    expect(totals[0]).toBe('Total');
    const sum = body.reduce((s, c) => s + Math.round(Number(c[5]) * 100), 0);
    expect(Math.round(Number(totals[5]) * 100)).toBe(sum);
    expect(sum).toBe(ledger.total);
    expect(Math.round(Number(totals[6]) * 100)).toBe(ledger.tax);
    expect(lines[4]!.split(',')[0]).toBe('Total due');
    expect(Math.round(Number(lines[4]!.split(',')[5]) * 100)).toBe(ledger.total);
    expect(body[0]![3]).toBe('Union Square → Ferry Building');
    // Each line's time is ISO 8601 with San Francisco's offset (issue 30 §4).
    expect(body[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[78]:00$/);
    expect(lines[5]).toBe(`Period,Monthly,${thisMonth()}-01 – ${invoice.period_end},,,,`);
  });

  it('the job issues once: two runs (and two at once) make one invoice; a transaction is never on two invoices; an empty month issues none', async () => {
    const { company, member } = await companyWithRides(1, 'Initech');
    const later = nextMonth();
    await Promise.all([issueMonthlyInvoices(db(), later), issueMonthlyInvoices(db(), later)]);
    await issueMonthlyInvoices(db(), later);
    const mine = await invoicesOf(company.id);
    expect(mine).toHaveLength(1);
    const items = await itemsOf(mine[0]!.id);
    expect(items).toHaveLength(1);

    // Another ride in the same (already invoiced) month is not put on a second invoice of that month.
    await completeBusinessRide(driver, member.client, company.id, null);
    await issueMonthlyInvoices(db(), later);
    expect(await invoicesOf(company.id)).toHaveLength(1);
    // The next month (empty for this company) issues no invoice.
    const twoLater = new Date(later.getTime() + 32 * 86_400_000);
    await issueMonthlyInvoices(db(), twoLater);
    expect(await invoicesOf(company.id)).toHaveLength(1);
    // The database itself refuses a transaction on a second invoice.
    const other = await createCompany(admin, await person(server, 'Elsewhere Admin'), 'Elsewhere');
    const second = await db()
      .insertInto('corporate_invoices')
      .values({
        number: `INV-TEST-${Date.now()}`,
        company_id: other.id,
        city_id: 'sf',
        period_start: '2020-01-01',
        period_end: '2020-01-31',
        starts_at: new Date('2020-01-01T08:00:00Z'),
        ends_at: new Date('2020-02-01T08:00:00Z'),
        rides_count: 0,
        fares_total_cents: 0,
        tax_cents: 0,
        total_due_cents: 0,
        currency: 'USD',
        issued_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db()
        .insertInto('corporate_invoice_items')
        .values({
          invoice_id: second.id,
          transaction_id: items[0]!.transaction_id,
          ride_id: null,
          kind: 'ride.completed',
          posted_at: new Date(),
          amount_cents: 1,
          tax_cents: 0,
        })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/i);
    // The transactions of every invoice are distinct across all invoices.
    const all = await db().selectFrom('corporate_invoice_items').select('transaction_id').execute();
    expect(new Set(all.map((r) => r.transaction_id)).size).toBe(all.length);
  });

  it('the monthly job is a pg-boss queue: it runs and fails nothing', async () => {
    await server.services.jobs.send('corporate-invoices', {});
    await server.services.jobs.send('corporate-invoices', {});
    await server.services.jobs.idle(['corporate-invoices']);
    const count = (state: string) =>
      sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'corporate-invoices' and state = ${state}`.execute(db());
    expect((await count('failed')).rows[0]!.n).toBe(0);
    expect((await count('completed')).rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('property: for random business rides and reversals, the invoice totals equal the company’s ledger entries of the period', async () => {
    const propRider = await person(server, 'Prop Rider');
    const riderId = propRider.id;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            fare: fc.integer({ min: 500, max: 20_000 }),
            fee: fc.integer({ min: 0, max: 400 }),
            reversed: fc.boolean(),
            code: fc.option(fc.constantFrom('SALES', 'R&D', '=SUM(A1)'), { nil: null }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (rides) => {
          // The rider is the company's admin (an existing user named at creation is added at once): a member of it.
          const company = await createCompany(admin, propRider, 'Prop');
          for (const r of rides) {
            const done = await insertBusinessRide(db(), {
              companyId: company.id,
              riderId,
              driverId: driver.driverId,
              fareCents: r.fare,
              bookingFeeCents: r.fee,
              expenseCode: r.code,
            });
            if (r.reversed)
              await db()
                .transaction()
                .execute((trx) => reverse(trx, done.transactionId, { reason: 'test: fare corrected' }));
          }
          await issueMonthlyInvoices(db(), nextMonth());
          const [row] = await invoicesOf(company.id);
          expect(row).toBeDefined();
          const ledger = await companyLedger(company.id, new Date(row!.starts_at), new Date(row!.ends_at));
          expect(Number(row!.total_due_cents)).toBe(ledger.total);
          expect(Number(row!.fares_total_cents)).toBe(ledger.total);
          expect(Number(row!.tax_cents)).toBe(ledger.tax);
          expect(row!.rides_count).toBe(rides.length);
          expect(await itemsOf(row!.id)).toHaveLength(ledger.transactions);
          expect(ledger.transactions).toBe(rides.length + rides.filter((r) => r.reversed).length);
          expect(ledger.total).toBe(rides.filter((r) => !r.reversed).reduce((s, r) => s + r.fare, 0));
          const csv = String((await admin.get(`/api/corporate-invoices/${row!.id}/invoice.csv`)).body);
          const totalsRow = csv
            .trim()
            .split('\r\n')
            .find((l) => l.startsWith('Total,'))!;
          expect(Math.round(Number(totalsRow.split(',')[5]) * 100)).toBe(ledger.total);
        },
      ),
      { numRuns: 12 },
    );
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('corporate invoices: admins', () => {
  it('issues a closed month (audited), refuses an open, an issued or an empty month; lists with filters and CSV', async () => {
    const { company, member } = await setupCompanyWithPastRide();
    const month = lastMonth();
    // Not ended yet: refused, nothing issued.
    const open = await admin.post('/api/admin/corporate-invoices', { company_id: company.id, month: thisMonth() });
    expect(open.status).toBe(409);
    expect((await admin.post('/api/admin/corporate-invoices', { company_id: company.id, month: '2026-13' })).status).toBe(400);
    expect((await admin.post('/api/admin/corporate-invoices', { company_id: '00000000-0000-4000-8000-000000000000', month })).status).toBe(404);
    expect(await invoicesOf(company.id)).toEqual([]);

    const res = await admin.post('/api/admin/corporate-invoices', { company_id: company.id, month });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invoice = res.body.invoice;
    expect(invoice).toMatchObject({ period: month, rides_count: 1, total_due_cents: 1800, status: 'issued' });
    expect(invoice.lines[0]).toMatchObject({ member_name: member.name, expense_code: 'OPS-7', amount_cents: 1800 });
    const audit = await auditOf(invoice.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'corporate_invoice.issue', before: null });

    expect((await admin.post('/api/admin/corporate-invoices', { company_id: company.id, month })).status).toBe(409);
    const empty = await createCompany(admin, await person(server, 'Quiet Admin'), 'Quiet');
    expect((await admin.post('/api/admin/corporate-invoices', { company_id: empty.id, month })).status).toBe(409);
    expect(await invoicesOf(empty.id)).toEqual([]);
    expect(await auditOf(invoice.id)).toHaveLength(1);

    const list = (await admin.get(`/api/admin/corporate-invoices?company=${company.id}`)).body;
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect(list.total).toBe(1);
    expect((await admin.get(`/api/admin/corporate-invoices?company=${company.id}&status=paid`)).body.items).toEqual([]);
    expect((await admin.get(`/api/admin/corporate-invoices?company=${company.id}&period=${month}`)).body.items).toHaveLength(1);
    expect((await admin.get(`/api/admin/corporate-invoices?company=${company.id}&period=${thisMonth()}`)).body.items).toEqual([]);
    expect((await admin.get(`/api/admin/corporate-invoices?status=overdue`)).status).toBe(400);
    const csv = await admin.get(`/api/admin/corporate-invoices?company=${company.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(invoice.number);
  });

  it('mark paid: two at once post one company.payment (bank debit, company credit), audited once; the company owes nothing for it', async () => {
    const { company } = await setupCompanyWithPastRide();
    const invoice = (await admin.post('/api/admin/corporate-invoices', { company_id: company.id, month: lastMonth() })).body.invoice;
    const today = new Date().toISOString().slice(0, 10);
    const owe = async () => (await admin.get(`/api/admin/finance/dashboard?city=sf&from=${today}&to=${today}&tz=UTC`)).body.companies_owe_cents as number;
    const oweBefore = await owe();
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/corporate-invoices/${invoice.id}/mark-paid`, { reference: 'BANK-1' }),
      admin.post(`/api/admin/corporate-invoices/${invoice.id}/mark-paid`, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const paid = (a.status === 200 ? a : b).body.invoice;
    expect(paid).toMatchObject({ status: 'paid', paid_by_name: expect.any(String) });
    const payments = await paymentsOf(invoice.id);
    expect(payments).toEqual([{ id: paid.payment_transaction_id, kind: 'company.payment' }]);
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.code', 'a.owner_id', 'e.line', 'e.amount_cents'])
      .where('e.transaction_id', '=', paid.payment_transaction_id)
      .orderBy('a.code')
      .execute();
    expect(entries.map((e) => ({ ...e, amount_cents: Number(e.amount_cents) }))).toEqual([
      { code: 'bank', owner_id: null, line: 'company_payment', amount_cents: 1800 },
      { code: 'company', owner_id: company.id, line: 'company_payment', amount_cents: -1800 },
    ]);
    const balance = await sql<{
      b: string;
    }>`select coalesce(sum(e.amount_cents), 0) as b from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = 'company' and a.owner_id = ${company.id}`.execute(
      db(),
    );
    expect(Number(balance.rows[0]!.b)).toBe(0);
    // The financial dashboard's "Companies owe (outstanding)" drops by the payment.
    expect(await owe()).toBe(oweBefore - 1800);
    const audit = await auditOf(invoice.id);
    expect(audit.map((r) => r.action)).toEqual(['corporate_invoice.issue', 'corporate_invoice.mark_paid']);
    expect(audit[1]).toMatchObject({ before: { status: 'issued' } });
    // Again: refused, nothing more posted.
    expect((await admin.post(`/api/admin/corporate-invoices/${invoice.id}/mark-paid`, {})).status).toBe(409);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await admin.post('/api/admin/corporate-invoices/00000000-0000-4000-8000-000000000000/mark-paid', {})).status).toBe(404);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

const billToDate = (client: TestClient, companyId: string) => client.post('/api/admin/corporate-invoices/bill-to-date', { company_id: companyId });
const transactionsOf = async (invoiceId: string) => (await itemsOf(invoiceId)).map((i) => i.transaction_id);
/** The company's `ride.completed` ledger transaction of each ride. */
const rideTransactions = async (rideIds: string[]) =>
  (await db().selectFrom('ledger_transactions').select('id').where('ride_id', 'in', rideIds).where('kind', '=', 'ride.completed').execute()).map((t) => t.id);

describe('corporate invoices: bill to date (decision 0071)', () => {
  it('issues an interim invoice of the month so far (audited, kind interim); a second takes only what came after; the month’s invoice the rest: the whole month, nothing twice', async () => {
    const { company, companyAdmin, member, rideIds } = await companyWithRides(2, 'Wayne');
    const before = Date.now();
    const res = await billToDate(admin, company.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const interim = res.body.invoice;
    const today = localDate(new Date(), TZ);
    expect(interim).toMatchObject({
      kind: 'interim',
      company_id: company.id,
      period: thisMonth(),
      period_start: `${thisMonth()}-01`,
      period_end: today,
      status: 'issued',
      rides_count: 2,
    });
    expect(interim.number).toMatch(new RegExp(`^INV-${thisMonth()}-\\d{4,}$`));
    // From the start of the month on the city's clock to the issue instant.
    expect(localDate(new Date(interim.starts_at), TZ)).toBe(`${thisMonth()}-01`);
    expect(new Date(interim.starts_at).toLocaleTimeString('en-GB', { timeZone: TZ })).toBe('00:00:00');
    expect(interim.ends_at).toBe(interim.issued_at);
    expect(new Date(interim.ends_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(interim.lines.map((l: { ride_id: string }) => l.ride_id).sort()).toEqual([...rideIds].sort());
    expect(interim.lines[0]).toMatchObject({ member_name: member.name, pickup: 'Union Square', destination: 'Ferry Building' });
    const ledgerSoFar = await companyLedger(company.id, new Date(interim.starts_at), new Date(interim.ends_at));
    expect(ledgerSoFar.transactions).toBe(2);
    expect(interim.total_due_cents).toBe(ledgerSoFar.total);
    expect(interim.tax_cents).toBe(ledgerSoFar.tax);
    const audit = await auditOf(interim.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'corporate_invoice.issue',
      before: null,
      after: { kind: 'interim', company_id: company.id, number: interim.number, rides_count: 2, total_due_cents: ledgerSoFar.total },
    });

    // The company's admin reads it; the CSV and the PDF say interim, from the month's start to the issue time.
    expect((await companyAdmin.client.get(`/api/corporate-invoices/${interim.id}`)).body.invoice.kind).toBe('interim');
    const csv = String((await companyAdmin.client.get(`/api/corporate-invoices/${interim.id}/invoice.csv`)).body)
      .trim()
      .split('\r\n');
    expect(csv.at(-1)).toMatch(new RegExp(`^Period,Interim,Interim: ${thisMonth()}-01 00:00 → ${today} \\d{2}:\\d{2},`));
    const pdf = await companyAdmin.client.request(`/api/corporate-invoices/${interim.id}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(String(pdf.body).slice(0, 4)).toBe('%PDF');

    // Nothing new: refused with its code, nothing issued, nothing audited.
    const again = await billToDate(admin, company.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('NOTHING_TO_INVOICE');
    expect(await invoicesOf(company.id)).toHaveLength(1);

    // A ride after the first interim invoice: a second interim invoice lists it alone.
    const third = await completeBusinessRide(driver, member.client, company.id, 'LATE-3');
    const second = await billToDate(admin, company.id);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.invoice.lines.map((l: { ride_id: string; expense_code: string }) => [l.ride_id, l.expense_code])).toEqual([[third, 'LATE-3']]);

    // One more, then the month ends: its invoice (monthly, once) lists only what no interim invoice lists.
    const fourth = await completeBusinessRide(driver, member.client, company.id, null);
    await issueMonthlyInvoices(db(), nextMonth());
    await issueMonthlyInvoices(db(), nextMonth());
    const all = await invoicesOf(company.id);
    expect(all.map((i) => i.kind).sort()).toEqual(['interim', 'interim', 'monthly']);
    const monthly = all.find((i) => i.kind === 'monthly')!;
    expect(await transactionsOf(monthly.id)).toEqual(await rideTransactions([fourth]));
    expect(monthly.rides_count).toBe(1);

    // Together: every transaction of the month once, and the totals add up to the company's entries of the month.
    const invoiced = (await Promise.all(all.map((i) => transactionsOf(i.id)))).flat();
    expect(new Set(invoiced).size).toBe(invoiced.length);
    expect(invoiced.sort()).toEqual((await rideTransactions([...rideIds, third, fourth])).sort());
    const month = await companyLedger(company.id, new Date(monthly.starts_at), new Date(monthly.ends_at));
    expect(month.transactions).toBe(4);
    expect(all.reduce((s, i) => s + Number(i.total_due_cents), 0)).toBe(month.total);
    expect(all.reduce((s, i) => s + Number(i.tax_cents), 0)).toBe(month.tax);
    for (const i of all) expect(Number(i.total_due_cents)).toBe((await itemsOf(i.id)).reduce((s, it) => s + Number(it.amount_cents), 0));
    // The admin's list tells them apart.
    const listed = (await admin.get(`/api/admin/corporate-invoices?company=${company.id}`)).body.items as { kind: string }[];
    expect(listed.map((i) => i.kind).sort()).toEqual(['interim', 'interim', 'monthly']);
  });

  it('two bill-to-date at once make one invoice (the company’s row lock); the other answers NOTHING_TO_INVOICE', async () => {
    const { company, rideIds } = await companyWithRides(1, 'Racer');
    const three = () => Promise.all([billToDate(admin, company.id), billToDate(admin, company.id), billToDate(admin, company.id)]);
    // On PostgreSQL (the scaled run, TEST_DATABASE_URL) the test holds the company's row while three arrive, so
    // all three are in flight at once — each waits on the row (the verb's lock; without it, the new invoice's
    // reference to the company, after reading the same items) — then lets them go together. PGlite has one
    // connection: requests run one after the other there, and the three simply arrive at once.
    const answers = !process.env.TEST_DATABASE_URL
      ? await three()
      : await db()
          .connection()
          .execute(async (conn) => {
            await sql`begin`.execute(conn);
            await sql`select id from companies where id = ${company.id} for update`.execute(conn);
            const calls = three();
            const waiting = () =>
              sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
            await expect.poll(async () => (await waiting()).rows[0]!.n).toBe(3);
            await sql`commit`.execute(conn);
            return calls;
          });
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe('NOTHING_TO_INVOICE');
    const mine = await invoicesOf(company.id);
    expect(mine).toHaveLength(1);
    expect(await transactionsOf(mine[0]!.id)).toEqual(await rideTransactions(rideIds));
    expect(await auditOf(mine[0]!.id)).toHaveLength(1);
  });

  it('refuses a company with nothing to invoice (409), an unknown one (404) and bad input (400); nothing issued', async () => {
    const quiet = await createCompany(admin, await person(server, 'Still Admin'), 'Still');
    const empty = await billToDate(admin, quiet.id);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ code: 'NOTHING_TO_INVOICE', message: expect.stringMatching(/^Nothing to invoice/) });
    expect((await billToDate(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.post('/api/admin/corporate-invoices/bill-to-date', { company_id: 'acme' })).status).toBe(400);
    expect((await admin.post('/api/admin/corporate-invoices/bill-to-date', { company_id: quiet.id, month: '2020-01' })).status).toBe(400);
    expect((await admin.post('/api/admin/corporate-invoices/bill-to-date', {})).status).toBe(400);
    expect(await invoicesOf(quiet.id)).toEqual([]);
  });
});

describe('corporate invoices: refused from the refused side', () => {
  it('members, admins of another company, removed admins, riders and visitors read nothing; only platform admins issue and mark paid', async () => {
    const { company, companyAdmin, member } = await companyWithRides(1, 'Umbrella');
    await issueMonthlyInvoices(db(), nextMonth());
    const id = (await invoicesOf(company.id))[0]!.id;
    const otherCompany = await companyWithRides(0, 'Hooli');
    const removed = await person(server, 'Removed Admin');
    await joinCompany(server, companyAdmin, company.id, removed, 'admin');
    await removeMember(companyAdmin, company.id, removed);
    const rider = await newUser(server, 'Random Rider');

    // The company's active admin reads its invoice and list.
    expect((await companyAdmin.client.get(`/api/corporate-invoices/${id}`)).status).toBe(200);
    const own = await companyAdmin.client.get(`/api/corporate-invoices?company=${company.id}`);
    expect(own.status).toBe(200);
    expect(own.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await companyAdmin.client.get(`/api/corporate-invoices?company=${company.id}&format=csv`)).status).toBe(200);

    for (const [who, client] of [
      ['member', member.client],
      ['admin of another company', otherCompany.companyAdmin.client],
      ['removed admin', removed.client],
      ['rider', rider.client],
    ] as const) {
      for (const path of [`/api/corporate-invoices/${id}`, `/api/corporate-invoices/${id}/invoice.pdf`, `/api/corporate-invoices/${id}/invoice.csv`]) {
        expect((await client.get(path)).status, `${who} ${path}`).toBe(404);
      }
      expect((await client.get(`/api/corporate-invoices?company=${company.id}`)).status, who).toBe(403);
      expect((await client.get(`/api/corporate-invoices?company=${company.id}&format=csv`)).status, who).toBe(403);
    }
    // Another company's admin reads their own list, which does not have this invoice.
    expect((await otherCompany.companyAdmin.client.get(`/api/corporate-invoices?company=${otherCompany.company.id}`)).body.items).toEqual([]);
    expect((await companyAdmin.client.get('/api/corporate-invoices')).status).toBe(400);

    // Admin routes: company admins and members are not platform admins.
    for (const [who, client, status] of [
      ['company admin', companyAdmin.client, 403],
      ['member', member.client, 403],
      ['visitor', server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/corporate-invoices')).status, who).toBe(status);
      expect((await client.get('/api/admin/corporate-invoices?format=csv')).status, who).toBe(status);
      expect((await client.post('/api/admin/corporate-invoices', { company_id: company.id, month: lastMonth() })).status, who).toBe(status);
      expect((await client.post(`/api/admin/corporate-invoices/${id}/mark-paid`, {})).status, who).toBe(status);
      expect((await billToDate(client, company.id)).status, who).toBe(status);
    }
    const visitor = server.client();
    expect((await visitor.get(`/api/corporate-invoices/${id}`)).status).toBe(401);
    expect((await visitor.get(`/api/corporate-invoices?company=${company.id}`)).status).toBe(401);
    // Nothing changed.
    const [row] = await invoicesOf(company.id);
    expect(row).toMatchObject({ status: 'issued', paid_at: null });
    expect(await paymentsOf(id)).toEqual([]);
    expect(await invoicesOf(company.id)).toHaveLength(1);
    expect(await db().selectFrom('corporate_invoices').select('id').where('company_id', '=', company.id).where('kind', '=', 'interim').execute()).toEqual([]);
  });
});

/** A company whose member took one business ride (18.00, expense code OPS-7) in the middle of a closed month. */
async function setupCompanyWithPastRide() {
  const boss = await person(server, 'Tony Admin');
  const member = await person(server, 'Pepper Member');
  const company = await createCompany(admin, boss, 'Stark');
  await joinCompany(server, boss, company.id, member);
  await insertBusinessRide(db(), {
    companyId: company.id,
    riderId: member.id,
    driverId: driver.driverId,
    fareCents: 1800,
    bookingFeeCents: 200,
    expenseCode: 'OPS-7',
    at: midLastMonth(),
  });
  return { company, member };
}
