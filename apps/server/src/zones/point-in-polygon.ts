import type { ZoneGeometry } from '@openride/shared/zones/schemas';

/**
 * Point-in-polygon on GeoJSON geometry (positions `[lng, lat]`), planar in degrees: at a city's scale the
 * difference from a great-circle edge is centimetres. A zone is a **closed** set: a point on a vertex or on
 * an edge — the outer ring's or a hole's — is in the zone, so two zones sharing an edge both hold a point on
 * it and priority decides (decision 0031). Inside a hole (not on its edge) is outside the zone.
 */
export type Point = { lat: number; lng: number };
export type Ring = readonly (readonly number[])[];
export type PolygonRings = readonly Ring[];

/** How far from an edge, in degrees (≈ 1 mm), a point still counts as on it: floating-point, not geography. */
const EPS = 1e-8;

/** True when the point lies on the segment a–b (within EPS). */
function onSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): boolean {
  if (x < Math.min(ax, bx) - EPS || x > Math.max(ax, bx) + EPS || y < Math.min(ay, by) - EPS || y > Math.max(ay, by) + EPS) return false;
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return Math.hypot(x - ax, y - ay) <= EPS;
  return Math.abs((x - ax) * dy - (y - ay) * dx) / len <= EPS;
}

/** Where the point is against one ring: on its boundary, inside, or outside (crossing number). */
export function ringPosition(point: Point, ring: Ring): 'boundary' | 'inside' | 'outside' {
  const x = point.lng;
  const y = point.lat;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (onSegment(x, y, xj, yj, xi, yi)) return 'boundary';
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 'inside' : 'outside';
}

/** One polygon: the first ring is the outer, the rest are holes. */
export function pointInPolygon(point: Point, rings: PolygonRings): boolean {
  const outer = ringPosition(point, rings[0]!);
  if (outer === 'outside') return false;
  if (outer === 'boundary') return true;
  for (let h = 1; h < rings.length; h++) if (ringPosition(point, rings[h]!) === 'inside') return false;
  return true;
}

export function pointInGeometry(point: Point, geometry: ZoneGeometry): boolean {
  if (geometry.type === 'Polygon') return pointInPolygon(point, geometry.coordinates);
  return geometry.coordinates.some((polygon) => pointInPolygon(point, polygon));
}

/** Every polygon of the geometry as rings (a Polygon is a MultiPolygon of one). */
export const polygonsOf = (geometry: ZoneGeometry): PolygonRings[] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);

export type BBox = { west: number; south: number; east: number; north: number };

export function bboxOf(geometry: ZoneGeometry): BBox {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const polygon of polygonsOf(geometry))
    for (const [lng, lat] of polygon[0]!) {
      box.west = Math.min(box.west, lng!);
      box.east = Math.max(box.east, lng!);
      box.south = Math.min(box.south, lat!);
      box.north = Math.max(box.north, lat!);
    }
  return box;
}
