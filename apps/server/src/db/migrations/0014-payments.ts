import { type Kysely, sql } from 'kysely';

/**
 * How riders pay (issue 13, decision 0038): saved cards, a rider's customer at the card processor, one row per
 * card authorisation or charge (a ride's hold, a tip), the processor's webhook events (each handled once), and
 * on rides the method (cash or card), the card and the wallet credit applied first.
 */
export async function up(db: Kysely<any>) {
  await sql`create table payment_customers (
    user_id text not null references "user" (id) on delete cascade,
    provider text not null check (provider in ('stripe', 'test')),
    customer_ref text not null,
    created_at timestamptz not null default now(),
    primary key (user_id, provider)
  )`.execute(db);

  await sql`create table payment_cards (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    provider text not null check (provider in ('stripe', 'test')),
    -- Stripe's PaymentMethod id (pm_…), or the test provider's token: never a card number.
    provider_ref text not null,
    brand text not null,
    last4 text not null check (last4 ~ '^[0-9]{4}$'),
    exp_month integer not null check (exp_month between 1 and 12),
    exp_year integer not null,
    created_at timestamptz not null default now(),
    unique (provider, provider_ref)
  )`.execute(db);
  await sql`create index payment_cards_user_idx on payment_cards (user_id, created_at desc)`.execute(db);

  await sql`alter table rides drop constraint rides_payment_method_check`.execute(db);
  await sql`alter table rides add constraint rides_payment_method_check check (payment_method in ('cash', 'card'))`.execute(db);
  await sql`alter table rides add column payment_card_id uuid references payment_cards (id)`.execute(db);
  // Wallet credit applied first (set aside at request, spent at completion): never more than fare + carried fees.
  await sql`alter table rides add column wallet_cents integer not null default 0 check (wallet_cents >= 0)`.execute(db);
  await sql`alter table rides add constraint rides_card_has_card check ((payment_method = 'card') = (payment_card_id is not null))`.execute(db);

  await sql`create table payments (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id),
    -- 'ride': the fare's hold (authorised at request, captured at completion or for a fee, released otherwise); 'tip': a charge.
    purpose text not null check (purpose in ('ride', 'tip')),
    provider text not null check (provider in ('stripe', 'test')),
    intent_ref text not null unique,
    card_id uuid not null references payment_cards (id),
    currency text not null,
    amount_cents integer not null check (amount_cents > 0),
    captured_cents integer not null default 0 check (captured_cents >= 0),
    status text not null check (status in ('authorised', 'capturing', 'captured', 'releasing', 'released', 'failed')),
    failure text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (ride_id, purpose)
  )`.execute(db);

  await sql`create table payment_events (
    id text primary key,
    provider text not null,
    type text not null,
    received_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table payment_events`.execute(db);
  await sql`drop table payments`.execute(db);
  await sql`alter table rides drop constraint rides_card_has_card`.execute(db);
  await sql`alter table rides drop column wallet_cents`.execute(db);
  await sql`alter table rides drop column payment_card_id`.execute(db);
  await sql`alter table rides drop constraint rides_payment_method_check`.execute(db);
  await sql`alter table rides add constraint rides_payment_method_check check (payment_method in ('cash'))`.execute(db);
  await sql`drop table payment_cards`.execute(db);
  await sql`drop table payment_customers`.execute(db);
}
