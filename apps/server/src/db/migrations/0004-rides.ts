import { type Kysely, sql } from 'kysely';

/**
 * Cities, their pricing per ride type, and rides. Every ride carries its city so the data can later be
 * sharded by city. Money is integer cents in the city's currency.
 */
export async function up(db: Kysely<any>) {
  await sql`create table cities (
    id text primary key,
    name text not null,
    currency char(3) not null,
    center_lat double precision not null,
    center_lng double precision not null,
    radius_km double precision not null check (radius_km > 0)
  )`.execute(db);

  await sql`create table pricing (
    city_id text not null references cities (id) on delete cascade,
    ride_type text not null check (ride_type in ('economy', 'comfort', 'xl')),
    base_cents integer not null check (base_cents >= 0),
    per_km_cents integer not null check (per_km_cents >= 0),
    per_min_cents integer not null check (per_min_cents >= 0),
    minimum_cents integer not null check (minimum_cents >= 0),
    booking_fee_cents integer not null check (booking_fee_cents >= 0),
    seats integer not null check (seats > 0),
    updated_at timestamptz not null default now(),
    primary key (city_id, ride_type)
  )`.execute(db);

  // The demo city. Our own choice of numbers, in the range of San Francisco's ride-hail prices (USD cents):
  //   economy: 2.50 base, 1.10/km, 0.30/min, 8.00 minimum, 2.50 booking fee, 4 seats
  //   comfort: 3.50 base, 1.55/km, 0.40/min, 11.00 minimum, 2.50 booking fee, 4 seats
  //   xl:      4.50 base, 2.00/km, 0.50/min, 14.00 minimum, 2.50 booking fee, 6 seats
  // Editable later in /pricing-settings; this is only the starting point.
  await sql`insert into cities (id, name, currency, center_lat, center_lng, radius_km)
    values ('sf', 'San Francisco', 'USD', 37.7749, -122.4194, 30)`.execute(db);
  await sql`insert into pricing (city_id, ride_type, base_cents, per_km_cents, per_min_cents, minimum_cents, booking_fee_cents, seats) values
    ('sf', 'economy', 250, 110, 30, 800, 250, 4),
    ('sf', 'comfort', 350, 155, 40, 1100, 250, 4),
    ('sf', 'xl', 450, 200, 50, 1400, 250, 6)`.execute(db);

  await sql`create table rides (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id),
    rider_id text not null references "user" (id) on delete cascade,
    driver_id uuid references drivers (id) on delete set null,
    ride_type text not null check (ride_type in ('economy', 'comfort', 'xl')),
    status text not null default 'requested'
      check (status in ('requested', 'accepted', 'arrived', 'in_progress', 'completed', 'cancelled', 'no_driver')),
    pickup_lat double precision not null,
    pickup_lng double precision not null,
    pickup_label text,
    dropoff_lat double precision not null,
    dropoff_lng double precision not null,
    dropoff_label text,
    distance_m integer not null,
    duration_s integer not null,
    fare_cents integer not null check (fare_cents >= 0),
    currency char(3) not null,
    payment_method text not null default 'cash' check (payment_method in ('cash')),
    pin char(4) not null,
    share_token text not null unique,
    requested_at timestamptz not null default now(),
    accepted_at timestamptz,
    arrived_at timestamptz,
    started_at timestamptz,
    completed_at timestamptz,
    cancelled_at timestamptz,
    cancelled_by text check (cancelled_by in ('rider', 'driver', 'system')),
    cancel_reason text,
    updated_at timestamptz not null default now()
  )`.execute(db);
  // At most one active ride per rider, held by the database: two concurrent requests cannot both win.
  // The status list must match ACTIVE_STATUSES in packages/shared/src/rides/ride-state.ts.
  await sql`create unique index rides_one_active_per_rider_idx on rides (rider_id)
    where status in ('requested', 'accepted', 'arrived', 'in_progress')`.execute(db);
  // Ride history: one rider, newest first, keyset on (requested_at, id).
  await sql`create index rides_rider_requested_idx on rides (rider_id, requested_at desc, id desc)`.execute(db);
  // A driver's rides (the ride room's authorizer, later the driver's history).
  await sql`create index rides_driver_idx on rides (driver_id, requested_at desc) where driver_id is not null`.execute(db);
}
