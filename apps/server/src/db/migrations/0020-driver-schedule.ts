import { type Kysely, sql } from 'kysely';

/**
 * Driver schedules (issue 14, decision 0047): weekly blocks in the schedule's city's local time (minutes
 * from local midnight, 15-minute steps, a block ends on its own day — 1440 is midnight at its end), one-off
 * time off as instants, and one row per shift reminder sent: `primary key (driver_id, shift_start)` is what
 * makes the reminder job send once across processes, runs and retries.
 */
export async function up(db: Kysely<any>) {
  await sql`create table driver_schedules (
    driver_id uuid primary key references drivers (id),
    city_id text not null references cities (id),
    reminder_minutes integer not null default 30 check (reminder_minutes between 0 and 240),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table driver_schedule_blocks (
    id uuid primary key default gen_random_uuid(),
    driver_id uuid not null references driver_schedules (driver_id) on delete cascade,
    weekday smallint not null check (weekday between 0 and 6),
    start_minute smallint not null check (start_minute >= 0 and start_minute < 1440 and start_minute % 15 = 0),
    end_minute smallint not null check (end_minute > start_minute and end_minute <= 1440 and end_minute % 15 = 0)
  )`.execute(db);
  await sql`create index driver_schedule_blocks_driver_idx on driver_schedule_blocks (driver_id, weekday, start_minute)`.execute(db);
  await sql`create table driver_time_off (
    id uuid primary key default gen_random_uuid(),
    driver_id uuid not null references drivers (id),
    starts_at timestamptz not null,
    ends_at timestamptz not null check (ends_at > starts_at),
    note text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index driver_time_off_driver_idx on driver_time_off (driver_id, ends_at)`.execute(db);
  await sql`create table driver_shift_reminders (
    driver_id uuid not null references drivers (id),
    shift_start timestamptz not null,
    sent_at timestamptz not null default now(),
    primary key (driver_id, shift_start)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table driver_shift_reminders`.execute(db);
  await sql`drop table driver_time_off`.execute(db);
  await sql`drop table driver_schedule_blocks`.execute(db);
  await sql`drop table driver_schedules`.execute(db);
}
