import type { CancellationPolicyVersion } from '@openride/shared/cancellation/views';
import { RIDE_TYPES } from '@openride/shared/rides/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { POLICY_TERMS } from './cancellation.repo';
import { type CityScope, cityCondition } from '../roles/city-scope';

/**
 * Every policy (or one city's) with its version in force, city then ride type in the product's order, the
 * city default before zones.
 */
export async function listCancellationPolicies(db: Kysely<DB>, query: { city?: string }, scope: CityScope = null) {
  let rows = db
    .selectFrom('cancellation_policies_in_force as p')
    .innerJoin('cities as c', 'c.id', 'p.city_id')
    .select([
      'p.id',
      'p.city_id',
      'c.name as city_name',
      'c.currency',
      'p.ride_type',
      'p.zone_id',
      ...POLICY_TERMS.map((t) => `p.${t}` as const),
      'p.version',
      'p.updated_at',
    ]);
  if (query.city) rows = rows.where('p.city_id', '=', query.city);
  const inCities = cityCondition('p.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  const policies = await rows.execute();
  const order = (t: string) => RIDE_TYPES.indexOf(t as (typeof RIDE_TYPES)[number]);
  policies.sort(
    (a, b) => a.city_name.localeCompare(b.city_name) || order(a.ride_type) - order(b.ride_type) || (a.zone_id ?? '').localeCompare(b.zone_id ?? ''),
  );
  return policies.map((p) => ({ ...p, currency: p.currency.trim() }));
}

export type PolicyListItem = Awaited<ReturnType<typeof listCancellationPolicies>>[number];

/**
 * One policy's versions (decision 0087), newest first, each marked at `now`: the newest that has started is
 * in force, later ones scheduled, earlier ones superseded. 404 for a policy that is not there (removed).
 */
export async function listCancellationPolicyVersions(db: Kysely<DB>, policyId: string, now = new Date()): Promise<CancellationPolicyVersion[]> {
  if (!isUuid(policyId)) throw notFound('No such cancellation policy.');
  const policy = await db.selectFrom('cancellation_policies').select('id').where('id', '=', policyId).executeTakeFirst();
  if (!policy) throw notFound('No such cancellation policy.');
  const rows = await db
    .selectFrom('cancellation_policy_versions as v')
    .leftJoin('user', 'user.id', 'v.created_by')
    .selectAll('v')
    .select('user.name as created_by_name')
    .where('v.policy_id', '=', policyId)
    .orderBy('v.effective_from', 'desc')
    .orderBy('v.version', 'desc')
    .execute();
  const inForce = rows.find((r) => new Date(r.effective_from) <= now);
  return rows.map((r) => ({
    ...r,
    effective_from: new Date(r.effective_from).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    status: r === inForce ? 'in_force' : new Date(r.effective_from) > now ? 'scheduled' : 'superseded',
  }));
}
