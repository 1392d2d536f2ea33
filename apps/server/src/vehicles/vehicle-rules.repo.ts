import { defaultVehicleRules, type VehicleRules } from '@openride/shared/vehicles/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A city's ride-type eligibility rules (migration 0019, decision 0046). A city with none (made before its
 * seed, in a test) gets the defaults.
 */
export async function vehicleRulesOf(db: Kysely<DB>, cityId: string): Promise<VehicleRules & { updated_at: Date | null }> {
  const row = await db
    .selectFrom('vehicle_rules')
    .select(['comfort_min_year', 'comfort_min_seats', 'xl_min_seats', 'updated_at', 'updated_by'])
    .where('city_id', '=', cityId)
    .executeTakeFirst();
  if (!row) return { ...defaultVehicleRules(), updated_at: null };
  return {
    comfort_min_year: row.comfort_min_year,
    comfort_min_seats: row.comfort_min_seats,
    xl_min_seats: row.xl_min_seats,
    // Seeded rows were never changed by anyone.
    updated_at: row.updated_by ? new Date(row.updated_at) : null,
  };
}

/** Every city's rules, for the vehicle cards (which ride types each car takes where). */
export async function allVehicleRules(db: Kysely<DB>): Promise<{ city_id: string; city_name: string; rules: VehicleRules }[]> {
  const rows = await db
    .selectFrom('cities')
    .leftJoin('vehicle_rules', 'vehicle_rules.city_id', 'cities.id')
    .select(['cities.id', 'cities.name', 'vehicle_rules.comfort_min_year', 'vehicle_rules.comfort_min_seats', 'vehicle_rules.xl_min_seats'])
    .orderBy('cities.name')
    .execute();
  const fallback = defaultVehicleRules();
  return rows.map((r) => ({
    city_id: r.id,
    city_name: r.name,
    rules: {
      comfort_min_year: r.comfort_min_year ?? fallback.comfort_min_year,
      comfort_min_seats: r.comfort_min_seats ?? fallback.comfort_min_seats,
      xl_min_seats: r.xl_min_seats ?? fallback.xl_min_seats,
    },
  }));
}

/** A new city's rules, the defaults. Call it in the transaction that creates the city. */
export async function seedCityVehicleRules(trx: Kysely<DB>, cityId: string) {
  await trx
    .insertInto('vehicle_rules')
    .values({ city_id: cityId, ...defaultVehicleRules() })
    .onConflict((oc) => oc.column('city_id').doNothing())
    .execute();
}
