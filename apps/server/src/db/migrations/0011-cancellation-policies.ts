import { type Kysely, sql } from 'kysely';

/**
 * Cancellation policies (issue 12, decision 0033): per city × ride type (× optional zone), the free window
 * after a driver accepts, the rider's late-cancel fee (fixed, or basis points of the fare clamped to a
 * minimum and a maximum), the no-show wait after Arrived and its fee, the late-driver margin that waives a
 * fee, and the driver's share of each fee. Money is integer minor units in the city's currency.
 *
 * On rides: the pickup ETA promised at acceptance (what "the driver is late" is measured against), the fee
 * recorded at cancel (amount, reason, waived or not and why, the driver's share), and where an owed fee was
 * carried (the rider's next booking), so a fee is owed once and shown once.
 */
export async function up(db: Kysely<any>) {
  await sql`create table cancellation_policies (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    ride_type text not null check (ride_type in ('economy', 'comfort', 'xl')),
    -- The pricing zone (of the pickup) the policy applies to; null is the city's default.
    zone_id uuid references zones (id) on delete cascade,
    free_window_s integer not null default 120 check (free_window_s between 0 and 3600),
    fee_kind text not null default 'fixed' check (fee_kind in ('fixed', 'percent')),
    fee_fixed_cents integer not null default 0 check (fee_fixed_cents between 0 and 100000),
    -- Basis points of the fare (1000 = 10 %), rounded half up to the cent, then clamped to [min, max].
    fee_percent_bp integer not null default 0 check (fee_percent_bp between 0 and 10000),
    fee_min_cents integer not null default 0 check (fee_min_cents between 0 and 100000),
    fee_max_cents integer not null default 0 check (fee_max_cents between 0 and 100000),
    no_show_wait_s integer not null default 300 check (no_show_wait_s between 0 and 3600),
    no_show_fee_cents integer not null default 0 check (no_show_fee_cents between 0 and 100000),
    late_driver_margin_s integer not null default 300 check (late_driver_margin_s between 0 and 3600),
    driver_share_late_cancel_pct integer not null default 100 check (driver_share_late_cancel_pct between 0 and 100),
    driver_share_no_show_pct integer not null default 100 check (driver_share_no_show_pct between 0 and 100),
    updated_at timestamptz not null default now(),
    check (fee_max_cents >= fee_min_cents)
  )`.execute(db);
  // One policy per city, ride type and zone; the city default (zone null) is unique too.
  await sql`create unique index cancellation_policies_scope_idx
    on cancellation_policies (city_id, ride_type, coalesce(zone_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);

  // The demo city: 2 minutes free (5 for Comfort, the premium type), then $5.00; a no-show after 5 minutes
  // at the pickup costs $5.00; waived when the driver is 5 minutes later than promised; drivers keep it all.
  await sql`insert into cancellation_policies (city_id, ride_type, free_window_s, fee_kind, fee_fixed_cents, no_show_wait_s, no_show_fee_cents, late_driver_margin_s) values
    ('sf', 'economy', 120, 'fixed', 500, 300, 500, 300),
    ('sf', 'comfort', 300, 'fixed', 500, 300, 500, 300),
    ('sf', 'xl', 120, 'fixed', 500, 300, 500, 300)`.execute(db);

  await sql`alter table rides
    add column pickup_eta_at timestamptz,
    add column cancellation_fee_cents integer check (cancellation_fee_cents >= 0),
    add column cancellation_fee_reason text check (cancellation_fee_reason in ('late_cancel', 'no_show')),
    add column cancellation_fee_waived boolean,
    add column cancellation_fee_waive_reason text,
    add column cancellation_fee_driver_share_cents integer check (cancellation_fee_driver_share_cents >= 0),
    add column cancellation_fee_carried_to uuid references rides (id) on delete set null,
    add column carried_fee_cents integer not null default 0 check (carried_fee_cents >= 0)`.execute(db);
  // A rider's owed fees (charged, not waived, not yet carried to a booking): read at every quote and booking.
  await sql`create index rides_owed_fee_idx on rides (rider_id)
    where cancellation_fee_cents > 0 and cancellation_fee_waived = false and cancellation_fee_carried_to is null`.execute(db);
}
