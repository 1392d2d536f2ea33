import { RIDE_TYPES } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { POLICY_TERMS } from './cancellation.repo';

/** Every policy (or one city's), city then ride type in the product's order, the city default before zones. */
export async function listCancellationPolicies(db: Kysely<DB>, query: { city?: string }) {
  let rows = db
    .selectFrom('cancellation_policies as p')
    .innerJoin('cities as c', 'c.id', 'p.city_id')
    .select([
      'p.id',
      'p.city_id',
      'c.name as city_name',
      'c.currency',
      'p.ride_type',
      'p.zone_id',
      ...POLICY_TERMS.map((t) => `p.${t}` as const),
      'p.updated_at',
    ]);
  if (query.city) rows = rows.where('p.city_id', '=', query.city);
  const policies = await rows.execute();
  const order = (t: string) => RIDE_TYPES.indexOf(t as (typeof RIDE_TYPES)[number]);
  policies.sort(
    (a, b) => a.city_name.localeCompare(b.city_name) || order(a.ride_type) - order(b.ride_type) || (a.zone_id ?? '').localeCompare(b.zone_id ?? ''),
  );
  return policies.map((p) => ({ ...p, currency: p.currency.trim() }));
}

export type PolicyListItem = Awaited<ReturnType<typeof listCancellationPolicies>>[number];
