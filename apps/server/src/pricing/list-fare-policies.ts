import type { FarePoliciesResponse, FarePolicy } from '@openride/shared/pricing/views';
import { pricingText } from '@openride/shared/pricing/pricing-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { cityTimeZone } from './city-time-zone';
import { POLICY_COLUMNS } from './fare-policies.repo';
import { farePolicyView } from './fare-policy-view';

/**
 * /pricing-settings: every version of a city's fare policies, newest first, each marked in force,
 * scheduled or superseded at `now`, and the ones in force per scope × ride type. The history is the diff's
 * source too (decision 0032: the diff between two versions is computed by the reader).
 */
export async function listFarePolicies(db: Kysely<DB>, cityId: string, now = new Date()): Promise<FarePoliciesResponse> {
  const cities = await db.selectFrom('cities').selectAll().orderBy('name').execute();
  const city = cities.find((c) => c.id === cityId);
  if (!city) throw notFound(pricingText.errors.cityNotFound);
  const rows = await db
    .selectFrom('fare_policies')
    .leftJoin('user', 'user.id', 'fare_policies.created_by')
    .select([...POLICY_COLUMNS, 'user.name as created_by_name'])
    .where('fare_policies.city_id', '=', cityId)
    .orderBy('fare_policies.effective_from', 'desc')
    .orderBy('fare_policies.version', 'desc')
    .execute();

  // Per scope and ride type, the first row (newest effective_from, then version) that has started is in force.
  const inForce = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.zone_id ?? ''}|${row.ride_type}`;
    if (seen.has(key) || new Date(row.effective_from) > now) continue;
    seen.add(key);
    inForce.add(row.id);
  }
  const status = (row: (typeof rows)[number]): FarePolicy['status'] =>
    inForce.has(row.id) ? 'in_force' : new Date(row.effective_from) > now ? 'scheduled' : 'superseded';
  const history = rows.map((row) => farePolicyView(row, status(row)));
  return {
    city: { id: city.id, name: city.name, currency: city.currency, time_zone: cityTimeZone(city) },
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    current: history.filter((p) => p.status === 'in_force'),
    history,
  };
}
