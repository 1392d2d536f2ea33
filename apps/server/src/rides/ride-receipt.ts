import type { Pricing } from '@openride/shared/rides/fare';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';
import { domainError, notFound } from '../lib/errors';
import { destinationOf, findRideFor, pickupOf } from './rides.repo';

const MAX_PATH_POINTS = 500;

/**
 * The receipt of a completed ride: the upfront fare itemised from the price list it was quoted on (the
 * lines add up to the fare exactly: the rounding is shown as its own line when there is any), and the path
 * the driver took, thinned to at most 500 points for the map.
 */
export async function rideReceipt(services: Pick<Services, 'db'>, userId: string, rideId: string) {
  const found = await findRideFor(services.db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  const ride = found.row;
  if (ride.status !== 'completed') throw domainError('RIDE_NOT_COMPLETED', 'The receipt is ready when the ride is completed.');

  const lines: { label: string; amount_cents: number }[] = [];
  const pricing = (typeof ride.pricing === 'string' ? JSON.parse(ride.pricing) : ride.pricing) as Pricing | null;
  if (pricing) {
    const km = ride.distance_m / 1000;
    const min = ride.duration_s / 60;
    const base = pricing.base_cents;
    const distance = Math.round(pricing.per_km_cents * km);
    const time = Math.round(pricing.per_min_cents * min);
    lines.push({ label: `${RIDE_TYPE_NAMES[ride.ride_type]} base fare`, amount_cents: base });
    lines.push({ label: `Distance (${km.toFixed(1)} km)`, amount_cents: distance });
    lines.push({ label: `Time (${Math.round(min)} min)`, amount_cents: time });
    const trip = base + distance + time;
    if (trip < pricing.minimum_cents) lines.push({ label: 'Minimum fare adjustment', amount_cents: pricing.minimum_cents - trip });
    lines.push({ label: 'Booking fee', amount_cents: pricing.booking_fee_cents });
    const sum = lines.reduce((a, l) => a + l.amount_cents, 0);
    if (sum !== ride.fare_cents) lines.push({ label: 'Rounding', amount_cents: ride.fare_cents - sum });
  } else {
    lines.push({ label: `${RIDE_TYPE_NAMES[ride.ride_type]} fare`, amount_cents: ride.fare_cents });
  }

  const crumbs = await services.db.selectFrom('ride_locations').select(['lat', 'lng']).where('ride_id', '=', ride.id).orderBy('at').execute();
  const step = Math.max(1, Math.ceil(crumbs.length / MAX_PATH_POINTS));
  const path = crumbs.filter((_, i) => i % step === 0 || i === crumbs.length - 1).map((c) => [c.lat, c.lng] as [number, number]);

  return {
    ride_id: ride.id,
    fare_cents: ride.fare_cents,
    currency: ride.currency,
    lines,
    distance_m: ride.distance_m,
    duration_s: ride.duration_s,
    pickup: pickupOf(ride),
    destination: destinationOf(ride),
    started_at: ride.started_at,
    completed_at: ride.completed_at,
    payment_method: ride.payment_method,
    path,
  };
}
