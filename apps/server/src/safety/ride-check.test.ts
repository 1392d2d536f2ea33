import { distanceMeters } from '@openride/shared/geo/lat-lng';
import { deviationThresholdM, RIDE_CHECK } from '@openride/shared/safety/ride-check';
import { describe, expect, it } from 'vitest';
import { detectRideCheck, distanceToRouteM, type TimedFix } from './ride-check';

const PICKUP = { lat: 37.7955, lng: -122.3937 };
const DESTINATION = { lat: 37.7694, lng: -122.4862 };
const route = [PICKUP, DESTINATION];
const T0 = new Date('2026-05-01T10:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
/** A point `m` metres north of `p`. */
const north = (p: { lat: number; lng: number }, m: number) => ({ lat: p.lat + m / 111_195, lng: p.lng });
/** The way from pickup to destination, a share `f` of it. */
const along = (f: number) => ({ lat: PICKUP.lat + f * (DESTINATION.lat - PICKUP.lat), lng: PICKUP.lng + f * (DESTINATION.lng - PICKUP.lng) });
/** A fix every 5 s from `fromS` to `toS` (inclusive), at `where(s)`. */
const fixes = (fromS: number, toS: number, where: (s: number) => { lat: number; lng: number }): TimedFix[] => {
  const out: TimedFix[] = [];
  for (let s = fromS; s <= toS; s += 5) out.push({ ...where(s), at: at(s) });
  return out;
};
const detect = (f: TimedFix[], previous = {}) => detectRideCheck({ fixes: f, route, destination: DESTINATION, previous });

describe('detectRideCheck', () => {
  const stopAt = along(0.4);
  // Moving for 2 minutes, then standing (GPS wobbling ±30 m) for `stopS` seconds.
  const drivenThenStopped = (stopS: number) => [
    ...fixes(0, 120, (s) => along((0.4 * s) / 120)),
    ...fixes(125, 120 + stopS, (s) => north(stopAt, s % 2 ? 30 : -30)),
  ];

  it('asks about a stop of stopMinutes away from the destination, not a shorter one', () => {
    expect(detect(drivenThenStopped(RIDE_CHECK.stopMinutes * 60 - 10))).toEqual([]);
    const found = detect(drivenThenStopped(RIDE_CHECK.stopMinutes * 60 + 60));
    expect(found).toEqual([{ reason: 'long_stop', detail: 'long_stop:6min', since: expect.any(Date) }]);
  });

  it('a car crawling in traffic (more than stopRadiusM in the period) is not stopped', () => {
    // 150 m in 6 minutes: slow, but moving.
    expect(detect(fixes(0, 360, (s) => along(0.3 + (s / 360) * (150 / distanceMeters(PICKUP, DESTINATION)))))).toEqual([]);
  });

  it('a stop at the destination is the drop-off', () => {
    expect(detect(fixes(0, 900, () => north(DESTINATION, 150)))).toEqual([]);
  });

  it('an open check of the reason is not asked again; after both said OK, only after another full period', () => {
    const f = drivenThenStopped(20 * 60);
    expect(detect(f, { long_stop: { open: true, closedAt: null } })).toEqual([]);
    const newest = f.at(-1)!.at.getTime();
    // Answered 4 minutes before the newest fix: not yet a new full stop.
    expect(detect(f, { long_stop: { open: false, closedAt: new Date(newest - 4 * 60_000) } })).toEqual([]);
    const again = detect(f, { long_stop: { open: false, closedAt: new Date(newest - RIDE_CHECK.reaskMinutes.long_stop * 60_000) } });
    expect(again.map((c) => c.reason)).toEqual(['long_stop']);
  });

  it('asks about a car far off the way for deviationMinutes, not for a short detour or one near the route', () => {
    const trip = distanceMeters(PICKUP, DESTINATION);
    const threshold = deviationThresholdM(trip);
    expect(threshold).toBeGreaterThanOrEqual(RIDE_CHECK.deviationMinM);
    expect(threshold).toBeLessThanOrEqual(RIDE_CHECK.deviationMaxM);
    // The car leaves the line northwards at the middle of the trip and drives on away from it.
    const away = (s: number) => north(along(0.5), s < 60 ? 0 : (s - 60) * 15);
    // The first fix beyond the threshold (the detector's own measure, so the test is about time, not geometry).
    let offAt = 60;
    while (distanceToRouteM(away(offAt), route) <= threshold) offAt += 5;
    const short = fixes(0, offAt + RIDE_CHECK.deviationMinutes * 60 - 10, away);
    expect(detect(short)).toEqual([]);
    const long = fixes(0, offAt + RIDE_CHECK.deviationMinutes * 60 + 5, away);
    const [found] = detect(long);
    expect(found?.reason).toBe('route_deviation');
    expect(Number(found?.detail.match(/^route_deviation:(\d+)m$/)?.[1])).toBeGreaterThan(threshold);
    // A car that stays within the threshold however long: never.
    expect(detect(fixes(0, 1200, (s) => north(along(s / 1500), threshold - 100)))).toEqual([]);
  });

  it('the threshold follows the trip: 1 km floor, a quarter of a long trip, 3 km cap', () => {
    expect(deviationThresholdM(2_000)).toBe(1_000);
    expect(deviationThresholdM(8_000)).toBe(2_000);
    expect(deviationThresholdM(40_000)).toBe(3_000);
  });

  it('nothing without fixes, and distance to the route is to the nearest segment', () => {
    expect(detect([])).toEqual([]);
    expect(distanceToRouteM(north(PICKUP, 500), [PICKUP, { lat: PICKUP.lat, lng: PICKUP.lng - 0.05 }])).toBeCloseTo(500, -1);
    expect(distanceToRouteM(north(PICKUP, 500), [PICKUP])).toBeCloseTo(500, -1);
  });
});
