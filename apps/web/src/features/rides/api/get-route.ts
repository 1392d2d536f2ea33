import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

type Point = { lat: number; lng: number };
export type RouteLine = { line: [number, number][]; distance_m: number; duration_s: number };

// ~100 m: the way is asked again only once the driver has really moved, not on every GPS frame.
const snap = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The way by road between two points, from the quote endpoint's routed geometry (the server's one routing
 * service; a quote has no side effects). Without an answer the map falls back to a straight line.
 */
export function useRouteLine(from: Point | null, to: Point | null) {
  const a = from ? { lat: snap(from.lat), lng: snap(from.lng) } : null;
  const b = to ? { lat: snap(to.lat), lng: snap(to.lng) } : null;
  return useQuery({
    queryKey: rideKeys.route(a, b),
    queryFn: async (): Promise<RouteLine> => {
      // Enabled only once both points are known.
      const quote = await call('POST /api/rides/quote', { body: { pickup: a!, destination: b! } });
      return { line: quote.route, distance_m: quote.distance_m, duration_s: quote.duration_s };
    },
    enabled: Boolean(a && b),
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
