import { distanceMeters as greatCircleMeters, EARTH_RADIUS_M } from './lat-lng';
/**
 * A street grid for San Francisco, for when no routing server is configured: vehicles on the map follow
 * streets (right angles, whole blocks) instead of cutting straight through buildings and over hills.
 *
 * The model, deliberately simple and deterministic (docs/decisions/0011-demo-city.md):
 * - One north–south / east–west grid over the whole city, blocks of 130 m (east–west) × 110 m
 *   (north–south), anchored at Market & Van Ness. That is the grid of the Richmond, the Sunset, the Western
 *   Addition and the Mission; SoMa's 45° grid and the hills' curving streets are not modelled.
 * - Land is a hand-drawn polygon of the city (ocean west, Golden Gate north, the bay east, the county line
 *   south). Endpoints in the water are pulled onto land, then snapped to the nearest street.
 * - Between the two snapped points the path is a staircase: alternating runs of a few blocks each, so a
 *   long diagonal trip zig-zags along the straight line the way a driver threading the grid would, and
 *   never strays more than a few blocks from it. If a corner of the staircase would fall in the water
 *   (the waterfront is not a straight line), finer stairs are tried, then corners are pulled onto land.
 *
 * Points are [lat, lng] pairs (as Leaflet and the API's `route` take them) or `{ lat, lng }` objects.
 */

export type LatLngTuple = [number, number];
export type PointLike = LatLngTuple | { lat: number; lng: number };

/** East–west length of a block (distance between two north–south streets), metres. */
export const BLOCK_EW_M = 130;
/** North–south length of a block (distance between two east–west streets), metres. */
export const BLOCK_NS_M = 110;
/** A staircase step covers at most this many blocks along its longer axis before turning. */
const STAIR_BLOCKS = 4;

const RAD = Math.PI / 180;
/** The grid's origin and the local projection's centre: Market Street at Van Ness Avenue. */
const ORIGIN = { lat: 37.7752, lng: -122.4193 };
const M_PER_DEG_LAT = EARTH_RADIUS_M * RAD;
const M_PER_DEG_LNG = EARTH_RADIUS_M * RAD * Math.cos(ORIGIN.lat * RAD);

/**
 * San Francisco's land, clockwise from the south-west corner (Fort Funston at the county line). Drawn by
 * hand along the shore to about 100 m; Treasure Island and the piers' ends are left out.
 */
export const SF_LAND_POLYGON: readonly LatLngTuple[] = [
  [37.7081, -122.5025], // Fort Funston, county line
  [37.72, -122.504],
  [37.735, -122.507], // Ocean Beach at Sloat
  [37.753, -122.5095],
  [37.77, -122.511], // Golden Gate Park's west end
  [37.779, -122.5135], // Cliff House
  [37.783, -122.51],
  [37.7875, -122.505], // Lands End
  [37.788, -122.493], // China Beach
  [37.7935, -122.4845], // Baker Beach
  [37.808, -122.4765], // Fort Point
  [37.804, -122.465], // Crissy Field
  [37.806, -122.445], // Marina Green
  [37.8075, -122.431], // Fort Mason
  [37.8068, -122.423], // Aquatic Park
  [37.8085, -122.415], // Fisherman's Wharf
  [37.808, -122.409], // Pier 39
  [37.804, -122.404],
  [37.799, -122.3975],
  [37.7955, -122.3935], // Ferry Building
  [37.7905, -122.3885],
  [37.785, -122.3875], // Bay Bridge anchorage
  [37.779, -122.3875], // South Beach
  [37.773, -122.386], // Mission Bay
  [37.764, -122.386], // Dogpatch
  [37.758, -122.383], // Pier 70
  [37.75, -122.385],
  [37.742, -122.382], // Islais Creek
  [37.735, -122.373],
  [37.729, -122.364], // Hunters Point
  [37.723, -122.359],
  [37.715, -122.375], // Candlestick Cove
  [37.709, -122.38], // Candlestick Point
  [37.7081, -122.393], // county line at the bay
];

type XY = { x: number; y: number };

