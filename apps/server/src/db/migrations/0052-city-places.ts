import { SF_PLACES } from '@openride/shared/geo/sf-places';
import { type PlaceKind, placeSearchKey } from '@openride/shared/places/schemas';
import { type Kysely, sql } from 'kysely';

/**
 * A city's places (issue 30 §5, decision 0096): airports, stations and landmarks, each of one city, for the
 * booking page's search suggestions and GPS pickup names there. `search_key` is the name and area in lower
 * case without accents or punctuation (`placeSearchKey`), written with the row. San Francisco's gazetteer
 * becomes its rows when the city `sf` exists (the demo city's seed data, decision 0011).
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
  await seedGazetteer(db, 'sf');
}

export async function down(db: Kysely<any>) {
  await sql`drop table city_places`.execute(db);
}

const AIRPORTS = new Set(['sfo', 'oak']);
const STATIONS = new Set(['caltrain-4th-king', 'salesforce-transit-center', '24th-mission-bart', 'embarcadero-center']);
const kindOf = (id: string): PlaceKind => (AIRPORTS.has(id) ? 'airport' : STATIONS.has(id) ? 'station' : 'landmark');

/** San Francisco's gazetteer as rows of `city_places`. */
export const GAZETTEER_PLACES = SF_PLACES.map((p) => ({ name: p.name, area: p.area, kind: kindOf(p.id), lat: p.lat, lng: p.lng }));

/**
 * Gives `cityId` San Francisco's gazetteer when the city exists and holds no place yet, so it can run again
 * (this migration, then every demo start) without duplicating, overwriting or bringing back an operator's edits.
 * Answers how many places it added.
 */
export async function seedGazetteer(db: Kysely<any>, cityId: string) {
  const city = await sql<{ id: string }>`select id from cities where id = ${cityId}`.execute(db);
  if (city.rows.length === 0) return 0;
  // A city that has places is the operator's: a place they deleted stays deleted.
  const held = await sql`select 1 from city_places where city_id = ${cityId} limit 1`.execute(db);
  if (held.rows.length > 0) return 0;
  for (const p of GAZETTEER_PLACES) {
    await sql`insert into city_places (city_id, name, area, kind, lat, lng, search_key)
      values (${cityId}, ${p.name}, ${p.area}, ${p.kind}, ${p.lat}, ${p.lng}, ${placeSearchKey(p.name, p.area)})
      on conflict (city_id, lower(name)) do nothing`.execute(db);
  }
  return GAZETTEER_PLACES.length;
}
