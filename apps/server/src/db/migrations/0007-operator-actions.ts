import { type Kysely, sql } from 'kysely';

/**
 * The operator's levers on people and rides (issue 10 §4):
 * - a rider's account can be blocked (with the admin's reason): no new ride requests;
 * - a driver can be suspended (with a reason): offline at once and cannot go online;
 * - an operator can cancel a ride: `cancelled_by` takes 'operator'.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table profiles add column blocked_at timestamptz, add column blocked_reason text check (char_length(blocked_reason) <= 500)`.execute(db);
  await sql`alter table drivers add column suspended_at timestamptz, add column suspension_reason text check (char_length(suspension_reason) <= 500)`.execute(
    db,
  );
  await sql`alter table rides drop constraint if exists rides_cancelled_by_check`.execute(db);
  await sql`alter table rides add constraint rides_cancelled_by_check check (cancelled_by in ('rider', 'driver', 'system', 'operator'))`.execute(db);
}
