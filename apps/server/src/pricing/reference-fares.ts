import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { policiesInForce } from './fare-policies.repo';
import { priceTrip } from './price-trip';
import type { ZoneLookup } from '../zones/zone-locator';
import type { Ports } from '../ports';
import type { SurgeEngine } from '../surge/surge-engine';

/**
 * The fares, per ride type, of a trip of `trip` starting at a point whose zones are `at`: what the Test a
 * point tool shows. Priced as a quote would be now: the fare policy versions in force for the point's
 * pricing zone (else the city default), with the zone's surge multiplier.
 */
export async function referenceFares(services: Pick<Ports, 'db'> & { surge: SurgeEngine }, at: ZoneLookup, trip: { distance_m: number; duration_s: number }) {
  if (!at.city) return { fares: [], surge_multiplier: 1, surge: null };
  const now = new Date();
  const [policies, surge] = await Promise.all([
    policiesInForce(services.db, at.city.id, at.pricing_zone?.id ?? null, now),
    services.surge.quoteFor(at.pricing_zone, now),
  ]);
  return {
    fares: policies.map((p) => ({
      ride_type: p.ride_type,
      name: RIDE_TYPE_NAMES[p.ride_type],
      fare_cents: priceTrip(p, at.city!, { ...trip, at: now, surge: surge.multiplier_tenths / 10 }).breakdown.total_cents,
    })),
    surge_multiplier: surge.multiplier_tenths / 10,
    surge: surge.zone_id ? { zone_id: surge.zone_id, zone_name: surge.zone_name ?? '', multiplier_tenths: surge.multiplier_tenths } : null,
  };
}
