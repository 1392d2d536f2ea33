import type { FarePolicyRates } from '@openride/shared/pricing/fare-policy';
import { RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export const POLICY_COLUMNS = [
  'fare_policies.id',
  'fare_policies.city_id',
  'fare_policies.zone_id',
  'fare_policies.ride_type',
  'fare_policies.version',
  'fare_policies.base_cents',
  'fare_policies.per_km_cents',
  'fare_policies.per_min_cents',
  'fare_policies.minimum_cents',
  'fare_policies.booking_fee_cents',
  'fare_policies.seats',
  'fare_policies.night_multiplier',
  'fare_policies.night_start_min',
  'fare_policies.night_end_min',
  'fare_policies.effective_from',
  'fare_policies.created_by',
  'fare_policies.created_at',
  'fare_policies.note',
] as const;

type PolicyRow = {
  id: string;
  zone_id: string | null;
  ride_type: RideType;
  version: number;
  base_cents: number;
  per_km_cents: number;
  per_min_cents: number;
  minimum_cents: number;
  booking_fee_cents: number;
  seats: number;
  night_multiplier: string | number | null;
  night_start_min: number | null;
  night_end_min: number | null;
  effective_from: Date | string;
  created_at: Date | string;
};

/** A row's rates, the night window's numeric read back as a number. */
export function ratesOf(row: PolicyRow): FarePolicyRates {
  const night =
    row.night_multiplier !== null && row.night_start_min !== null && row.night_end_min !== null
      ? { multiplier: Number(row.night_multiplier), start_min: row.night_start_min, end_min: row.night_end_min }
      : null;
  return {
    base_cents: row.base_cents,
    per_km_cents: row.per_km_cents,
    per_min_cents: row.per_min_cents,
    minimum_cents: row.minimum_cents,
    booking_fee_cents: row.booking_fee_cents,
    seats: row.seats,
    night,
  };
}

const byRideType = <T extends { ride_type: RideType }>(rows: T[]) => rows.sort((a, b) => RIDE_TYPES.indexOf(a.ride_type) - RIDE_TYPES.indexOf(b.ride_type));

/**
 * The version in force at `at` for each ride type of a city, for a pickup in `zoneId` (null: outside every
 * pricing zone): the zone's latest version with effective_from ≤ at, else the city default's. The latest
 * means the newest effective_from, then the highest version (two versions effective at the same moment).
 * A ride type with no version in force at `at` is not offered.
 */
export async function policiesInForce(db: Kysely<DB>, cityId: string, zoneId: string | null, at: Date) {
  const rows = await db
    .selectFrom('fare_policies')
    .select(POLICY_COLUMNS)
    .distinctOn('fare_policies.ride_type')
    .where('fare_policies.city_id', '=', cityId)
    .where('fare_policies.effective_from', '<=', at)
    .where((eb) =>
      zoneId === null ? eb('fare_policies.zone_id', 'is', null) : eb.or([eb('fare_policies.zone_id', '=', zoneId), eb('fare_policies.zone_id', 'is', null)]),
    )
    .orderBy('fare_policies.ride_type')
    // The zone's own versions before the city default's (false sorts first).
    .orderBy(sql`fare_policies.zone_id is null`)
    .orderBy('fare_policies.effective_from', 'desc')
    .orderBy('fare_policies.version', 'desc')
    .execute();
  return byRideType(rows);
}

export type PolicyInForce = Awaited<ReturnType<typeof policiesInForce>>[number];

/** The version in force for one ride type (see `policiesInForce`). */
export async function policyInForce(db: Kysely<DB>, cityId: string, zoneId: string | null, rideType: RideType, at: Date) {
  return (await policiesInForce(db, cityId, zoneId, at)).find((p) => p.ride_type === rideType);
}

/**
 * The city's public price list: its default policies in force now, in the ride types' display order, in the
 * shape GET /api/pricing/:city has always answered (`updated_at`: when the version took effect).
 */
export async function pricingOf(db: Kysely<DB>, cityId: string) {
  const rows = await policiesInForce(db, cityId, null, new Date());
  return rows.map((p) => {
    const effective = new Date(p.effective_from);
    const created = new Date(p.created_at);
    return {
      ride_type: p.ride_type,
      base_cents: p.base_cents,
      per_km_cents: p.per_km_cents,
      per_min_cents: p.per_min_cents,
      minimum_cents: p.minimum_cents,
      booking_fee_cents: p.booking_fee_cents,
      seats: p.seats,
      updated_at: effective > created ? effective : created,
    };
  });
}

/**
 * What a ride keeps of the prices it was booked on (`rides.pricing`): the rates, which version they came
 * from, and the multipliers applied. The receipt itemises from it whatever the policies become.
 */
export function pricingSnapshot(policy: PolicyInForce, multipliers: { time: number; surge: number }) {
  return {
    policy_id: policy.id,
    policy_version: policy.version,
    zone_id: policy.zone_id,
    base_cents: policy.base_cents,
    per_km_cents: policy.per_km_cents,
    per_min_cents: policy.per_min_cents,
    minimum_cents: policy.minimum_cents,
    booking_fee_cents: policy.booking_fee_cents,
    time_multiplier: multipliers.time,
    surge_multiplier: multipliers.surge,
  };
}
export type PricingSnapshot = ReturnType<typeof pricingSnapshot>;
