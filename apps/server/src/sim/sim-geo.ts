import { SF_PLACES, type SfPlace } from '@openride/shared/geo/sf-places';
import { clampToLand, distanceMeters, gridPath, inGridArea, isOnLand, type LatLngTuple } from '@openride/shared/geo/street-grid';

export type Point = { lat: number; lng: number };

/** A small, fast, seedable PRNG (mulberry32): each simulated person gets a reproducible life. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The gazetteer's places inside the city proper (the airports are outside the street grid). */
export const CITY_PLACES: readonly SfPlace[] = SF_PLACES.filter((p) => inGridArea(p) && isOnLand(p));

/**
 * Where the demo drivers start, in this order: the busiest places first, so that a handful of drivers
 * covers downtown, and more drivers spread over the rest of the city.
 */
const HOME_ORDER = [
  'union-square',
  'mission-dolores',
  'ferry-building',
  'city-hall',
  'painted-ladies',
  'oracle-park',
  'haight-ashbury',
  'coit-tower',
  'castro-theatre',
  'japantown',
];
export const HOME_SPOTS: readonly Point[] = [
  ...HOME_ORDER.map((id) => CITY_PLACES.find((p) => p.id === id)).filter((p): p is SfPlace => !!p),
  ...CITY_PLACES.filter((p) => !HOME_ORDER.includes(p.id)),
].map((p) => ({ lat: p.lat, lng: p.lng }));

/** Driver `index`'s home spot (cycling through HOME_SPOTS). */
export function homeOf(index: number): Point {
  return HOME_SPOTS[index % HOME_SPOTS.length]!;
}

/** A random point on land within `radiusM` of `center` (uniform over the disc, retried until on land). */
export function randomPointNear(center: Point, radiusM: number, random: () => number): Point {
  for (let attempt = 0; attempt < 30; attempt++) {
    const r = radiusM * Math.sqrt(random());
    const theta = 2 * Math.PI * random();
    const p = {
      lat: center.lat + (r * Math.cos(theta)) / 111_195,
      lng: center.lng + (r * Math.sin(theta)) / (111_195 * Math.cos((center.lat * Math.PI) / 180)),
    };
    if (isOnLand(p)) return p;
  }
  const [lat, lng] = clampToLand(center);
  return { lat, lng };
}

/** A random pair of city places at least `minM` apart, each jittered by up to 150 m (a street nearby). */
export function randomTrip(random: () => number, minM = 1_200): { pickup: Point & { label: string }; destination: Point & { label: string } } {
  for (;;) {
    const a = CITY_PLACES[Math.floor(random() * CITY_PLACES.length)]!;
    const b = CITY_PLACES[Math.floor(random() * CITY_PLACES.length)]!;
    if (a === b || distanceMeters(a, b) < minM) continue;
    return {
      pickup: { ...randomPointNear(a, 150, random), label: a.name },
      destination: { ...randomPointNear(b, 150, random), label: b.name },
    };
  }
}

/**
 * The simulated phone's navigation app: a driving path between two points. Without a road network,
 * the street grid in San Francisco and a straight line elsewhere; `routeVia` (the server's routing
 * provider, in process) when given, so vehicles follow OSRM's roads when the server has OSRM.
 */
export type Navigator = (from: Point, to: Point) => Promise<LatLngTuple[]>;

export const gridNavigator: Navigator = async (from, to) =>
  inGridArea(from) && inGridArea(to)
    ? gridPath(from, to)
    : [
        [from.lat, from.lng],
        [to.lat, to.lng],
      ];
