import { SF_PLACES } from '@openride/shared/geo/sf-places';
import { type PlaceKind, placeSearchKey } from '@openride/shared/places/schemas';
import { type Kysely, sql } from 'kysely';
import { DEMO_CITY_ID } from './demo-accounts';

// The demo city's gazetteer (decisions 0011, 0096): San Francisco's places are its seed data, nobody else's.

const AIRPORTS = new Set(['sfo', 'oak']);
const STATIONS = new Set(['caltrain-4th-king', 'salesforce-transit-center', '24th-mission-bart', 'embarcadero-center']);
const kindOf = (id: string): PlaceKind => (AIRPORTS.has(id) ? 'airport' : STATIONS.has(id) ? 'station' : 'landmark');

/** The demo city's places as rows. */
export const DEMO_CITY_PLACES = SF_PLACES.map((p) => ({ name: p.name, area: p.area, kind: kindOf(p.id), lat: p.lat, lng: p.lng }));

/**
 * Gives the demo city its gazetteer when the city exists and holds no place yet, so it can run again (the
 * migration, then every demo start) without duplicating, overwriting or bringing back an operator's edits.
 */
export async function ensureDemoCityPlaces(db: Kysely<any>) {
  const city = await sql<{ id: string }>`select id from cities where id = ${DEMO_CITY_ID}`.execute(db);
  if (city.rows.length === 0) return 0;
  // A city that has places is the operator's: a place they deleted stays deleted.
  const held = await sql`select 1 from city_places where city_id = ${DEMO_CITY_ID} limit 1`.execute(db);
  if (held.rows.length > 0) return 0;
  let added = 0;
  for (const p of DEMO_CITY_PLACES) {
    const result = await sql`insert into city_places (city_id, name, area, kind, lat, lng, search_key)
      values (${DEMO_CITY_ID}, ${p.name}, ${p.area}, ${p.kind}, ${p.lat}, ${p.lng}, ${placeSearchKey(p.name, p.area)})
      on conflict (city_id, lower(name)) do nothing`.execute(db);
    added += Number(result.numAffectedRows ?? 0);
  }
  return added;
}
