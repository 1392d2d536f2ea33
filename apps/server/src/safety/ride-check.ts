import { distanceMeters } from '@openride/shared/geo/lat-lng';
import { deviationThresholdM, RIDE_CHECK, type RideCheckReason } from '@openride/shared/safety/ride-check';

export type Point = { lat: number; lng: number };
export type TimedFix = Point & { at: Date };

/** The last check of one reason on this ride: open (not both answered) blocks a new one; closed sets the clock. */
export type PreviousCheck = { open: boolean; closedAt: Date | null };

export type RideCheckFinding = { reason: RideCheckReason; detail: string; since: Date };

const MINUTE = 60_000;

/** Metres from `p` to the segment a–b, on a local flat projection around `p` (exact enough within a city). */
export function distanceToSegmentM(p: Point, a: Point, b: Point): number {
  const mPerLat = 111_195;
  const mPerLng = 111_195 * Math.cos((p.lat * Math.PI) / 180);
  const ax = (a.lng - p.lng) * mPerLng;
  const ay = (a.lat - p.lat) * mPerLat;
  const bx = (b.lng - p.lng) * mPerLng;
  const by = (b.lat - p.lat) * mPerLat;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Metres from `p` to the nearest point of the polyline `route` (at least one point). */
export function distanceToRouteM(p: Point, route: readonly Point[]): number {
  if (route.length === 1) return distanceMeters(p, route[0]!);
  let best = Infinity;
  for (let i = 1; i < route.length; i++) best = Math.min(best, distanceToSegmentM(p, route[i - 1]!, route[i]!));
  return best;
}

/**
 * The earliest time of the run of fixes, ending with the newest, that all satisfy `holds` (null when the newest
 * does not). The run is of fixes we have: a gap in them is taken as the condition holding through it.
 */
function runStart(fixes: readonly TimedFix[], holds: (f: TimedFix) => boolean): Date | null {
  let start: Date | null = null;
  for (let i = fixes.length - 1; i >= 0 && holds(fixes[i]!); i--) start = fixes[i]!.at;
  return start;
}

/**
 * What a ride in progress should be asked about now (decision 0062), from its driver's fixes since the trip
 * started (oldest first, the job's window), the way it should take (`route`: the pickup → destination line, or a
 * road route's points) and the last check of each reason. Pure: the job reads, this decides, the job writes.
 *
 * - **long_stop**: the newest fix and every fix before it back to `stopMinutes` ago lie within `stopRadiusM` of
 *   the newest, and the newest is not within `arrivalRadiusM` of the destination.
 * - **route_deviation**: every fix of the last `deviationMinutes` is further from the route than
 *   `deviationThresholdM(trip length)`.
 *
 * A reason with an open check is not asked again. After a closed one (both said OK) the condition must hold
 * for `reaskMinutes[reason]` counted from `closedAt`: a new full period, not the tail of the old one.
 */
export function detectRideCheck(input: {
  fixes: readonly TimedFix[];
  route: readonly Point[];
  destination: Point;
  previous?: Partial<Record<RideCheckReason, PreviousCheck>>;
}): RideCheckFinding[] {
  const { fixes, route, destination } = input;
  const newest = fixes.at(-1);
  if (!newest || route.length === 0) return [];
  const found: RideCheckFinding[] = [];

  const consider = (reason: RideCheckReason, start: Date | null, firstMinutes: number, detail: () => string) => {
    const previous = input.previous?.[reason];
    if (!start || previous?.open) return;
    const closedAt = previous?.closedAt ?? null;
    const since = closedAt && closedAt > start ? closedAt : start;
    const minutes = closedAt ? RIDE_CHECK.reaskMinutes[reason] : firstMinutes;
    if (newest.at.getTime() - since.getTime() >= minutes * MINUTE) found.push({ reason, detail: detail(), since });
  };

  if (distanceMeters(newest, destination) > RIDE_CHECK.arrivalRadiusM) {
    const stoppedSince = runStart(fixes, (f) => distanceMeters(f, newest) <= RIDE_CHECK.stopRadiusM);
    consider('long_stop', stoppedSince, RIDE_CHECK.stopMinutes, () => `long_stop:${Math.floor((newest.at.getTime() - stoppedSince!.getTime()) / MINUTE)}min`);
  }

  const threshold = deviationThresholdM(distanceMeters(route[0]!, route.at(-1)!));
  const offSince = runStart(fixes, (f) => distanceToRouteM(f, route) > threshold);
  consider('route_deviation', offSince, RIDE_CHECK.deviationMinutes, () => `route_deviation:${Math.round(distanceToRouteM(newest, route) / 100) * 100}m`);

  return found;
}
