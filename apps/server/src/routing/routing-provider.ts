import type { LatLng } from '@openride/shared/rides/schemas';

export type Route = { distance_m: number; duration_s: number; geometry?: [number, number][] };

/** Road distance and driving time between two points: what the upfront fare is priced on. */
export type RoutingProvider = { route(from: LatLng, to: LatLng): Promise<Route> };
