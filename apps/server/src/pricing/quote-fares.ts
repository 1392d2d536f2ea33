import { RIDE_TYPE_NAMES, type QuoteRequest } from '@openride/shared/rides/schemas';
import { owedFeeCents } from '../cancellation/cancellation.repo';
import { QUOTE_VALIDITY_S } from '@openride/shared/surge/surge';
import { signQuoteLock } from '../surge/quote-lock';
import { checkTrip } from '../zones/check-trip';
import { policiesInForce } from './fare-policies.repo';
import { priceTrip } from './price-trip';
import { nearestEligibleByType } from '../vehicles/eligible-supply';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';

/**
 * Upfront fares for every ride type of the pickup's city (refused outside every service area, or to a
 * restricted destination: check-trip.ts), priced on one routed distance and duration with the fare policy
 * versions in force now (decision 0032) for the pickup's pricing zone (its highest-priority enabled one, or
 * `pricingZoneId` when given), and the pickup ETA of the nearest available driver within dispatch's widest
 * radius (null when there is none: no number beats a made-up one). A driver serves a ride type only when
 * their active, verified vehicle qualifies for it (decision 0046): each option has the ETA of the nearest
 * such driver, and `available: false` when none is near (the rider's page shows it as unavailable, with
 * the reason; requesting it anyway is allowed and may end without a driver). Every fare carries the pickup zone's surge multiplier, locked for the ride
 * requested within the quote's validity through `quote_token` (decision 0035).
 */
/**
 * The dispatcher's search rings, which the quote's pickup estimate walks: declared by shape, as what pricing
 * asks of dispatch, because dispatch imports rides and rides imports pricing (server.ts hands the dispatcher).
 */
export type SearchRadii = { readonly options: { readonly radiiM: readonly number[] } };

export async function quoteFares(
  services: Pick<Ports, 'db' | 'quoteKey'> & { routing: RoutingProvider; geo: GeoIndex; dispatcher: SearchRadii; zones: ZoneLocator; surge: SurgeEngine },
  input: QuoteRequest,
  opts: { pricingZoneId?: string | null; at?: Date; riderId?: string } = {},
) {
  const { city, pricing_zone } = await checkTrip(services.zones, input);
  const at = opts.at ?? new Date();
  const zoneId = opts.pricingZoneId !== undefined ? opts.pricingZoneId : (pricing_zone?.id ?? null);
  const radii = services.dispatcher.options.radiiM;
  const [policies, route, nearest, owed, surge] = await Promise.all([
    policiesInForce(services.db, city.id, zoneId, at),
    services.routing.route(input.pickup, input.destination),
    nearestEligibleByType(services, city.id, input.pickup, radii[radii.length - 1]!),
    opts.riderId ? owedFeeCents(services.db, opts.riderId) : 0,
    services.surge.quoteFor(pricing_zone, at),
  ]);
  // One routed ETA per distinct driver (one car often serves all three types).
  const etas = new Map<string, Promise<number>>();
  const etaOf = (near: { driverId: string; lat: number; lng: number }) => {
    if (!etas.has(near.driverId))
      etas.set(
        near.driverId,
        services.routing.route({ lat: near.lat, lng: near.lng }, input.pickup).then((r) => r.duration_s),
      );
    return etas.get(near.driverId)!;
  };
  const pickupEtas = new Map(
    await Promise.all(policies.map(async (p) => [p.ride_type, nearest[p.ride_type] ? await etaOf(nearest[p.ride_type]!) : null] as const)),
  );
  return {
    city: { id: city.id, name: city.name },
    currency: city.currency,
    distance_m: route.distance_m,
    duration_s: route.duration_s,
    route: route.geometry ?? [
      [input.pickup.lat, input.pickup.lng],
      [input.destination.lat, input.destination.lng],
    ],
    options: policies.map((p) => ({
      ride_type: p.ride_type,
      name: RIDE_TYPE_NAMES[p.ride_type],
      seats: p.seats,
      fare_cents: priceTrip(p, city, { distance_m: route.distance_m, duration_s: route.duration_s, at, surge: surge.multiplier_tenths / 10 }).breakdown
        .total_cents,
      pickup_eta_s: pickupEtas.get(p.ride_type) ?? null,
      available: nearest[p.ride_type] !== null,
    })),
    owed_fee_cents: owed,
    surge_tenths: surge.multiplier_tenths,
    surge_zone: surge.multiplier_tenths !== 10 ? surge.zone_name : null,
    // The multiplier shown is the one charged, if the ride is requested from here within the validity.
    quote_token: signQuoteLock(services.quoteKey, { zone_id: surge.zone_id, multiplier_tenths: surge.multiplier_tenths, pickup: input.pickup, issued_at: at }),
    expires_at: new Date(at.getTime() + QUOTE_VALIDITY_S * 1000).toISOString(),
  };
}
