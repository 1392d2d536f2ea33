import { type Kysely, sql } from 'kysely';

/**
 * Money (issue 13, decision 0037): a double-entry ledger — accounts, transactions and their entries — and the
 * financial settings per city, versioned with effective dates like fare policies.
 *
 * The database holds the ledger's rules itself, whatever code writes to it:
 * - entries and transactions are immutable (updates and deletes raise): a correction is a reversing transaction;
 * - every transaction's entries sum to zero, checked at commit (a deferred constraint trigger);
 * - an idempotency key posts once (unique).
 */
export async function up(db: Kysely<any>) {
  await sql`create table ledger_accounts (
    id uuid primary key default gen_random_uuid(),
    -- 'commission:USD', 'driver:<drivers.id>:USD', 'rider_wallet:<users.id>:USD': one row per account.
    key text not null unique,
    code text not null,
    owner_id text,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_accounts_code_idx on ledger_accounts (code, currency)`.execute(db);

  await sql`create table ledger_transactions (
    id uuid primary key default gen_random_uuid(),
    kind text not null,
    idempotency_key text not null unique,
    currency text not null,
    city_id text references cities (id),
    ride_id uuid references rides (id),
    reverses_id uuid unique references ledger_transactions (id),
    -- No cascades: a row that money refers to is never deleted (issue 15 anonymises people, keeps their books).
    created_by text,
    reason text,
    memo jsonb not null default '{}',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_transactions_ride_idx on ledger_transactions (ride_id) where ride_id is not null`.execute(db);
  await sql`create index ledger_transactions_created_idx on ledger_transactions (created_at)`.execute(db);

  await sql`create table ledger_entries (
    id bigint generated always as identity primary key,
    transaction_id uuid not null references ledger_transactions (id),
    account_id uuid not null references ledger_accounts (id),
    line text not null,
    amount_cents bigint not null check (amount_cents <> 0),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_entries_account_idx on ledger_entries (account_id, created_at)`.execute(db);
  await sql`create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`.execute(db);
  await sql`create index ledger_entries_line_idx on ledger_entries (line, created_at)`.execute(db);

  await sql`create function ledger_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are immutable: post a reversing transaction instead' using errcode = 'P0001';
    end
  $$`.execute(db);
  await sql`create trigger ledger_entries_immutable before update or delete on ledger_entries for each row execute function ledger_immutable()`.execute(db);
  await sql`create trigger ledger_transactions_immutable before update or delete on ledger_transactions for each row execute function ledger_immutable()`.execute(
    db,
  );

  await sql`create function ledger_balanced() returns trigger language plpgsql as $$
    declare total bigint;
    begin
      select coalesce(sum(amount_cents), 0) into total from ledger_entries where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total using errcode = 'P0001';
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_balanced()`.execute(db);

  await sql`create table financial_settings (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    version integer not null,
    effective_from timestamptz not null,
    -- Basis points of the fare without its booking fee, per ride type: {"economy":2000,"comfort":2000,"xl":2000}.
    commission_bp jsonb not null,
    tax_rate_bp integer not null default 0 check (tax_rate_bp between 0 and 10000),
    tax_label text not null default '',
    payout_weekday integer not null default 1 check (payout_weekday between 0 and 6),
    minimum_payout_cents integer not null default 1000 check (minimum_payout_cents >= 0),
    negative_balance_limit_cents integer not null default 5000 check (negative_balance_limit_cents >= 0),
    grace_days integer not null default 3 check (grace_days between 0 and 90),
    created_by text,
    created_at timestamptz not null default now(),
    note text,
    unique (city_id, version)
  )`.execute(db);
  await sql`create index financial_settings_city_idx on financial_settings (city_id, effective_from desc)`.execute(db);
  // Every city starts from the defaults, in force since the epoch: 20 % commission, no tax, weekly payouts on Monday.
  await sql`insert into financial_settings (city_id, version, effective_from, commission_bp)
    select id, 1, to_timestamp(0), '{"economy":2000,"comfort":2000,"xl":2000}'::jsonb from cities`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table financial_settings`.execute(db);
  await sql`drop table ledger_entries`.execute(db);
  await sql`drop table ledger_transactions`.execute(db);
  await sql`drop table ledger_accounts`.execute(db);
  await sql`drop function ledger_balanced`.execute(db);
  await sql`drop function ledger_immutable`.execute(db);
}
