import { type Kysely, sql } from 'kysely';
import { ensureDemoCityPlaces } from '../../demo/demo-places';

/**
 * A city's places (issue 30 §5, decision 0096): airports, stations and landmarks, each of one city, for the
 * booking page's search suggestions and GPS pickup names there. `search_key` is the name and area in lower
 * case without accents or punctuation (`placeSearchKey`), written with the row. San Francisco's gazetteer
 * becomes its rows when the city `sf` exists (the demo city's seed data).
 */
export async function up(db: Kysely<any>) {
  await sql`create table city_places (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    name text not null check (length(name) between 1 and 120),
    area text not null default '' check (length(area) <= 120),
    kind text not null default 'other' check (kind in ('airport', 'station', 'landmark', 'other')),
    lat double precision not null check (lat between -90 and 90),
    lng double precision not null check (lng between -180 and 180),
    search_key text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index city_places_city_name_key on city_places (city_id, lower(name))`.execute(db);
  await sql`create index city_places_city_lat_idx on city_places (city_id, lat, lng)`.execute(db);
  await ensureDemoCityPlaces(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table city_places`.execute(db);
}
