import { computeFare } from '@openride/shared/rides/fare';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';
import { pricingOf } from '../pricing/pricing.repo';
import type { ZoneLookup } from './zone-locator';

/**
 * The fares, per ride type, of a trip of `trip` starting at a point whose zones are `at`: what the Test a
 * point tool shows. The one place the zones domain asks pricing for a price, so per-zone fare policies
 * (issue 12, /pricing-settings) swap in here: today the city's price table, whatever the pricing zone.
 * Surge is not built yet: every fare is at 1.0×.
 */
export async function referenceFares(services: Pick<Services, 'db'>, at: ZoneLookup, trip: { distance_m: number; duration_s: number }) {
  if (!at.city) return { fares: [], surge_multiplier: 1, surge: null };
  const pricing = await pricingOf(services.db, at.city.id);
  return {
    fares: pricing.map((p) => ({ ride_type: p.ride_type, name: RIDE_TYPE_NAMES[p.ride_type], fare_cents: computeFare(p, trip.distance_m, trip.duration_s) })),
    surge_multiplier: 1,
    surge: null,
  };
}
