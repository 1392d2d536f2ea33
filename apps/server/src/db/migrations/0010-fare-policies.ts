import { type Kysely, sql } from 'kysely';

/**
 * Fare policies (issue 12, decision 0032): per city, per zone scope, per ride type, versioned with an
 * effective date. Today's `pricing` rows become version 1 of each city default, effective since the epoch,
 * and the `pricing` table is dropped: one source of prices, so nothing can read a stale one.
 */
export async function up(db: Kysely<any>) {
  await sql`create table fare_policies (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    -- Null: the city default. Else the pricing zone (of the pickup) this version prices; a deleted zone's
    -- versions go with it (rides keep their own snapshots).
    zone_id uuid references zones (id) on delete cascade,
    ride_type text not null check (ride_type in ('economy', 'comfort', 'xl')),
    version integer not null check (version > 0),
    base_cents integer not null check (base_cents >= 0),
    per_km_cents integer not null check (per_km_cents >= 0),
    per_min_cents integer not null check (per_min_cents >= 0),
    minimum_cents integer not null check (minimum_cents >= 0),
    booking_fee_cents integer not null check (booking_fee_cents >= 0),
    seats integer not null check (seats > 0),
    -- The optional time-of-day multiplier: × night_multiplier from night_start_min to night_end_min (minutes of
    -- the day in the city's local time; a start after the end wraps midnight, e.g. 22:00–05:00).
    night_multiplier numeric(4, 2) check (night_multiplier between 1 and 3),
    night_start_min smallint check (night_start_min between 0 and 1439),
    night_end_min smallint check (night_end_min between 0 and 1439),
    check ((night_multiplier is null) = (night_start_min is null) and (night_start_min is null) = (night_end_min is null)),
    check (night_start_min is null or night_start_min <> night_end_min),
    effective_from timestamptz not null,
    -- The admin who made the version (no foreign key: the record outlives the account, as in audit_log);
    -- null for the versions migrated from the old price table.
    created_by text,
    created_at timestamptz not null default now(),
    note text
  )`.execute(db);
  // One version number per scope and ride type (a null zone is the city default's scope).
  await sql`create unique index fare_policies_version_idx
    on fare_policies (city_id, ride_type, coalesce(zone_id, '00000000-0000-0000-0000-000000000000'::uuid), version)`.execute(db);
  // "The version in force at a time": newest effective_from first within a scope and ride type.
  await sql`create index fare_policies_in_force_idx on fare_policies (city_id, ride_type, zone_id, effective_from desc, version desc)`.execute(db);

  await sql`insert into fare_policies
      (city_id, zone_id, ride_type, version, base_cents, per_km_cents, per_min_cents, minimum_cents, booking_fee_cents, seats, effective_from, created_by, created_at, note)
    select city_id, null, ride_type, 1, base_cents, per_km_cents, per_min_cents, minimum_cents, booking_fee_cents, seats, to_timestamp(0), null, updated_at,
      'Migrated from the price table'
    from pricing`.execute(db);
  await sql`drop table pricing`.execute(db);
}
