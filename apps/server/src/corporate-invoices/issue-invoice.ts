import type { BillToDateInput, IssueInvoiceInput } from '@openride/shared/corporate-invoices/schemas';
import { isUuid } from '@openride/shared/text';
import { type Kysely, sql, type Transaction } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { conflict, loadInvoice, monthBounds } from './invoices.repo';

type Company = { id: string; city_id: string; currency: string; timezone: string };

/** What issuing answered: the new invoice, the one issued before for that month, or nothing to invoice. */
export type IssueOutcome = { kind: 'issued'; id: string } | { kind: 'exists'; id: string } | { kind: 'empty' } | { kind: 'open' };

export const companyForInvoices = (db: Kysely<DB>) =>
  db.selectFrom('companies as c').innerJoin('cities', 'cities.id', 'c.city_id').select(['c.id', 'c.city_id', 'c.currency', 'cities.timezone']);

type Item = { transaction_id: string; ride_id: string | null; kind: string; posted_at: Date; amount_cents: string; tax_cents: string };

/**
 * The company's entries and tax lines per ledger transaction posted in [from, to) that touched its account,
 * except its own payments, and that no invoice lists yet (decision 0070: a transaction is invoiced once).
 */
async function uninvoiced(trx: Kysely<DB>, company: Company, from: Date, to: Date) {
  const currency = company.currency.trim();
  const items = await sql<Item>`
    select t.id as transaction_id, t.ride_id, t.kind, t.created_at as posted_at,
           (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.transaction_id = t.id and e.account_id = a.id) as amount_cents,
           (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts ta on ta.id = e.account_id
             where e.transaction_id = t.id and ta.code = 'tax_payable' and e.line = 'tax') as tax_cents
      from ledger_accounts a
      join ledger_transactions t on exists (select 1 from ledger_entries e where e.transaction_id = t.id and e.account_id = a.id)
     where a.code = 'company' and a.owner_id = ${company.id} and a.currency = ${currency}
       and t.kind <> 'company.payment'
       and t.created_at >= ${from} and t.created_at < ${to}
       and not exists (select 1 from corporate_invoice_items it where it.transaction_id = t.id)
     order by t.created_at, t.id`.execute(trx);
  return items.rows;
}

/** The invoice's totals, read from its items (the ledger's entries): never from rides.fare_cents. */
function totalsOf(items: Item[]) {
  const total = items.reduce((s, r) => s + Number(r.amount_cents), 0);
  const tax = items.reduce((s, r) => s + Number(r.tax_cents), 0);
  return { rides_count: items.filter((r) => r.kind === 'ride.completed').length, fares_total_cents: total, tax_cents: tax, total_due_cents: total };
}

const insertItems = (trx: Kysely<DB>, invoiceId: string, items: Item[]) =>
  trx
    .insertInto('corporate_invoice_items')
    .values(
      items.map((r) => ({
        invoice_id: invoiceId,
        transaction_id: r.transaction_id,
        ride_id: r.ride_id,
        kind: r.kind,
        posted_at: r.posted_at,
        amount_cents: Number(r.amount_cents),
        tax_cents: Number(r.tax_cents),
      })),
    )
    .execute();

/**
 * The company's row lock (decision 0071): every issue of a company's invoice — the month's or a bill to date —
 * reads what is not yet invoiced under it, so two at once make one invoice (the second reads the first's items
 * as invoiced). Only the company is locked (decision 0067's order: rides before companies; nothing here locks a ride).
 */
const lockCompany = (trx: Kysely<DB>, companyId: string) =>
  trx.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().executeTakeFirstOrThrow();

/**
 * Issues one company's invoice of one calendar month (its city's time zone), in `trx` (decision 0070).
 *
 * The invoice lists every ledger transaction posted in the month that has an entry on the company's account
 * (`company`, owner = the company) — a completed business ride, a reversal or refund of one — except the
 * company's own payments, and that no invoice lists yet: an interim invoice (bill to date, decision 0071) of
 * the month took its own, so the month's invoice lists what came after. Its totals are sums of those entries:
 * the fares total is the sum of the company's entries (what it owes for them), "of which tax" the sum of their
 * `tax` lines (tax on the commission, inside the fare), and the total due is the fares total. Nothing is read
 * from rides.fare_cents.
 *
 * Once per (company, month): under the company's row lock, and the partial unique index on the monthly kind
 * makes a second issue (another process, a retry) do nothing and answer the first one;
 * `corporate_invoice_items.transaction_id` is unique, so a transaction is invoiced once. A month with no such
 * transaction issues no invoice (`empty`); one that has not ended issues nothing (`open`).
 */
