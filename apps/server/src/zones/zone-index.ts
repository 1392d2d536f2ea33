import type { ZoneGeometry, ZoneType } from '@openride/shared/zones/schemas';
import { bboxOf, pointInGeometry, polygonsOf, type Point } from './point-in-polygon';

/**
 * The zones cut into a grid of 0.005° cells (≈ 550 m × 440 m in San Francisco), built once per change of
 * the zones and kept in memory: the location path asks "which city?" on every GPS frame, and a lookup is
 * two floors, one Map read and an exact point-in-polygon test only for zones whose edge crosses the cell
 * (decision 0031). A cell no edge touches lies wholly inside or wholly outside a zone, so its centre
 * decides for all of it.
 */
export type IndexedZone = { id: string; city_id: string; type: ZoneType; name: string; color: string; priority: number; geometry: ZoneGeometry };

export const CELL_DEG = 0.005;
/** A zone whose box holds more cells than this (a whole country) is tested exactly for every lookup in its box instead. */
const MAX_CELLS_PER_ZONE = 250_000;
/** Edges widened by this (degrees) when finding the cells they touch: a point on an edge is never filed in a cell the edge missed by a rounding. */
const EDGE_PAD = 1e-9;

type Candidate<Z> = { zone: Z; exact: boolean };

const rowOf = (lat: number) => Math.floor((lat + 90) / CELL_DEG);
const colOf = (lng: number) => Math.floor((lng + 180) / CELL_DEG);
const keyOf = (row: number, col: number) => row * 100_000 + col;

/** Highest priority first; then by type, name and id so equal priorities still come in one order. */
export function byPriority(a: IndexedZone, b: IndexedZone) {
  return b.priority - a.priority || a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

export type ZoneIndex<Z extends IndexedZone> = {
  /** Every indexed zone holding the point, highest priority first. */
  lookup(point: Point): Z[];
  stats(): { zones: number; cells: number };
};

export function buildZoneIndex<Z extends IndexedZone>(input: readonly Z[]): ZoneIndex<Z> {
  const zones = [...input].sort(byPriority);
  const cells = new Map<number, Candidate<Z>[]>();
  const large: { zone: Z; box: ReturnType<typeof bboxOf> }[] = [];
  const file = (key: number, zone: Z, exact: boolean) => {
    const list = cells.get(key);
    if (list) list.push({ zone, exact });
    else cells.set(key, [{ zone, exact }]);
  };

  for (const zone of zones) {
    const box = bboxOf(zone.geometry);
    const r0 = rowOf(box.south);
    const r1 = rowOf(box.north);
    const c0 = colOf(box.west);
    const c1 = colOf(box.east);
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_CELLS_PER_ZONE) {
      large.push({ zone, box });
      continue;
    }
    // The cells an edge may cross: those of each edge's (padded) box. A superset is fine: they get the exact test.
    const edgeCells = new Set<number>();
    for (const polygon of polygonsOf(zone.geometry))
      for (const ring of polygon)
        for (let i = 1; i < ring.length; i++) {
          const [x1, y1] = ring[i - 1]!;
          const [x2, y2] = ring[i]!;
          for (let r = rowOf(Math.min(y1!, y2!) - EDGE_PAD); r <= rowOf(Math.max(y1!, y2!) + EDGE_PAD); r++)
            for (let c = colOf(Math.min(x1!, x2!) - EDGE_PAD); c <= colOf(Math.max(x1!, x2!) + EDGE_PAD); c++) edgeCells.add(keyOf(r, c));
        }
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const key = keyOf(r, c);
        if (edgeCells.has(key)) file(key, zone, true);
        else if (pointInGeometry({ lat: (r + 0.5) * CELL_DEG - 90, lng: (c + 0.5) * CELL_DEG - 180 }, zone.geometry)) file(key, zone, false);
      }
  }

  return {
    lookup(point) {
      const found: Z[] = [];
      for (const { zone, exact } of cells.get(keyOf(rowOf(point.lat), colOf(point.lng))) ?? [])
        if (!exact || pointInGeometry(point, zone.geometry)) found.push(zone);
      if (large.length) {
        for (const { zone, box } of large)
          if (point.lng >= box.west && point.lng <= box.east && point.lat >= box.south && point.lat <= box.north && pointInGeometry(point, zone.geometry))
            found.push(zone);
        found.sort(byPriority);
      }
      return found;
    },
    stats: () => ({ zones: zones.length, cells: cells.size }),
  };
}
