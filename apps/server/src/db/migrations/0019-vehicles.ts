import { type Kysely, sql } from 'kysely';

/**
 * Vehicles and ride-type eligibility (issue 14, decision 0046).
 * - `vehicles`: a driver's cars, each pending verification, verified or rejected (with the reason); exactly
 *   one active per driver (a partial unique index). A plate is unique per driver, not across drivers (a
 *   fleet car is shared by drivers on shifts; the admin's verification is the check).
 * - Every existing driver record's application vehicle becomes its first vehicle, active, 4 seats: verified
 *   when the record is approved, rejected (with the record's reason) when it is rejected, else pending.
 * - `vehicle_rules`: per city, what a vehicle needs for Comfort (year, seats) and XL (seats); Economy takes
 *   any verified vehicle. Every existing city starts from the defaults (Comfort: this year − 7 and 4 seats;
 *   XL: 6 seats); a new city is seeded with them where its other levers are (city-verbs.ts).
 */
export async function up(db: Kysely<any>) {
  await sql`create table vehicles (
    id uuid primary key default gen_random_uuid(),
    driver_id uuid not null references drivers (id) on delete cascade,
    make text not null check (length(make) between 1 and 60),
    model text not null check (length(model) between 1 and 60),
    year integer not null check (year between 1980 and 2100),
    color text not null check (length(color) between 1 and 40),
    license_plate text not null check (length(license_plate) between 1 and 20),
    seats integer not null default 4 check (seats between 1 and 8),
    status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
    rejection_reason text,
    check ((status = 'rejected') = (rejection_reason is not null)),
    active boolean not null default false,
    reviewed_at timestamptz,
    reviewed_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // Exactly one active vehicle per driver at most, held by the database (the verbs keep it at one).
  await sql`create unique index vehicles_one_active_idx on vehicles (driver_id) where active`.execute(db);
  await sql`create unique index vehicles_driver_plate_idx on vehicles (driver_id, upper(license_plate))`.execute(db);
  // The admin queue: pending ones, oldest first.
  await sql`create index vehicles_pending_idx on vehicles (created_at) where status = 'pending'`.execute(db);

  await sql`insert into vehicles (driver_id, make, model, year, color, license_plate, seats, status, rejection_reason, active, reviewed_at, reviewed_by, created_at)
    select id, vehicle_make, vehicle_model, vehicle_year, vehicle_color, license_plate, 4,
      case verification_status when 'approved' then 'verified' when 'rejected' then 'rejected' else 'pending' end,
      case when verification_status = 'rejected' then coalesce(rejection_reason, 'The application was rejected') end,
      true, reviewed_at, reviewed_by, created_at
    from drivers`.execute(db);

  await sql`create table vehicle_rules (
    city_id text primary key references cities (id) on delete cascade,
    comfort_min_year integer not null check (comfort_min_year between 1980 and 2100),
    comfort_min_seats integer not null default 4 check (comfort_min_seats between 1 and 8),
    xl_min_seats integer not null default 6 check (xl_min_seats between 1 and 8),
    updated_by text,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into vehicle_rules (city_id, comfort_min_year)
    select id, extract(year from now())::int - 7 from cities`.execute(db);
}
