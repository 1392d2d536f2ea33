import type { IssueInvoiceInput } from '@openride/shared/corporate-invoices/schemas';
import { isUuid } from '@openride/shared/text';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { conflict, loadInvoice, monthBounds } from './invoices.repo';

type Company = { id: string; city_id: string; currency: string; timezone: string };

/** What issuing answered: the new invoice, the one issued before for that month, or nothing to invoice. */
export type IssueOutcome = { kind: 'issued'; id: string } | { kind: 'exists'; id: string } | { kind: 'empty' } | { kind: 'open' };

export const companyForInvoices = (db: Kysely<DB>) =>
  db.selectFrom('companies as c').innerJoin('cities', 'cities.id', 'c.city_id').select(['c.id', 'c.city_id', 'c.currency', 'cities.timezone']);

/**
 * Issues one company's invoice of one calendar month (its city's time zone), in `trx` (decision 0070).
 *
 * The invoice lists every ledger transaction posted in the month that has an entry on the company's account
 * (`company`, owner = the company) — a completed business ride, a reversal or refund of one — except the
 * company's own payments, and that no invoice lists yet. Its totals are sums of those entries: the fares total
 * is the sum of the company's entries (what it owes for them), "of which tax" the sum of their `tax` lines (tax
 * on the commission, inside the fare), and the total due is the fares total. Nothing is read from rides.fare_cents.
 *
 * Once per (company, month): the unique index makes a second issue (another process, a retry) do nothing and
 * answer the first one; `corporate_invoice_items.transaction_id` is unique, so a transaction is invoiced once.
 * A month with no such transaction issues no invoice (`empty`); one that has not ended issues nothing (`open`).
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

  const before = await trx.selectFrom('corporate_invoices').select('id').where('company_id', '=', company.id).where('period_start', '=', first).executeTakeFirst();
  if (before) return { kind: 'exists', id: before.id };

  const currency = company.currency.trim();
  // The company's entries and tax lines per transaction of the month, not yet on any invoice.
  const items = await sql<{ transaction_id: string; ride_id: string | null; kind: string; posted_at: Date; amount_cents: string; tax_cents: string }>`
    select t.id as transaction_id, t.ride_id, t.kind, t.created_at as posted_at,
           (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.transaction_id = t.id and e.account_id = a.id) as amount_cents,
           (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts ta on ta.id = e.account_id
             where e.transaction_id = t.id and ta.code = 'tax_payable' and e.line = 'tax') as tax_cents
      from ledger_accounts a
      join ledger_transactions t on exists (select 1 from ledger_entries e where e.transaction_id = t.id and e.account_id = a.id)
     where a.code = 'company' and a.owner_id = ${company.id} and a.currency = ${currency}
       and t.kind <> 'company.payment'
       and t.created_at >= ${b.starts_at} and t.created_at < ${b.ends_at}
       and not exists (select 1 from corporate_invoice_items it where it.transaction_id = t.id)
     order by t.created_at, t.id`.execute(trx);
  if (items.rows.length === 0) return { kind: 'empty' };

  const total = items.rows.reduce((s, r) => s + Number(r.amount_cents), 0);
  const tax = items.rows.reduce((s, r) => s + Number(r.tax_cents), 0);
  const rides = items.rows.filter((r) => r.kind === 'ride.completed').length;
  const inserted = await trx
    .insertInto('corporate_invoices')
    .values({
      number: sql<string>`'INV-' || ${month} || '-' || lpad(nextval('corporate_invoice_number_seq')::text, 4, '0')`,
      company_id: company.id,
      city_id: company.city_id,
      period_start: first,
      period_end: b.period_end,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      rides_count: rides,
      fares_total_cents: total,
      tax_cents: tax,
      total_due_cents: total,
      currency,
      issued_by: opts.by,
    })
    .onConflict((oc) => oc.columns(['company_id', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const other = await trx.selectFrom('corporate_invoices').select('id').where('company_id', '=', company.id).where('period_start', '=', first).executeTakeFirstOrThrow();
    return { kind: 'exists', id: other.id };
  }
  await trx
    .insertInto('corporate_invoice_items')
    .values(items.rows.map((r) => ({ invoice_id: inserted.id, transaction_id: r.transaction_id, ride_id: r.ride_id, kind: r.kind, posted_at: r.posted_at, amount_cents: Number(r.amount_cents), tax_cents: Number(r.tax_cents) })))
    .execute();
  return { kind: 'issued', id: inserted.id };
}

/** An admin issues a closed month's invoice of one company ("Issue invoice"); audited `corporate_invoice.issue`. */
export async function issueInvoice(db: Kysely<DB>, adminId: string, input: IssueInvoiceInput, now = new Date()) {
  if (!isUuid(input.company_id)) throw notFound('No such company.');
  const company = await companyForInvoices(db).where('c.id', '=', input.company_id).executeTakeFirst();
  if (!company) throw notFound('No such company.');
  const outcome = await inTransaction(db, async (trx) => {
    const done = await issueInvoiceIn(trx, company, input.month, { by: adminId, now });
    if (done.kind === 'issued') {
      const row = await trx.selectFrom('corporate_invoices').select(['number', 'total_due_cents', 'rides_count']).where('id', '=', done.id).executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorId: adminId,
        action: 'corporate_invoice.issue',
        entityType: 'corporate_invoice',
        entityId: done.id,
        before: null,
        after: { company_id: company.id, month: input.month, number: row.number, rides_count: row.rides_count, total_due_cents: Number(row.total_due_cents), status: 'issued' },
      });
    }
    return done;
  });
  if (outcome.kind === 'open') throw conflict(`${input.month} has not ended in the company’s time zone: its invoice is issued once it has.`);
  if (outcome.kind === 'empty') throw conflict(`Nothing to invoice for ${input.month}: no ride on account was posted that month (or every one is invoiced already).`);
  if (outcome.kind === 'exists') throw conflict(`The invoice of ${input.month} was issued already.`);
  return (await loadInvoice(db, outcome.id))!;
}
