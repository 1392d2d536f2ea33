import { computeFare } from '@openride/shared/rides/fare';
import { RIDE_TYPE_NAMES, type QuoteRequest } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';
import { findCityAt, outsideServiceArea, pricingOf } from './pricing.repo';

/**
 * Upfront fares for every ride type of the pickup's city, priced on one routed distance and duration.
 * `pickup_eta_s` is null until the online-driver geo index exists (a later slice): no number beats a
 * made-up one.
 */
export async function quoteFares(services: Pick<Services, 'db' | 'routing'>, input: QuoteRequest) {
  const city = await findCityAt(services.db, input.pickup);
  if (!city) throw outsideServiceArea();
  const [pricing, route] = await Promise.all([pricingOf(services.db, city.id), services.routing.route(input.pickup, input.destination)]);
  return {
    city: { id: city.id, name: city.name },
    currency: city.currency,
    distance_m: route.distance_m,
    duration_s: route.duration_s,
    options: pricing.map((p) => ({
      ride_type: p.ride_type,
      name: RIDE_TYPE_NAMES[p.ride_type],
      seats: p.seats,
      fare_cents: computeFare(p, route.distance_m, route.duration_s),
      pickup_eta_s: null as number | null,
    })),
  };
}
