import { type Kysely, sql } from 'kysely';

/**
 * Corporate invoices (issue 16, decision 0070): at the end of each calendar month (the company's city time
 * zone) an invoice per company lists the ledger transactions that touched the company's account in that
 * month — completed business rides and their reversals or refunds — with totals read from those entries.
 * `corporate_invoice_items.transaction_id` is unique: a ledger transaction is on one invoice, ever.
 */
export async function up(db: Kysely<any>) {
  // A human-readable number, global: INV-<yyyy>-<mm>-<n> (gaps are possible: a rolled-back issue uses a number).
  await sql`create sequence corporate_invoice_number_seq`.execute(db);
  await sql`create table corporate_invoices (
    id uuid primary key default gen_random_uuid(),
    number text not null unique,
    company_id uuid not null references companies (id),
    city_id text not null references cities (id),
    -- The calendar month in the city's time zone: local dates (end inclusive) and the instants the ledger is read between.
    period_start date not null,
    period_end date not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    status text not null default 'issued' check (status in ('issued', 'paid', 'void')),
    rides_count integer not null check (rides_count >= 0),
    -- Sum of the company's entries of the invoiced transactions (debit positive: what the company owes).
    fares_total_cents bigint not null,
    -- Of which tax: the tax lines of those transactions (tax on the commission), already inside the fares.
    tax_cents bigint not null,
    total_due_cents bigint not null,
    currency text not null,
    issued_at timestamptz not null default now(),
    issued_by text references "user" (id) on delete set null,
    paid_at timestamptz,
    paid_by text references "user" (id) on delete set null,
    payment_transaction_id uuid references ledger_transactions (id),
    unique (company_id, period_start),
    check (period_end >= period_start and ends_at > starts_at),
    check ((status = 'paid') = (paid_at is not null))
  )`.execute(db);
  await sql`create index corporate_invoices_status_idx on corporate_invoices (status, issued_at)`.execute(db);
  await sql`create index corporate_invoices_company_idx on corporate_invoices (company_id, period_start)`.execute(db);

  await sql`create table corporate_invoice_items (
    invoice_id uuid not null references corporate_invoices (id) on delete cascade,
    transaction_id uuid not null unique references ledger_transactions (id),
    ride_id uuid references rides (id),
    kind text not null,
    posted_at timestamptz not null,
    -- The company's entries of this transaction (a reversal or refund is negative), and its tax lines (credit read positive).
    amount_cents bigint not null,
    tax_cents bigint not null,
    primary key (invoice_id, transaction_id)
  )`.execute(db);
  await sql`create index corporate_invoice_items_ride_idx on corporate_invoice_items (ride_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table corporate_invoice_items`.execute(db);
  await sql`drop table corporate_invoices`.execute(db);
  await sql`drop sequence corporate_invoice_number_seq`.execute(db);
}
