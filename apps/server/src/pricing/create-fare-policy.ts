import { parseTimeOfDay } from '@openride/shared/pricing/fare-policy';
import { pricingText } from '@openride/shared/pricing/pricing-text';
import { EFFECTIVE_PAST_TOLERANCE_MS, type farePolicyInputSchema } from '@openride/shared/pricing/schemas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { badRequest } from '../lib/errors';
import { addSettingsVersion } from '../settings/versioned-settings';
import { POLICY_COLUMNS } from './fare-policies.repo';
import { farePolicyView } from './fare-policy-view';

type Input = z.output<typeof farePolicyInputSchema>;

const auditFields = (p: {
  version: number;
  base_cents: number;
  per_km_cents: number;
  per_min_cents: number;
  minimum_cents: number;
  booking_fee_cents: number;
  seats: number;
  night: unknown;
  effective_from: string;
}) => ({
  version: p.version,
  base_cents: p.base_cents,
  per_km_cents: p.per_km_cents,
  per_min_cents: p.per_min_cents,
  minimum_cents: p.minimum_cents,
  booking_fee_cents: p.booking_fee_cents,
  seats: p.seats,
  night: p.night,
  effective_from: p.effective_from,
});

/**
 * An admin adds the next version of a fare policy for one scope (zone_id null = the city default) and ride
 * type, effective now or later; old versions are never changed. The rules every versioned setting shares
 * (the effective date, the city lock, the audit with the version it follows) are `addSettingsVersion`'s; a
 * zone scope must be one of this city's pricing zones.
 */
export async function createFarePolicy(db: Kysely<DB>, adminId: string, cityId: string, input: Input, now = new Date()) {
  return addSettingsVersion(db, {
    adminId,
    cityId,
    effectiveFrom: input.effective_from,
    now,
    pastToleranceMs: EFFECTIVE_PAST_TOLERANCE_MS,
    words: { effectiveInPast: pricingText.effectiveInPast, cityNotFound: pricingText.errors.cityNotFound },
    check: async (trx) => {
      if (input.zone_id === null) return;
      // A zone scope is one of this city's pricing zones (a uuid that names nothing is refused, not stored).
      const zone = await trx
        .selectFrom('zones')
        .select('id')
        .where('id', '=', input.zone_id)
        .where('city_id', '=', cityId)
        .where('type', '=', 'pricing_zone')
        .executeTakeFirst();
      if (!zone) throw badRequest(pricingText.errors.zoneNotFound);
    },
    latest: (trx) =>
      trx
        .selectFrom('fare_policies')
        .where('fare_policies.city_id', '=', cityId)
        .where('fare_policies.ride_type', '=', input.ride_type)
        .where('fare_policies.zone_id', input.zone_id === null ? 'is' : '=', input.zone_id)
        .select(POLICY_COLUMNS)
        .orderBy('fare_policies.version', 'desc')
        .limit(1)
        .executeTakeFirst(),
    insert: (trx, next) =>
      trx
        .insertInto('fare_policies')
        .values({
          city_id: cityId,
          zone_id: input.zone_id,
          ride_type: input.ride_type,
          version: next.version,
          base_cents: input.base_cents,
          per_km_cents: input.per_km_cents,
          per_min_cents: input.per_min_cents,
          minimum_cents: input.minimum_cents,
          booking_fee_cents: input.booking_fee_cents,
          seats: input.seats,
          night_multiplier: input.night?.multiplier ?? null,
          night_start_min: input.night ? parseTimeOfDay(input.night.start) : null,
          night_end_min: input.night ? parseTimeOfDay(input.night.end) : null,
          effective_from: next.effectiveFrom,
          created_by: adminId,
          note: input.note,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    view: farePolicyView,
    audit: {
      action: 'fare_policy.create',
      entityType: 'fare_policy',
      entityId: (v) => v.id,
      fields: auditFields,
      scope: { city_id: cityId, zone_id: input.zone_id, ride_type: input.ride_type },
      reason: input.note,
    },
  });
}
