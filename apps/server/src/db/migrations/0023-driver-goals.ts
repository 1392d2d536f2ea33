import { type Kysely, sql } from 'kysely';

/**
 * The driver's own dashboard (issue 14, decision 0050): the daily goal a driver sets, earnings (minor units of
 * their city's currency) and/or trips. One row per driver; no row (or both null) means no goal.
 */
export async function up(db: Kysely<any>) {
  await sql`create table driver_goals (
    driver_id uuid primary key references drivers (id),
    earnings_cents integer check (earnings_cents between 100 and 1000000),
    trips integer check (trips between 1 and 100),
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table driver_goals`.execute(db);
}
