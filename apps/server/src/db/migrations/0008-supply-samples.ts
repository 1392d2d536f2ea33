import { type Kysely, sql } from 'kysely';

/**
 * Where drivers free to take a ride were, minute by minute (issue 10 §4, /driver-heatmap): one row per city,
 * minute and H3 cell with the number of available drivers in it, plus one row per city and minute under the
 * cell '*' holding the city's total (so a minute sampled with no driver online still counts as sampled).
 * The primary key makes a minute's sample idempotent: every server process may try, the first one writes it.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table driver_supply_samples (
      city_id text not null,
      minute timestamptz not null,
      cell text not null,
      drivers integer not null check (drivers >= 0),
      primary key (city_id, minute, cell)
    )`.execute(db);
}