export async function issueInvoiceIn(trx: Kysely<DB>, company: Company, month: string, opts: { by: string | null; now: Date }): Promise<IssueOutcome> {
  const { first, nextFirst } = monthBounds(month);
  const tz = company.timezone;
  const bounds = await sql<{ starts_at: Date; ends_at: Date; closed: boolean; period_end: string }>`
    select (${first}::date)::timestamp at time zone ${tz} as starts_at,
           (${nextFirst}::date)::timestamp at time zone ${tz} as ends_at,
           (${nextFirst}::date)::timestamp at time zone ${tz} <= ${opts.now}::timestamptz as closed,
           to_char(${nextFirst}::date - 1, 'YYYY-MM-DD') as period_end`.execute(trx);
  const b = bounds.rows[0]!;
  if (!b.closed) return { kind: 'open' };

  const monthly = () =>
    trx.selectFrom('corporate_invoices').select('id').where('company_id', '=', company.id).where('period_start', '=', first).where('kind', '=', 'monthly');
  // Issued already (the job asks every hour of the next month): answered without taking the company's row.
  const issued = await monthly().executeTakeFirst();
  if (issued) return { kind: 'exists', id: issued.id };
  await lockCompany(trx, company.id);
  const before = await monthly().executeTakeFirst();
  if (before) return { kind: 'exists', id: before.id };

  const items = await uninvoiced(trx, company, b.starts_at, b.ends_at);
  if (items.length === 0) return { kind: 'empty' };

  const inserted = await trx
    .insertInto('corporate_invoices')
    .values({
      number: sql<string>`'INV-' || ${month} || '-' || lpad(nextval('corporate_invoice_number_seq')::text, 4, '0')`,
      company_id: company.id,
      city_id: company.city_id,
      kind: 'monthly',
      period_start: first,
      period_end: b.period_end,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      ...totalsOf(items),
      currency: company.currency.trim(),
      issued_by: opts.by,
    })
    .onConflict((oc) => oc.columns(['company_id', 'period_start']).where('kind', '=', 'monthly').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { kind: 'exists', id: (await monthly().executeTakeFirstOrThrow()).id };
  await insertItems(trx, inserted.id, items);
  return { kind: 'issued', id: inserted.id };
}

async function auditIssue(trx: Transaction<DB>, adminId: string, id: string, companyId: string, month: string, kind: 'monthly' | 'interim') {
  const row = await trx
    .selectFrom('corporate_invoices')
    .select(['number', 'total_due_cents', 'rides_count', 'starts_at', 'ends_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actorId: adminId,
    action: 'corporate_invoice.issue',
    entityType: 'corporate_invoice',
    entityId: id,
    before: null,
    after: {
      company_id: companyId,
      kind,
      month,
      ...(kind === 'interim' ? { starts_at: new Date(row.starts_at).toISOString(), ends_at: new Date(row.ends_at).toISOString() } : {}),
      number: row.number,
      rides_count: row.rides_count,
      total_due_cents: Number(row.total_due_cents),
      status: 'issued',
    },
  });
}

async function companyOr404(db: Kysely<DB>, id: string) {
  if (!isUuid(id)) throw notFound('No such company.');
  const company = await companyForInvoices(db).where('c.id', '=', id).executeTakeFirst();
  if (!company) throw notFound('No such company.');
  return company;
}

/** An admin issues a closed month's invoice of one company ("Issue invoice"); audited `corporate_invoice.issue`. */
export async function issueInvoice(db: Kysely<DB>, adminId: string, input: IssueInvoiceInput, now = new Date()) {
  const company = await companyOr404(db, input.company_id);
  const outcome = await inTransaction(db, async (trx) => {
    const done = await issueInvoiceIn(trx, company, input.month, { by: adminId, now });
    if (done.kind === 'issued') await auditIssue(trx, adminId, done.id, company.id, input.month, 'monthly');
    return done;
  });
  if (outcome.kind === 'open') throw conflict(`${input.month} has not ended in the company’s time zone: its invoice is issued once it has.`);
  if (outcome.kind === 'empty')
    throw domainError(
      'NOTHING_TO_INVOICE',
      `Nothing to invoice for ${input.month}: no ride on account was posted that month (or every one is invoiced already).`,
    );
  if (outcome.kind === 'exists') throw conflict(`The invoice of ${input.month} was issued already.`);
  return (await loadInvoice(db, outcome.id))!;
}

/**
 * Bill to date (decision 0071): a platform admin issues an **interim** invoice of one company now — every
 * ledger transaction on its account from the start of the current month (its city's clock) up to this instant
 * that no invoice lists yet. Under the company's row lock, so two at once make one invoice (the second finds
 * nothing left: `NOTHING_TO_INVOICE`, 409, as does an empty one). The month's invoice later lists only what is
 * not on an interim one. Audited `corporate_invoice.issue` (kind interim) in the same transaction.
 */
export async function billToDate(db: Kysely<DB>, adminId: string, input: BillToDateInput, now = new Date()) {
  const company = await companyOr404(db, input.company_id);
  const id = await inTransaction(db, async (trx) => {
    await lockCompany(trx, company.id);
    const bounds = await sql<{ month: string; period_start: string; period_end: string; starts_at: Date }>`
      select to_char(local, 'YYYY-MM') as month, to_char(local, 'YYYY-MM-01') as period_start, to_char(local, 'YYYY-MM-DD') as period_end,
             (date_trunc('month', local))::timestamp at time zone ${company.timezone} as starts_at
        from (select ${now}::timestamptz at time zone ${company.timezone} as local) l`.execute(trx);
    const b = bounds.rows[0]!;
    const items = await uninvoiced(trx, company, b.starts_at, now);
    if (items.length === 0) throw domainError('NOTHING_TO_INVOICE');
    const inserted = await trx
      .insertInto('corporate_invoices')
      .values({
        number: sql<string>`'INV-' || ${b.month} || '-' || lpad(nextval('corporate_invoice_number_seq')::text, 4, '0')`,
        company_id: company.id,
        city_id: company.city_id,
        kind: 'interim',
        period_start: b.period_start,
        period_end: b.period_end,
        starts_at: b.starts_at,
        ends_at: now,
        ...totalsOf(items),
        currency: company.currency.trim(),
        issued_at: now,
        issued_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertItems(trx, inserted.id, items);
    await auditIssue(trx, adminId, inserted.id, company.id, b.month, 'interim');
    return inserted.id;
  });
  return (await loadInvoice(db, id))!;
}
