import type { Logger } from '../lib/logger';
import { greatCircleRouting } from './great-circle-routing';
import type { RoutingProvider } from './routing-provider';

type OsrmResponse = {
  code: string;
  routes?: Array<{ distance: number; duration: number; geometry?: { coordinates: [number, number][] } }>;
};

/**
 * OSRM's route service (driving profile). A quote must not hang on a slow or down routing server: after
 * `timeoutMs`, or on any error or "no route", the fare is priced on the great-circle estimate instead.
 */
export function osrmRouting(url: string, opts: { timeoutMs?: number; logger?: Logger; fallback?: RoutingProvider } = {}): RoutingProvider {
  const base = url.replace(/\/+$/, '');
  const fallback = opts.fallback ?? greatCircleRouting();
  const timeoutMs = opts.timeoutMs ?? 3000;
  return {
    async route(from, to) {
      // OSRM takes longitude first.
      const target = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=full&geometries=geojson`;
      try {
        const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`OSRM answered ${res.status}`);
        const body = (await res.json()) as OsrmResponse;
        const best = body.routes?.[0];
        if (body.code !== 'Ok' || !best) throw new Error(`OSRM found no route (${body.code})`);
        return {
          distance_m: Math.round(best.distance),
          duration_s: Math.round(best.duration),
          // GeoJSON is [lng, lat]; our points are [lat, lng].
          ...(best.geometry ? { geometry: best.geometry.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]) } : {}),
        };
      } catch (err) {
        opts.logger?.warn({ err }, 'OSRM routing failed; using the great-circle estimate');
        return fallback.route(from, to);
      }
    },
  };
}
