import { fareLines } from '@openride/shared/pricing/fare-lines';
import { pricingText } from '@openride/shared/pricing/pricing-text';
import type { simulateFareSchema } from '@openride/shared/pricing/schemas';
import type { SimulatedFare } from '@openride/shared/pricing/views';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { cityTimeZone } from './city-time-zone';
import { policyInForce } from './fare-policies.repo';
import { priceTrip } from './price-trip';

/**
 * The Simulate fare panel: the fare a trip of this distance and duration would get at `at` (default now)
 * from a pickup in `zone_id` (null: the city default), priced exactly as a quote is, line by line.
 */
export async function simulateFare(db: Kysely<DB>, input: z.output<typeof simulateFareSchema>, now = new Date()): Promise<SimulatedFare> {
  const city = await db.selectFrom('cities').selectAll().where('id', '=', input.city).executeTakeFirst();
  if (!city) throw notFound(pricingText.errors.cityNotFound);
  const at = input.at ? new Date(input.at) : now;
  const policy = await policyInForce(db, city.id, input.zone_id, input.ride_type, at);
  if (!policy) throw notFound(pricingText.errors.noPolicy);
  const { breakdown } = priceTrip(policy, city, { distance_m: input.distance_m, duration_s: input.duration_s, at });
  return {
    city: { id: city.id, name: city.name, currency: city.currency, time_zone: cityTimeZone(city) },
    policy: { id: policy.id, version: policy.version, zone_id: policy.zone_id, ride_type: policy.ride_type },
    at: at.toISOString(),
    breakdown,
    lines: fareLines(breakdown, input.distance_m, input.duration_s, { all: true }),
  };
}
