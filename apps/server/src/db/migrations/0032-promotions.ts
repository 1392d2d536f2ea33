import { type Kysely, sql } from 'kysely';

/**
 * Promo codes (issue 16, decision 0063). A promotion belongs to a city (its currency); admins create it as a
 * draft or active, pause and resume it. `redemptions_held` and `committed_cents` count the redemptions reserved
 * or applied and their money: they move only under the promotion's row lock, and the check constraints keep
 * them within `max_redemptions` and `budget_cents` whatever code writes. A redemption is one ride's use of
 * one code (a ride has at most one: the unique ride_id): reserved at request, applied at completion with the
 * discount given, released when the ride is cancelled or finds no driver. The ride carries the discount the
 * rider does not pay (`rides.promo_discount_cents`), which payments and the ledger read.
 */
export async function up(db: Kysely<any>) {
  await sql`create table promotions (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id),
    currency char(3) not null,
    code text not null unique check (code ~ '^[A-Z0-9]{3,20}$'),
    kind text not null check (kind in ('percent', 'amount')),
    value integer not null check (value > 0 and (kind <> 'percent' or value <= 100)),
    max_discount_cents integer check (max_discount_cents > 0),
    min_fare_cents integer not null default 0 check (min_fare_cents >= 0),
    ride_types text[] not null default '{}',
    zone_ids uuid[] not null default '{}',
    valid_from timestamptz not null,
    valid_to timestamptz,
    budget_cents integer check (budget_cents > 0),
    max_redemptions integer check (max_redemptions > 0),
    per_rider_limit integer not null default 1 check (per_rider_limit > 0),
    first_ride_only boolean not null default false,
    status text not null default 'draft' check (status in ('draft', 'active', 'paused')),
    redemptions_held integer not null default 0 check (redemptions_held >= 0 and (max_redemptions is null or redemptions_held <= max_redemptions)),
    committed_cents integer not null default 0 check (committed_cents >= 0 and (budget_cents is null or committed_cents <= budget_cents)),
    redemptions_applied integer not null default 0 check (redemptions_applied >= 0),
    spent_cents integer not null default 0 check (spent_cents >= 0),
    created_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (valid_to is null or valid_to > valid_from)
  )`.execute(db);
  await sql`create index promotions_city_idx on promotions (city_id, created_at)`.execute(db);
  await sql`create table promo_redemptions (
    id uuid primary key default gen_random_uuid(),
    promotion_id uuid not null references promotions (id),
    ride_id uuid not null unique references rides (id),
    rider_id text not null,
    state text not null default 'reserved' check (state in ('reserved', 'applied', 'released')),
    reserved_cents integer not null check (reserved_cents >= 0),
    applied_cents integer check (applied_cents >= 0 and applied_cents <= reserved_cents),
    created_at timestamptz not null default now(),
    applied_at timestamptz,
    released_at timestamptz,
    check ((state = 'applied') = (applied_cents is not null))
  )`.execute(db);
  await sql`create index promo_redemptions_promotion_idx on promo_redemptions (promotion_id, created_at)`.execute(db);
  await sql`create index promo_redemptions_rider_idx on promo_redemptions (rider_id, promotion_id) where state <> 'released'`.execute(db);
  await sql`alter table rides add column promo_discount_cents integer not null default 0 check (promo_discount_cents >= 0 and promo_discount_cents <= fare_cents)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`alter table rides drop column promo_discount_cents`.execute(db);
  await sql`drop table promo_redemptions`.execute(db);
  await sql`drop table promotions`.execute(db);
}
