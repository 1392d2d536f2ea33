import type { RideOffer } from '@openride/shared/rides/dispatch';
import type { Selectable } from 'kysely';
import type { RideOffersTable } from '../db/schema';
import { destinationOf, pickupOf, type RideRow } from '../rides/rides.repo';

type OfferRow = Selectable<RideOffersTable>;

/** An offer as the driver's card shows it: the trip, the way to the pickup, the fare and the time left. */
export function offerView(offer: OfferRow, ride: RideRow, timeoutMs: number): RideOffer {
  return {
    id: offer.id,
    ride_id: ride.id,
    ride_type: ride.ride_type,
    pickup: pickupOf(ride),
    destination: destinationOf(ride),
    distance_m: ride.distance_m,
    duration_s: ride.duration_s,
    pickup_distance_m: offer.pickup_distance_m,
    pickup_eta_s: offer.pickup_eta_s,
    fare_cents: ride.fare_cents,
    currency: ride.currency,
    payment_method: ride.payment_method,
    expires_at: new Date(offer.expires_at).toISOString(),
    timeout_s: Math.round(timeoutMs / 1000),
  };
}
