import { computeFare } from '@openride/shared/rides/fare';
import { RIDE_TYPE_NAMES, type QuoteRequest } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';
import { owedFeeCents } from '../cancellation/cancellation.repo';
import { findCityAt } from '../cities/cities.repo';
import { domainError } from '../lib/errors';
import { pricingOf } from './pricing.repo';

/**
 * Upfront fares for every ride type of the pickup's city, priced on one routed distance and duration, and
 * the pickup ETA of the nearest available driver within dispatch's widest radius (null when there is none:
 * no number beats a made-up one). Every driver serves every ride type for now, so the ETA is the same.
 */
export async function quoteFares(services: Pick<Services, 'db' | 'routing' | 'geo' | 'dispatcher'>, input: QuoteRequest, riderId?: string) {
  const city = await findCityAt(services.db, input.pickup);
  if (!city) throw domainError('OUTSIDE_SERVICE_AREA');
  const radii = services.dispatcher.options.radiiM;
  const [pricing, route, nearest, owed] = await Promise.all([
    pricingOf(services.db, city.id),
    services.routing.route(input.pickup, input.destination),
    services.geo.nearest(city.id, input.pickup, { radius_m: radii[radii.length - 1]!, limit: 1 }),
    riderId ? owedFeeCents(services.db, riderId) : 0,
  ]);
  const near = nearest[0];
  const pickup_eta_s = near ? (await services.routing.route({ lat: near.lat, lng: near.lng }, input.pickup)).duration_s : null;
  return {
    city: { id: city.id, name: city.name },
    currency: city.currency,
    distance_m: route.distance_m,
    duration_s: route.duration_s,
    route: route.geometry ?? [
      [input.pickup.lat, input.pickup.lng],
      [input.destination.lat, input.destination.lng],
    ],
    options: pricing.map((p) => ({
      ride_type: p.ride_type,
      name: RIDE_TYPE_NAMES[p.ride_type],
      seats: p.seats,
      fare_cents: computeFare(p, route.distance_m, route.duration_s),
      pickup_eta_s,
    })),
    owed_fee_cents: owed,
  };
}
