import type { ZoneGeometry } from '@openride/shared/zones/schemas';

/** [lat, lng], as the map and the corner list show them. */
export type Corner = [number, number];

/** The corners of the zone's first polygon's outer ring (without the closing repeat), as [lat, lng]. */
export function cornersOf(geometry: ZoneGeometry): Corner[] {
  const ring = geometry.type === 'Polygon' ? geometry.coordinates[0]! : geometry.coordinates[0]![0]!;
  return ring.slice(0, -1).map(([lng, lat]) => [lat!, lng!]);
}

/** How many rings or polygons the zone has besides the outer ring the editor edits. */
export function otherPartsOf(geometry: ZoneGeometry): number {
  if (geometry.type === 'Polygon') return geometry.coordinates.length - 1;
  return geometry.coordinates.reduce((n, polygon) => n + polygon.length, 0) - 1;
}

/** A closed GeoJSON ring of `[lng, lat]` from corners. */
export const ringOf = (corners: readonly Corner[]) => [
  ...corners.map(([lat, lng]) => [lng, lat]),
  ...(corners.length ? [[corners[0]![1], corners[0]![0]]] : []),
];

/** The geometry with its first outer ring replaced by `corners`: holes and other polygons kept. */
export function withCorners(geometry: ZoneGeometry | null, corners: readonly Corner[]): ZoneGeometry {
  const ring = ringOf(corners);
  if (!geometry) return { type: 'Polygon', coordinates: [ring] };
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: [ring, ...geometry.coordinates.slice(1)] };
  return { type: 'MultiPolygon', coordinates: [[ring, ...geometry.coordinates[0]!.slice(1)], ...geometry.coordinates.slice(1)] };
}

/** Every polygon of the geometry as [lat, lng] rings: the outer, then the holes. */
export function polygonsForMap(geometry: ZoneGeometry): { boundary: Corner[]; holes: Corner[][] }[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const toCorners = (ring: number[][]) => ring.map(([lng, lat]) => [lat!, lng!] as Corner);
  return polygons.map((rings) => ({ boundary: toCorners(rings[0]!), holes: rings.slice(1).map(toCorners) }));
}
