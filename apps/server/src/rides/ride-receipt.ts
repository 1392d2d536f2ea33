import { fareLines } from '@openride/shared/pricing/fare-lines';
import { fareBreakdown, type Pricing } from '@openride/shared/rides/fare';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { domainError } from '../lib/errors';
import { ridePromotionOf } from '../promotions/ride-promotions';
import { destinationOf, pickupOf, type RideRow } from './rides.repo';
import type { Ports } from '../ports';

const MAX_PATH_POINTS = 500;

/**
 * A ride's fare itemised from the price list it was quoted on (the lines add up to the fare exactly: the
 * rounding is shown as its own line when there is any), and the surge it was priced at.
 */
export function receiptLines(ride: RideRow) {
  const lines: { label: string; amount_cents: number }[] = [];
  const pricing = (typeof ride.pricing === 'string' ? JSON.parse(ride.pricing) : ride.pricing) as
    | (Pricing & { time_multiplier?: number; surge_multiplier?: number })
    | null;
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
  return { lines, surge_multiplier: pricing?.surge_multiplier ?? 1 };
}

/**
 * The receipt of a completed ride the caller may read (checked by the caller: its rider or driver, or an
 * admin): the upfront fare itemised (`receiptLines`), and the path the driver took, thinned to at most 500
 * points for the map; with a promotion (decision 0068), its code and the ride's discount as their own line and
 * the fare the rider pays (fare − discount, from the ride record). `forDriver`: the driver reads the fare their
 * earnings are on, without the rider's promotion. The money pages extend it with the ledger's figures (payment-history/).
 */
export async function receiptOf(services: Pick<Ports, 'db'>, ride: RideRow, opts: { forDriver?: boolean } = {}) {
  if (ride.status !== 'completed') throw domainError('RIDE_NOT_COMPLETED', 'The receipt is ready when the ride is completed.');
  const { lines } = receiptLines(ride);

  const crumbs = await services.db.selectFrom('ride_locations').select(['lat', 'lng']).where('ride_id', '=', ride.id).orderBy('at').execute();
  const step = Math.max(1, Math.ceil(crumbs.length / MAX_PATH_POINTS));
  const path = crumbs.filter((_, i) => i % step === 0 || i === crumbs.length - 1).map((c) => [c.lat, c.lng] as [number, number]);
  const promotion = opts.forDriver ? null : await ridePromotionOf(services.db, ride);
  const city = ride.city_id ? await services.db.selectFrom('cities').select('timezone').where('id', '=', ride.city_id).executeTakeFirst() : undefined;

  return {
    ride_id: ride.id,
    fare_cents: ride.fare_cents,
    currency: ride.currency,
    lines,
    promotion,
    paid_fare_cents: ride.fare_cents - (promotion?.discount_cents ?? 0),
    distance_m: ride.distance_m,
    duration_s: ride.duration_s,
    pickup: pickupOf(ride),
    destination: destinationOf(ride),
    started_at: ride.started_at,
    completed_at: ride.completed_at,
    time_zone: city?.timezone ?? 'UTC',
    payment_method: ride.payment_method,
    // A business ride (decision 0067): the receipt says which company paid.
    company_name: ride.company_id
      ? ((await services.db.selectFrom('companies').select('name').where('id', '=', ride.company_id).executeTakeFirst())?.name ?? null)
      : null,
    path,
  };
}
