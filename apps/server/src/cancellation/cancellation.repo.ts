import type { CancellationPolicy } from '@openride/shared/cancellation/fees';
import type { Kysely, Selectable } from 'kysely';
import type { CancellationPoliciesTable, DB } from '../db/schema';

export type PolicyRow = Selectable<CancellationPoliciesTable>;

const TERMS = [
  'free_window_s',
  'fee_kind',
  'fee_fixed_cents',
  'fee_percent_bp',
  'fee_min_cents',
  'fee_max_cents',
  'no_show_wait_s',
  'no_show_fee_cents',
  'late_driver_margin_s',
  'driver_share_late_cancel_pct',
  'driver_share_no_show_pct',
] as const satisfies readonly (keyof CancellationPolicy)[];
export const POLICY_TERMS = TERMS;

/** The terms of a stored policy, nothing else. */
export const termsOf = (row: PolicyRow): CancellationPolicy => Object.fromEntries(TERMS.map((k) => [k, row[k]])) as CancellationPolicy;

/**
 * The policy that governs a ride: the zone's own when the ride's zone has one, else the city's default
 * (zone_id null) for its ride type; undefined when the city has none (every cancel is then free). Rides do
 * not carry a zone yet: when zones land (migration 0009), pass the pickup's pricing zone as `zoneId`.
 */
export async function policyFor(db: Kysely<DB>, cityId: string, rideType: PolicyRow['ride_type'], zoneId: string | null = null): Promise<CancellationPolicy | undefined> {
  const rows = await db
    .selectFrom('cancellation_policies')
    .selectAll()
    .where('city_id', '=', cityId)
    .where('ride_type', '=', rideType)
    .where((eb) => (zoneId ? eb.or([eb('zone_id', 'is', null), eb('zone_id', '=', zoneId)]) : eb('zone_id', 'is', null)))
    .execute();
  const row = rows.find((r) => r.zone_id !== null) ?? rows[0];
  return row ? termsOf(row) : undefined;
}

/** The city defaults of several (city, ride type) pairs at once, keyed `city:type`: the ride views of a page. */
export async function defaultPolicies(db: Kysely<DB>, cityIds: string[]): Promise<Map<string, CancellationPolicy>> {
  if (cityIds.length === 0) return new Map();
  const rows = await db.selectFrom('cancellation_policies').selectAll().where('city_id', 'in', [...new Set(cityIds)]).where('zone_id', 'is', null).execute();
  return new Map(rows.map((r) => [`${r.city_id}:${r.ride_type}`, termsOf(r)]));
}

/** The rider's owed cancellation fees: charged, not waived, not yet carried onto a booking. */
export const owedFees = (db: Kysely<DB>, riderId: string) =>
  db
    .selectFrom('rides')
    .select(['id', 'cancellation_fee_cents'])
    .where('rider_id', '=', riderId)
    .where('cancellation_fee_cents', '>', 0)
    .where('cancellation_fee_waived', '=', false)
    .where('cancellation_fee_carried_to', 'is', null);

/** What the rider owes in all, integer cents: shown on the quote before they book. */
export async function owedFeeCents(db: Kysely<DB>, riderId: string): Promise<number> {
  const rows = await owedFees(db, riderId).execute();
  return rows.reduce((sum, r) => sum + (r.cancellation_fee_cents ?? 0), 0);
}

/**
 * A new city's default policies, one per ride type, with the table's defaults (2 minutes free, 5 minutes'
 * no-show wait and lateness margin, drivers keep 100 %) and no fees: money is the operator's to set, in the
 * city's currency, on /cancellation-policies. Call it in the transaction that creates the city (issue 12's
 * cities and zones); a city that already has them is left as it is.
 */
export async function seedCityPolicies(trx: Kysely<DB>, cityId: string) {
  const types = ['economy', 'comfort', 'xl'] as const;
  const existing = await trx.selectFrom('cancellation_policies').select('ride_type').where('city_id', '=', cityId).where('zone_id', 'is', null).execute();
  const missing = types.filter((t) => !existing.some((e) => e.ride_type === t));
  if (missing.length === 0) return;
  await trx
    .insertInto('cancellation_policies')
    .values(missing.map((ride_type) => ({ city_id: cityId, ride_type })))
    .execute();
}
