import type { CancellationPolicy } from '@openride/shared/cancellation/fees';
import type { Kysely, Selectable } from 'kysely';
import type { CancellationPoliciesInForceView, DB } from '../db/schema';

/** A policy with its version in force (the view `cancellation_policies_in_force`, migration 0046). */
export type PolicyRow = Selectable<CancellationPoliciesInForceView>;

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

/** The terms of a stored policy version, nothing else. */
export const termsOf = (row: CancellationPolicy): CancellationPolicy => Object.fromEntries(TERMS.map((k) => [k, row[k]])) as CancellationPolicy;

/** A ride's pickup pricing zone, as its price snapshot recorded it at booking (null: outside every one). */
export const rideZoneId = (ride: { pricing: unknown }): string | null => {
  const zone = (ride.pricing as { pickup_zone_id?: unknown } | null)?.pickup_zone_id;
  return typeof zone === 'string' ? zone : null;
};

/**
 * The policy that governs a ride, in its version in force now (decision 0087): the zone's own when the ride's pickup zone (`rideZoneId`) has one, else the
 * city's default (zone_id null) for its ride type; undefined when the city has none (every cancel is then free).
 */
export async function policyFor(
  db: Kysely<DB>,
  cityId: string,
  rideType: PolicyRow['ride_type'],
  zoneId: string | null = null,
): Promise<CancellationPolicy | undefined> {
  const rows = await db
    .selectFrom('cancellation_policies_in_force')
    .selectAll()
    .where('city_id', '=', cityId)
    .where('ride_type', '=', rideType)
    .where((eb) => (zoneId ? eb.or([eb('zone_id', 'is', null), eb('zone_id', '=', zoneId)]) : eb('zone_id', 'is', null)))
    .execute();
  const row = rows.find((r) => r.zone_id !== null) ?? rows[0];
  return row ? termsOf(row) : undefined;
}

/**
 * The policies of several rides at once (the ride views of a page), as `policyFor` picks them: `of(ride)`
 * answers the ride's pickup zone's own policy where it has one, else the city default for its ride type.
 */
export async function policiesForRides(db: Kysely<DB>, rides: ReadonlyArray<{ city_id: string; ride_type: string; pricing: unknown }>) {
  const byKey = new Map<string, CancellationPolicy>();
  if (rides.length > 0) {
    const zoneIds = [...new Set(rides.map(rideZoneId).filter((z): z is string => z !== null))];
    const rows = await db
      .selectFrom('cancellation_policies_in_force')
      .selectAll()
      .where('city_id', 'in', [...new Set(rides.map((r) => r.city_id))])
      .where((eb) => (zoneIds.length ? eb.or([eb('zone_id', 'is', null), eb('zone_id', 'in', zoneIds)]) : eb('zone_id', 'is', null)))
      .execute();
    for (const r of rows) byKey.set(`${r.city_id}:${r.ride_type}:${r.zone_id ?? ''}`, termsOf(r));
  }
  return {
    of: (ride: { city_id: string; ride_type: string; pricing: unknown }) =>
      byKey.get(`${ride.city_id}:${ride.ride_type}:${rideZoneId(ride) ?? ''}`) ?? byKey.get(`${ride.city_id}:${ride.ride_type}:`),
  };
}

/**
 * The rider's owed cancellation fees: charged, not waived, and not carried onto a booking that is still on or
 * completed. A fee carried onto a booking that was then cancelled or found no driver was never paid (the
 * ledger still holds it as owed, decision 0037): it is owed again, and the next booking carries it.
 */
export const owedFees = (db: Kysely<DB>, riderId: string) =>
  db
    .selectFrom('rides')
    .select(['id', 'cancellation_fee_cents'])
    .where('rider_id', '=', riderId)
    .where('cancellation_fee_cents', '>', 0)
    .where('cancellation_fee_waived', '=', false)
    .where((eb) =>
      eb.or([
        eb('cancellation_fee_carried_to', 'is', null),
        // A card rider's fee taken from the ride's own hold is marked as carried by the ride itself: paid.
        eb.and([
          eb(
            'cancellation_fee_carried_to',
            'in',
            eb
              .selectFrom('rides as carrier')
              .select('carrier.id')
              .where('carrier.rider_id', '=', riderId)
              .where('carrier.status', 'in', ['cancelled', 'no_driver']),
          ),
          eb('cancellation_fee_carried_to', '<>', eb.ref('rides.id')),
        ]),
      ]),
    );

/**
 * What the rider owes from card captures refused for good (decision 0043): the payment's `owed_cents`, not
 * carried onto a booking that is still on or completed — the same rule as `owedFees`: carried onto a booking
 * that was then cancelled or found no driver, it is owed again.
 */
export const owedCaptures = (db: Kysely<DB>, riderId: string) =>
  db
    .selectFrom('payments as p')
    .innerJoin('rides as r', 'r.id', 'p.ride_id')
    .select(['p.id', 'p.owed_cents'])
    .where('r.rider_id', '=', riderId)
    .where('p.owed_cents', '>', 0)
    .where((eb) =>
      eb.or([
        eb('p.owed_carried_to', 'is', null),
        eb(
          'p.owed_carried_to',
          'in',
          eb
            .selectFrom('rides as carrier')
            .select('carrier.id')
            .where('carrier.rider_id', '=', riderId)
            .where('carrier.status', 'in', ['cancelled', 'no_driver']),
        ),
      ]),
    );

/** What the rider owes in all (cancellation fees and declined captures), integer cents: shown on the quote before they book, carried by their next ride. */
export async function owedFeeCents(db: Kysely<DB>, riderId: string): Promise<number> {
  const [fees, captures] = await Promise.all([owedFees(db, riderId).execute(), owedCaptures(db, riderId).execute()]);
  return fees.reduce((sum, r) => sum + (r.cancellation_fee_cents ?? 0), 0) + captures.reduce((sum, p) => sum + p.owed_cents, 0);
}

/**
 * A new city's default policies, one per ride type, each with its version 1 holding the table's defaults
 * (2 minutes free, 5 minutes' no-show wait and lateness margin, drivers keep 100 %) and no fees: money is
 * the operator's to set, in the city's currency, on /cancellation-policies. Call it in the transaction that
 * creates the city (issue 12's cities and zones); a city that already has them is left as it is.
 */
export async function seedCityPolicies(trx: Kysely<DB>, cityId: string) {
  const types = ['economy', 'comfort', 'xl'] as const;
  const existing = await trx.selectFrom('cancellation_policies').select('ride_type').where('city_id', '=', cityId).where('zone_id', 'is', null).execute();
  const missing = types.filter((t) => !existing.some((e) => e.ride_type === t));
  if (missing.length === 0) return;
  const scopes = await trx
    .insertInto('cancellation_policies')
    .values(missing.map((ride_type) => ({ city_id: cityId, ride_type })))
    .returning('id')
    .execute();
  await trx
    .insertInto('cancellation_policy_versions')
    .values(scopes.map((s) => ({ policy_id: s.id, version: 1 })))
    .execute();
}
