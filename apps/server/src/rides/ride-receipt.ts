import { fareLines } from '@openride/shared/pricing/fare-lines';
import { fareBreakdown, type Pricing } from '@openride/shared/rides/fare';
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
  const pricing = (typeof ride.pricing === 'string' ? JSON.parse(ride.pricing) : ride.pricing) as (Pricing & { time_multiplier?: number; surge_multiplier?: number }) | null;
  if (pricing) {
    // Snapshots from before fare policies (decision 0032) carry no multipliers: they were × 1.
    const breakdown = fareBreakdown(pricing, ride.distance_m, ride.duration_s, { time: pricing.time_multiplier ?? 1, surge: pricing.surge_multiplier ?? 1 });
    for (const line of fareLines(breakdown, ride.distance_m, ride.duration_s, { baseLabel: `${RIDE_TYPE_NAMES[ride.ride_type]} base fare` })) {
      lines.push({ label: line.label, amount_cents: line.amount_cents });
    }
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
