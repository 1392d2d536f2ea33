import { type Kysely, sql } from 'kysely';

/**
 * Refund requests (issue 13, decision 0039): a rider's report about a completed ride's fare and an admin's
 * decision on it. The money itself is never here: an approval posts a ledger transaction (migration 0013)
 * and the request points to it; every amount shown is a sum of that transaction's entries.
 */
export async function up(db: Kysely<any>) {
  await sql`create table refund_requests (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id),
    rider_id text not null,
    reason text not null check (reason in ('charged_more_than_estimate', 'route_longer', 'driver_detour', 'cancellation_fee', 'ride_not_taken', 'other')),
    -- What the rider asked for (optional); the refunded amount is the ledger transaction's.
    requested_cents integer check (requested_cents > 0),
    comment text,
    status text not null default 'open' check (status in ('open', 'approved', 'credited', 'rejected')),
    decision text check (decision in ('approve_full', 'approve_partial', 'credit', 'reject')),
    bearer text check (bearer in ('platform', 'driver')),
    destination text check (destination in ('wallet', 'card')),
    decision_reason text,
    decided_by text,
    decided_at timestamptz,
    ledger_transaction_id uuid references ledger_transactions (id),
    created_at timestamptz not null default now(),
    check ((status = 'open') = (decided_at is null))
  )`.execute(db);
  // One open request per ride: a second report waits for the first's decision.
  await sql`create unique index refund_requests_one_open_idx on refund_requests (ride_id) where status = 'open'`.execute(db);
  await sql`create index refund_requests_queue_idx on refund_requests (status, created_at)`.execute(db);
  await sql`create index refund_requests_ride_idx on refund_requests (ride_id, created_at)`.execute(db);
  await sql`create index refund_requests_rider_idx on refund_requests (rider_id, created_at)`.execute(db);
  // A rider's accounts (wallet, owed) by owner: /payment-history finds them without knowing their currencies.
  await sql`create index ledger_accounts_owner_idx on ledger_accounts (owner_id, code) where owner_id is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index ledger_accounts_owner_idx`.execute(db);
  await sql`drop table refund_requests`.execute(db);
}
