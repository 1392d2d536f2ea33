import { distanceMeters } from '@openride/shared/geo/lat-lng';
import { gridPath, inGridArea } from '@openride/shared/geo/street-grid';
import type { LatLng } from '@openride/shared/rides/schemas';
import type { RoutingProvider } from './routing-provider';

/** Great-circle distance in metres: the shared haversine (packages/shared/src/geo/lat-lng.ts). */
export const haversineMeters = (a: LatLng, b: LatLng): number => distanceMeters(a, b);

/**
 * Routing without a road network. Streets are longer than the straight line: a detour factor of 1.3 is
 * the usual circuity of urban road networks (about 1.2–1.4 in US cities), and 25 km/h is a plausible
 * door-to-door average for city driving with lights and traffic. Good enough to price a ride when no
 * OSRM is configured; the result is whole metres and seconds.
 *
 * The geometry is a path along San Francisco's street grid (packages/shared/src/geo/street-grid.ts), so
 * maps and simulated vehicles follow streets. The distance and duration stay the great-circle estimate
 * (fares and ETAs are priced on them, and must not change with the drawing); the grid path's own length
 * is within a few per cent of it on typical trips (Manhattan distance averages ~1.27× the straight line).
 * Outside San Francisco the grid knows no streets: the geometry is then the straight line.
 */
export function greatCircleRouting(detourFactor = 1.3, avgSpeedKmh = 25, opts: { geometry?: boolean } = {}): RoutingProvider {
  // Hot paths that only want the numbers (an ETA per location frame) can skip drawing the path.
  const draw = opts.geometry ?? true;
  return {
    async route(from, to) {
      const distance = haversineMeters(from, to) * detourFactor;
      const estimate = { distance_m: Math.round(distance), duration_s: Math.round(distance / ((avgSpeedKmh * 1000) / 3600)) };
      if (!draw) return estimate;
      return {
        ...estimate,
        geometry:
          inGridArea(from) && inGridArea(to)
            ? gridPath(from, to)
            : [
                [from.lat, from.lng],
                [to.lat, to.lng],
              ],
      };
    },
  };
}