const lat = (p: PointLike) => (Array.isArray(p) ? p[0] : p.lat);
const lng = (p: PointLike) => (Array.isArray(p) ? p[1] : p.lng);
const toXY = (p: PointLike): XY => ({ x: (lng(p) - ORIGIN.lng) * M_PER_DEG_LNG, y: (lat(p) - ORIGIN.lat) * M_PER_DEG_LAT });
const toLatLng = (p: XY): LatLngTuple => [round7(ORIGIN.lat + p.y / M_PER_DEG_LAT), round7(ORIGIN.lng + p.x / M_PER_DEG_LNG)];
/** Seven decimals: about a centimetre, and stable numbers in tests and on the wire. */
const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

const LAND_XY: readonly XY[] = SF_LAND_POLYGON.map(toXY);

function insideXY(p: XY): boolean {
  let inside = false;
  for (let i = 0, j = LAND_XY.length - 1; i < LAND_XY.length; j = i++) {
    const a = LAND_XY[i]!;
    const b = LAND_XY[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** True when the point is on San Francisco's land (the polygon above). */
export function isOnLand(p: PointLike): boolean {
  return insideXY(toXY(p));
}

/** Distance from a point outside the land to the nearest shore point, metres (0 on land). */
function shoreDistanceXY(p: XY): number {
  if (insideXY(p)) return 0;
  const q = nearestShoreXY(p);
  return Math.hypot(q.x - p.x, q.y - p.y);
}

function nearestShoreXY(p: XY): XY {
  let best: XY = LAND_XY[0]!;
  let bestD = Infinity;
  for (let i = 0, j = LAND_XY.length - 1; i < LAND_XY.length; j = i++) {
    const a = LAND_XY[j]!;
    const b = LAND_XY[i]!;
    const abx = b.x - a.x;
    const aby = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx * abx + aby * aby)));
    const q = { x: a.x + t * abx, y: a.y + t * aby };
    const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}

/**
 * Whether the grid describes streets near this point: on San Francisco's land or within `marginM` of its
 * shore (a pin dropped on a pier or the beach). Anywhere else (Oakland, Daly City, another city) the grid
 * says nothing, and callers should not use it.
 */
export function inGridArea(p: PointLike, marginM = 300): boolean {
  return shoreDistanceXY(toXY(p)) <= marginM;
}

/** How far inside the shore a point pulled out of the water lands: a street, not the seawall. */
const SHORE_INSET_M = 40;
/** A point well inside the city (near Twin Peaks), towards which shore points are nudged. */
const CENTROID_XY: XY = toXY([37.758, -122.445]);

function clampXY(p: XY): XY {
  if (insideXY(p)) return p;
  const best = nearestShoreXY(p);
  // Step inwards towards the middle of the city until inside (a few metres at a time).
  const dx = CENTROID_XY.x - best.x;
  const dy = CENTROID_XY.y - best.y;
  const len = Math.hypot(dx, dy) || 1;
  for (let inset = SHORE_INSET_M; inset < 2000; inset += 20) {
    const q = { x: best.x + (dx / len) * inset, y: best.y + (dy / len) * inset };
    if (insideXY(q)) return q;
  }
  return CENTROID_XY;
}

/** The nearest point on land (the point itself when it is on land), a little inside the shore. */
export function clampToLand(p: PointLike): LatLngTuple {
  const xy = toXY(p);
  return insideXY(xy) ? [lat(p), lng(p)] : toLatLng(clampXY(xy));
}

/** A point on a street: on a north–south street (`ns`, x fixed) or an east–west one (`ew`, y fixed). */
type StreetPoint = XY & { on: 'ns' | 'ew' };

function snapXY(p: XY): StreetPoint {
  const nsX = Math.round(p.x / BLOCK_EW_M) * BLOCK_EW_M;
  const ewY = Math.round(p.y / BLOCK_NS_M) * BLOCK_NS_M;
  const candidates: StreetPoint[] = [
    { x: nsX, y: p.y, on: 'ns' },
    { x: p.x, y: ewY, on: 'ew' },
  ].sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y)) as StreetPoint[];
  // The nearer street, unless it is in the water and the other is not.
  return candidates.find((c) => insideXY(c)) ?? candidates[0]!;
}

/** The nearest point on a street of the grid (after pulling the point onto land). */
export function snapToStreet(p: PointLike): LatLngTuple {
  return toLatLng(snapXY(clampXY(toXY(p))));
}

