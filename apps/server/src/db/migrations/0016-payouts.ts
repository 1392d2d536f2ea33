import { type Kysely, sql } from 'kysely';

/**
 * Payout runs (issue 13, decision 0040): a run previews every driver of a city owed at least the minimum; its
 * approval posts each payout in the ledger (driver → payouts in flight); the bank's confirmation (payouts in
 * flight → bank) or a failure (back to the driver) follows per item. Money itself is only in the ledger: an
 * item keeps the ids of the transactions that moved it.
 */
export async function up(db: Kysely<any>) {
  await sql`create table payout_runs (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id),
    currency text not null,
    status text not null default 'preview' check (status in ('preview', 'approved', 'closed', 'discarded')),
    -- The payout date (local) a scheduled run was made for: one per city and date. Null: made on demand.
    scheduled_for date,
    minimum_payout_cents integer not null,
    created_by text,
    created_at timestamptz not null default now(),
    approved_by text,
    approved_at timestamptz,
    unique (city_id, scheduled_for)
  )`.execute(db);
  await sql`create index payout_runs_created_idx on payout_runs (created_at desc)`.execute(db);

  await sql`create table payout_items (
    id uuid primary key default gen_random_uuid(),
    run_id uuid not null references payout_runs (id),
    driver_id uuid not null references drivers (id),
    amount_cents bigint not null check (amount_cents >= 0),
    status text not null default 'preview' check (status in ('preview', 'skipped', 'pending', 'paid', 'failed')),
    reference text not null unique,
    bank_reference text,
    failure_reason text,
    payout_tx_id uuid references ledger_transactions (id),
    settled_tx_id uuid references ledger_transactions (id),
    updated_at timestamptz not null default now(),
    unique (run_id, driver_id)
  )`.execute(db);
  await sql`create index payout_items_driver_idx on payout_items (driver_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table payout_items`.execute(db);
  await sql`drop table payout_runs`.execute(db);
}
