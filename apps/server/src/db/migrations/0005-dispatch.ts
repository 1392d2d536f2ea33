import { type Kysely, sql } from 'kysely';

/**
 * Dispatch, the trip, and after it: offers to drivers, the path a ride took, chat, ratings.
 * - rides gain the price list they were quoted on (the receipt itemises from it, whatever the city's
 *   pricing becomes later), dispatch bookkeeping, and a guard against guessing the PIN.
 * - a driver holds at most one open offer and one active ride, each held by a unique index, so two
 *   server processes racing cannot break either rule.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table rides
    add column pricing jsonb,
    add column dispatch_deadline timestamptz,
    add column dispatch_idle_since timestamptz,
    add column pin_failures integer not null default 0,
    add column pin_window_started_at timestamptz`.execute(db);
  // Dispatch scans the rides still looking for a driver.
  await sql`create index rides_requested_idx on rides (requested_at) where status = 'requested'`.execute(db);
  // One active ride per driver; the list matches the driver's part of ACTIVE_STATUSES.
  await sql`create unique index rides_one_active_per_driver_idx on rides (driver_id)
    where status in ('accepted', 'arrived', 'in_progress')`.execute(db);

  await sql`create table ride_offers (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id) on delete cascade,
    driver_id uuid not null references drivers (id) on delete cascade,
    status text not null default 'offered' check (status in ('offered', 'accepted', 'declined', 'expired', 'cancelled')),
    pickup_distance_m integer not null,
    pickup_eta_s integer not null,
    offered_at timestamptz not null default now(),
    expires_at timestamptz not null,
    closed_at timestamptz
  )`.execute(db);
  // A ride has at most one open offer, a driver holds at most one.
  await sql`create unique index ride_offers_one_open_per_ride_idx on ride_offers (ride_id) where status = 'offered'`.execute(db);
  await sql`create unique index ride_offers_one_open_per_driver_idx on ride_offers (driver_id) where status = 'offered'`.execute(db);
  // Who was already asked for this ride (never ask twice).
  await sql`create index ride_offers_ride_idx on ride_offers (ride_id, driver_id)`.execute(db);
  await sql`create index ride_offers_open_expiry_idx on ride_offers (expires_at) where status = 'offered'`.execute(db);

  // The driver's path during a ride, written in batches: the receipt's map and the record for disputes.
  await sql`create table ride_locations (
    ride_id uuid not null references rides (id) on delete cascade,
    at timestamptz not null,
    lat double precision not null,
    lng double precision not null,
    accuracy real,
    heading real,
    speed real
  )`.execute(db);
  await sql`create index ride_locations_ride_at_idx on ride_locations (ride_id, at)`.execute(db);

  await sql`create table ride_messages (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id) on delete cascade,
    sender_id text not null references "user" (id) on delete cascade,
    sender_role text not null check (sender_role in ('rider', 'driver')),
    body text not null check (char_length(body) between 1 and 500),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ride_messages_ride_idx on ride_messages (ride_id, created_at)`.execute(db);

  await sql`create table ride_ratings (
    ride_id uuid not null references rides (id) on delete cascade,
    rater_role text not null check (rater_role in ('rider', 'driver')),
    rater_id text not null references "user" (id) on delete cascade,
    ratee_id text not null references "user" (id) on delete cascade,
    stars integer not null check (stars between 1 and 5),
    comment text check (char_length(comment) <= 500),
    created_at timestamptz not null default now(),
    primary key (ride_id, rater_role)
  )`.execute(db);
  await sql`create index ride_ratings_ratee_idx on ride_ratings (ratee_id)`.execute(db);
}