/** Grid intersection (column i: x = i × BLOCK_EW_M; row j: y = j × BLOCK_NS_M). */
type Node = { i: number; j: number };
const nodeXY = (n: Node): XY => ({ x: n.i * BLOCK_EW_M, y: n.j * BLOCK_NS_M });

/** The intersection reached first when leaving `p` along its street in the direction of `towards`. */
function exitNode(p: StreetPoint, towards: XY): Node {
  if (p.on === 'ns') {
    const i = Math.round(p.x / BLOCK_EW_M);
    const jf = p.y / BLOCK_NS_M;
    return { i, j: towards.y >= p.y ? Math.ceil(jf - 1e-9) : Math.floor(jf + 1e-9) };
  }
  const j = Math.round(p.y / BLOCK_NS_M);
  const if_ = p.x / BLOCK_EW_M;
  return { i: towards.x >= p.x ? Math.ceil(if_ - 1e-9) : Math.floor(if_ + 1e-9), j };
}

/** Intersections of a staircase from a to b, `steps` steps, each a run along `first` then the other axis. */
function staircase(a: Node, b: Node, steps: number, first: 'ns' | 'ew'): Node[] {
  const nodes: Node[] = [a];
  let cur = a;
  for (let k = 1; k <= steps; k++) {
    const i = a.i + Math.round(((b.i - a.i) * k) / steps);
    const j = a.j + Math.round(((b.j - a.j) * k) / steps);
    // Moving along a north–south street changes y (the row j) first.
    const corner: Node = first === 'ns' ? { i: cur.i, j } : { i, j: cur.j };
    nodes.push(corner, { i, j });
    cur = { i, j };
  }
  return nodes;
}

/** Drop repeated points and the middle of three points on one street (also removes there-and-back spikes). */
function simplify(points: XY[]): XY[] {
  const out: XY[] = [];
  const same = (a: XY, b: XY) => Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6;
  for (const p of points) {
    if (out.length && same(out[out.length - 1]!, p)) continue;
    while (out.length >= 2) {
      const a = out[out.length - 2]!;
      const b = out[out.length - 1]!;
      const collinear = (Math.abs(a.x - b.x) < 1e-6 && Math.abs(b.x - p.x) < 1e-6) || (Math.abs(a.y - b.y) < 1e-6 && Math.abs(b.y - p.y) < 1e-6);
      if (!collinear) break;
      out.pop();
    }
    if (!out.length || !same(out[out.length - 1]!, p)) out.push(p);
  }
  return out;
}

/** Every 50 m along every segment on land. */
function allOnLand(points: XY[]): boolean {
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 50));
    for (let s = 0; s <= n; s++) {
      if (!insideXY({ x: a.x + ((b.x - a.x) * s) / n, y: a.y + ((b.y - a.y) * s) / n })) return false;
    }
  }
  return true;
}

/**
 * A driving path from `from` to `to` along the street grid: the first point is `from` pulled onto land
 * and snapped to its nearest street, the last is `to` likewise, and every segment runs north–south or
 * east–west. Deterministic: the same two points always give the same path.
 */
export function gridPath(from: PointLike, to: PointLike): LatLngTuple[] {
  const a = snapXY(clampXY(toXY(from)));
  const b = snapXY(clampXY(toXY(to)));
  const sameStreet = (a.on === 'ns' && b.on === 'ns' && Math.abs(a.x - b.x) < 1e-6) || (a.on === 'ew' && b.on === 'ew' && Math.abs(a.y - b.y) < 1e-6);
  // Two points even when they coincide: a path always has a start and an end.
  if (sameStreet) return [toLatLng(a), toLatLng(b)];

  const na = exitNode(a, b);
  const nb = exitNode(b, a);
  const di = Math.abs(nb.i - na.i);
  const dj = Math.abs(nb.j - na.j);
  const coarse = Math.min(Math.max(1, Math.ceil(Math.max(di, dj) / STAIR_BLOCKS)), Math.max(1, Math.min(di, dj)));
  const finest = Math.max(1, Math.min(di, dj));
  const other = a.on === 'ns' ? 'ew' : 'ns';
  // Preferred first: carry on along the street we start on, in coarse steps. Then the alternatives.
  const attempts: Array<[number, 'ns' | 'ew']> = [
    [coarse, a.on],
    [coarse, other],
    [finest, a.on],
    [finest, other],
  ];
  let best: XY[] | undefined;
  for (const [steps, first] of attempts) {
    const points = simplify([a, ...staircase(na, nb, steps, first).map(nodeXY), b]);
    best ??= points;
    if (allOnLand(points)) return points.map(toLatLng);
  }
  // The shore is in the way whatever the stairs: keep the street shape where possible, pull corners ashore.
  return simplify(best!.map(clampXY)).map(toLatLng);
}

