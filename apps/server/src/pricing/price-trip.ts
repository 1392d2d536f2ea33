import { timeMultiplierAt } from '@openride/shared/pricing/fare-policy';
import { fareBreakdown } from '@openride/shared/rides/fare';
import { cityTimeZone } from './city-time-zone';
import { type PolicyInForce, pricingSnapshot, ratesOf } from './fare-policies.repo';

/**
 * One trip priced on one policy version at one moment: the time-of-day window is read on the city's
 * clock; `surge` (default 1) is the pickup zone's demand multiplier once surge pricing lands. Both multiply
 * base + distance + time only, never the booking fee.
 */
export function priceTrip(
  policy: PolicyInForce,
  city: { id: string; timezone?: string | null },
  trip: { distance_m: number; duration_s: number; at: Date; surge?: number },
) {
  const rates = ratesOf(policy);
  const multipliers = { time: timeMultiplierAt(rates.night, trip.at, cityTimeZone(city)), surge: trip.surge ?? 1 };
  return { breakdown: fareBreakdown(rates, trip.distance_m, trip.duration_s, multipliers), snapshot: pricingSnapshot(policy, multipliers) };
}
