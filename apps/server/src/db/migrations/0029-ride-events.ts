import { type Kysely, sql } from 'kysely';

/**
 * Ride events (issue 15): moments in a ride's life that are not a status change — an SOS raised, a ride check
 * asked ("Is everything OK?") and answered. The rides domain owns the table and the timeline reads it; other
 * domains (safety) write through `recordRideEvent` in their own transaction. `actor` is who raised or answered
 * (rider, driver, operator, system); `detail` a short machine-readable note (the reason a check fired, how far
 * off the route), never free text from a person.
 */
export async function up(db: Kysely<any>) {
  await sql`create table ride_events (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id),
    kind text not null check (kind in ('sos', 'sos_resolved', 'ride_check', 'ride_check_ok')),
    actor text not null check (actor in ('rider', 'driver', 'operator', 'system')),
    detail text check (detail is null or length(detail) <= 200),
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ride_events_ride_idx on ride_events (ride_id, at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table ride_events`.execute(db);
}