/** Great-circle distance between two points, metres (lat-lng.ts's haversine, for either point shape). */
export function distanceMeters(a: PointLike, b: PointLike): number {
  return greatCircleMeters({ lat: lat(a), lng: lng(a) }, { lat: lat(b), lng: lng(b) });
}

/** Initial compass bearing from a to b, degrees clockwise from north, in [0, 360). */
export function bearingDegrees(a: PointLike, b: PointLike): number {
  const φ1 = lat(a) * RAD;
  const φ2 = lat(b) * RAD;
  const Δλ = (lng(b) - lng(a)) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const deg = (Math.atan2(y, x) / RAD + 360) % 360;
  return deg >= 360 ? 0 : deg;
}

/** Length of a path along its points, metres. */
export function pathLength(path: readonly PointLike[]): number {
  let total = 0;
  for (let k = 1; k < path.length; k++) total += distanceMeters(path[k - 1]!, path[k]!);
  return total;
}

export type PathPosition = { lat: number; lng: number; heading: number };

/**
 * Where a vehicle is after driving `metres` along the path, and which way it faces (the heading of the
 * segment it is on). Clamped to the path's ends; an empty path throws, a one-point path stays put.
 */
export function pointAlong(path: readonly PointLike[], metres: number): PathPosition {
  if (!path.length) throw new Error('pointAlong needs a path with at least one point');
  let heading = 0;
  let left = Math.max(0, metres);
  for (let k = 1; k < path.length; k++) {
    const a = path[k - 1]!;
    const b = path[k]!;
    const len = distanceMeters(a, b);
    if (len === 0) continue;
    heading = bearingDegrees(a, b);
    if (left <= len) {
      const t = left / len;
      return { lat: lat(a) + (lat(b) - lat(a)) * t, lng: lng(a) + (lng(b) - lng(a)) * t, heading };
    }
    left -= len;
  }
  const end = path[path.length - 1]!;
  return { lat: lat(end), lng: lng(end), heading };
}

/** Where a line (x fixed when `axis` is 'x', else y fixed) is on land: sorted [from, to] intervals along it. */
function landIntervals(axis: 'x' | 'y', at: number): [number, number][] {
  const crossings: number[] = [];
  for (let i = 0, j = LAND_XY.length - 1; i < LAND_XY.length; j = i++) {
    const a = LAND_XY[i]!;
    const b = LAND_XY[j]!;
    const [a0, b0, a1, b1] = axis === 'y' ? [a.y, b.y, a.x, b.x] : [a.x, b.x, a.y, b.y];
    if (a0 > at !== b0 > at) crossings.push(a1 + ((at - a0) * (b1 - a1)) / (b0 - a0));
  }
  crossings.sort((p, q) => p - q);
  const out: [number, number][] = [];
  for (let k = 0; k + 1 < crossings.length; k += 2) out.push([crossings[k]!, crossings[k + 1]!]);
  return out;
}

/**
 * Every street of the grid as [lat, lng] segments, cut at the shore: the streets the demo's drivers follow,
 * drawn by the map's offline basemap when no tile server answers (issue 17 §5). About 190 lines.
 */
export function gridStreetSegments(): LatLngTuple[][] {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of LAND_XY) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const segments: LatLngTuple[][] = [];
  for (let i = Math.ceil(minX / BLOCK_EW_M); i * BLOCK_EW_M <= maxX; i++) {
    const x = i * BLOCK_EW_M;
    for (const [y0, y1] of landIntervals('x', x)) segments.push([toLatLng({ x, y: y0 }), toLatLng({ x, y: y1 })]);
  }
  for (let j = Math.ceil(minY / BLOCK_NS_M); j * BLOCK_NS_M <= maxY; j++) {
    const y = j * BLOCK_NS_M;
    for (const [x0, x1] of landIntervals('y', y)) segments.push([toLatLng({ x: x0, y }), toLatLng({ x: x1, y })]);
  }
  return segments;
}
