import type { ZoneGeometry, ZoneType } from '@openride/shared/zones/schemas';
import type { AdminCity, Zone } from '@openride/shared/zones/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const CITY_COLUMNS = ['id', 'name', 'currency', 'timezone', 'center_lat', 'center_lng', 'emergency_number', 'country'] as const;
export const ZONE_COLUMNS = ['id', 'city_id', 'type', 'name', 'color', 'priority', 'enabled', 'geometry', 'created_at', 'updated_at'] as const;

type ZoneRow = {
  id: string;
  city_id: string;
  type: ZoneType;
  name: string;
  color: string;
  priority: number;
  enabled: boolean;
  geometry: unknown;
  created_at: Date | string;
  updated_at: Date | string;
};

/** jsonb reads back parsed on pg and PGlite alike; a string (a driver that does not parse) is parsed here. */
const geometryOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as ZoneGeometry;
const iso = (d: Date | string) => new Date(d).toISOString();

export const zoneView = (row: ZoneRow): Zone => ({
  ...row,
  geometry: geometryOf(row.geometry),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});
export const cityView = (row: AdminCity): AdminCity => ({
  id: row.id,
  name: row.name,
  currency: row.currency.trim(),
  timezone: row.timezone,
  center_lat: row.center_lat,
  center_lng: row.center_lng,
  emergency_number: row.emergency_number,
  country: row.country,
});

/** Every city, or a staff member's cities only (decision 0091: their city pickers offer no other). */
export async function listCities(db: Kysely<DB>, scope: readonly string[] | null = null) {
  let rows = db.selectFrom('cities').select(CITY_COLUMNS).orderBy('name').orderBy('id');
  if (scope !== null) rows = rows.where('id', 'in', scope.length ? [...scope] : ['']);
  return (await rows.execute()).map(cityView);
}

/**
 * The cities a driver may choose (decision 0074): those with an enabled service area (a city without one
 * serves nobody, as on the public pages), by name.
 */
export function servedCityNames(db: Kysely<DB>) {
  return db
    .selectFrom('cities')
    .select(['cities.id', 'cities.name'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('zones')
          .select('zones.id')
          .whereRef('zones.city_id', '=', 'cities.id')
          .where('zones.type', '=', 'service_area')
          .where('zones.enabled', '=', true),
      ),
    )
    .orderBy('cities.name')
    .orderBy('cities.id')
    .execute();
}

export async function findAdminCity(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('cities').select(CITY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? cityView(row) : null;
}

/** A city's zones, highest priority first (then by name). */
export async function listZones(db: Kysely<DB>, cityId: string) {
  const rows = await db
    .selectFrom('zones')
    .select(ZONE_COLUMNS)
    .where('city_id', '=', cityId)
    .orderBy('priority', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(zoneView);
}

/** Every enabled zone of every city: what the locator indexes. */
export async function listEnabledZones(db: Kysely<DB>) {
  const rows = await db.selectFrom('zones').select(ZONE_COLUMNS).where('enabled', '=', true).execute();
  return rows.map(zoneView);
}
