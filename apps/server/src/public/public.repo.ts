import type { ZoneGeometry } from '@openride/shared/zones/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { POLICY_COLUMNS } from '../pricing/fare-policies.repo';

/** jsonb reads back parsed on pg and PGlite alike; a string (a driver that does not parse) is parsed here. */
const geometryOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as ZoneGeometry;

/** Cities with their enabled service areas (cities without one serve nobody and are left out), by name. */
export async function servedCities(db: Kysely<DB>) {
  const [cities, areas] = await Promise.all([
    db.selectFrom('cities').select(['id', 'name', 'currency', 'timezone', 'center_lat', 'center_lng']).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('zones')
      .select(['id', 'city_id', 'name', 'geometry'])
      .where('type', '=', 'service_area')
      .where('enabled', '=', true)
      .orderBy('priority', 'desc')
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return cities
    .map((city) => ({ city, areas: areas.filter((a) => a.city_id === city.id).map((a) => ({ id: a.id, name: a.name, geometry: geometryOf(a.geometry) })) }))
    .filter((c) => c.areas.length > 0);
}

/** One city as the public pages name it, or undefined. */
export function publicCityRow(db: Kysely<DB>, id: string) {
  return db.selectFrom('cities').select(['id', 'name', 'currency', 'timezone']).where('id', '=', id).executeTakeFirst();
}

/**
 * The versions in force at `at` of every enabled pricing zone's own policies (not the city default): the
 * newest effective_from ≤ at per zone × ride type, then the highest version — `policiesInForce`'s order.
 */
export async function zonePoliciesInForce(db: Kysely<DB>, cityId: string, at: Date) {
  return db
    .selectFrom('fare_policies')
    .innerJoin('zones', 'zones.id', 'fare_policies.zone_id')
    .select([...POLICY_COLUMNS, 'zones.name as zone_name', 'zones.priority as zone_priority'])
    .distinctOn(['fare_policies.zone_id', 'fare_policies.ride_type'])
    .where('fare_policies.city_id', '=', cityId)
    .where('fare_policies.effective_from', '<=', at)
    .where('zones.type', '=', 'pricing_zone')
    .where('zones.enabled', '=', true)
    .orderBy('fare_policies.zone_id')
    .orderBy('fare_policies.ride_type')
    .orderBy('fare_policies.effective_from', 'desc')
    .orderBy('fare_policies.version', 'desc')
    .execute();
}

/** The city's default cancellation policy per ride type, in its version in force: the one a ride is charged on (decisions 0033, 0087). */
export function defaultCancellationPolicies(db: Kysely<DB>, cityId: string) {
  return db.selectFrom('cancellation_policies_in_force').selectAll().where('city_id', '=', cityId).where('zone_id', 'is', null).execute();
}

/** The city's surge settings (rule and freeze), if it has a row. */
export function surgeSettingsOf(db: Kysely<DB>, cityId: string) {
  return db.selectFrom('surge_settings').select(['rule', 'frozen']).where('city_id', '=', cityId).executeTakeFirst();
}

/** Every enabled pricing zone of the city, by priority then name. */
export function enabledPricingZones(db: Kysely<DB>, cityId: string) {
  return db
    .selectFrom('zones')
    .select(['id', 'name'])
    .where('city_id', '=', cityId)
    .where('type', '=', 'pricing_zone')
    .where('enabled', '=', true)
    .orderBy('priority', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
}
