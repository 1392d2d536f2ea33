import { z } from 'zod';

/**
 * Ride check (issue 15, decision 0062): the thresholds, stated once. The server's detector
 * (apps/server/src/safety/ride-check.ts) and the words people read both come from here. Uber's RideCheck is the
 * anchor (a long unexpected stop, a route deviation → "Is everything OK?" to both parties, SOS one tap away).
 */
export const RIDE_CHECK = {
  /** A long stop: the car stayed within STOP_RADIUS_M of one point for this long while the trip is under way. */
  stopMinutes: 5,
  /** GPS wobbles 10–30 m at rest; a car that moved less than this has not moved. */
  stopRadiusM: 100,
  /** A stop this close to the destination is the drop-off (parking, the rider getting out), never a check. */
  arrivalRadiusM: 200,
  /** A deviation: further than this from the route… */
  deviationMinM: 1_000,
  /** …or this share of the trip's straight length when that is more (a long trip's roads bulge further)… */
  deviationTripShare: 0.25,
  /** …but never more than this: on a long trip a car this far off is worth one question. */
  deviationMaxM: 3_000,
  /** Off the route that far for this long (one wrong turn and its correction is not a deviation). */
  deviationMinutes: 2,
  /**
   * After both parties answered "I'm OK", the same reason asks again only once its condition held this long
   * again, counted from the later answer: a new full stop; for a deviation, a long detour the rider agreed to
   * is not asked about every two minutes.
   */
  reaskMinutes: { long_stop: 5, route_deviation: 10 },
  /** The job reads this much of the ride's path each run (≥ the longest period above, with a margin). */
  windowMinutes: 15,
} as const;

export const RIDE_CHECK_REASONS = ['long_stop', 'route_deviation'] as const;
export type RideCheckReason = (typeof RIDE_CHECK_REASONS)[number];

/** How far off the route a car may be on a trip of `tripM` metres (straight pickup → destination). */
export function deviationThresholdM(tripM: number): number {
  return Math.min(RIDE_CHECK.deviationMaxM, Math.max(RIDE_CHECK.deviationMinM, RIDE_CHECK.deviationTripShare * tripM));
}

/** The open check a rider or driver is asked about (GET /api/rides/:id/ride-check). */
export const rideCheckViewSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  reason: z.enum(RIDE_CHECK_REASONS),
  /** `long_stop:6min`, `route_deviation:1400m`: what the detector measured. */
  detail: z.string(),
  asked_at: z.string(),
});
export type RideCheckView = z.infer<typeof rideCheckViewSchema>;

export const rideCheckResponseSchema = z.strictObject({ check: rideCheckViewSchema.nullable() });
export const rideCheckOkResponseSchema = z.strictObject({
  answered: z.number().int().describe('How many open checks the caller answered (0: none was waiting for them)'),
});
