import { describe, expect, it } from 'vitest';
import {
  BLOCK_EW_M,
  BLOCK_NS_M,
  clampToLand,
  distanceMeters,
  gridPath,
  gridStreetSegments,
  inGridArea,
  isOnLand,
  type LatLngTuple,
  pathLength,
  pointAlong,
  snapToStreet,
} from './street-grid';

const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937 };
const GOLDEN_GATE_PARK = { lat: 37.7694, lng: -122.4862 };
const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const MISSION_DOLORES_PARK = { lat: 37.7596, lng: -122.4269 };
const OCEAN_BEACH = { lat: 37.7595, lng: -122.5076 };
const MARINA_GREEN = { lat: 37.8037, lng: -122.4368 };
const ALCATRAZ = { lat: 37.8267, lng: -122.423 }; // in the bay
const FARALLON_SIDE = { lat: 37.76, lng: -122.6 }; // in the Pacific
const MID_BAY = { lat: 37.8, lng: -122.35 };

const isAxisAligned = (a: LatLngTuple, b: LatLngTuple) => a[0] === b[0] || a[1] === b[1];
/** Metres of a north–south or east–west segment, measured along its own axis. */
const along = (a: LatLngTuple, b: LatLngTuple) => distanceMeters(a, b);

describe('street grid paths', () => {
  const inland = [
    [FERRY_BUILDING, GOLDEN_GATE_PARK],
    [UNION_SQUARE, MISSION_DOLORES_PARK],
    [MISSION_DOLORES_PARK, OCEAN_BEACH],
    [MARINA_GREEN, MISSION_DOLORES_PARK],
    [OCEAN_BEACH, UNION_SQUARE],
  ] as const;

  it.each(inland)('drives %o → %o on streets: right angles, on land, ends near the asked points', (from, to) => {
    const path = gridPath(from, to);
    expect(path.length).toBeGreaterThanOrEqual(3);
    for (let k = 1; k < path.length; k++) expect(isAxisAligned(path[k - 1]!, path[k]!), `segment ${k} ${JSON.stringify(path.slice(k - 1, k + 1))}`).toBe(true);
    for (const p of path) expect(isOnLand(p)).toBe(true);
    // Snapping moves an end by at most half a block (to the nearer of the two streets around it).
    expect(distanceMeters(path[0]!, from)).toBeLessThanOrEqual(BLOCK_EW_M / 2 + 1);
    expect(distanceMeters(path.at(-1)!, to)).toBeLessThanOrEqual(BLOCK_EW_M / 2 + 1);
    // A grid trip is longer than the crow flies but never more than √2 times it (plus the two snaps).
    const straight = distanceMeters(from, to);
    const length = pathLength(path);
    expect(length).toBeGreaterThan(straight * 0.99);
    expect(length).toBeLessThan(straight * Math.SQRT2 + 2 * BLOCK_EW_M);
  });

  it('turns only at intersections: every inner segment is a whole number of blocks', () => {
    const path = gridPath(UNION_SQUARE, GOLDEN_GATE_PARK);
    for (let k = 2; k < path.length - 1; k++) {
      const [a, b] = [path[k - 1]!, path[k]!];
      const block = a[1] === b[1] ? BLOCK_NS_M : BLOCK_EW_M;
      const blocks = along(a, b) / block;
      expect(Math.abs(blocks - Math.round(blocks)), `segment ${k}: ${blocks} blocks`).toBeLessThan(0.02);
      expect(Math.round(blocks)).toBeGreaterThanOrEqual(1);
    }
  });

  it('zig-zags along the straight line instead of one big L: no corner strays more than a few blocks from it', () => {
    const path = gridPath(FERRY_BUILDING, GOLDEN_GATE_PARK);
    const [a, b] = [FERRY_BUILDING, GOLDEN_GATE_PARK];
    const total = distanceMeters(a, b);
    for (const p of path) {
      // Distance from the straight line a→b, by the triangle's area (Heron's formula).
      const x = distanceMeters(a, p);
      const y = distanceMeters(p, b);
      const s = (x + y + total) / 2;
      const area = Math.sqrt(Math.max(0, s * (s - x) * (s - y) * (s - total)));
      expect((2 * area) / total).toBeLessThan(5 * BLOCK_EW_M);
    }
    // The Ferry Building to Golden Gate Park is ~8.6 km as the crow flies; on the grid about 1.28× that,
    // close to the 1.3 detour factor the fares use.
    expect(pathLength(path) / total).toBeGreaterThan(1.15);
    expect(pathLength(path) / total).toBeLessThan(1.4);
  });

  it('is deterministic', () => {
    expect(gridPath(UNION_SQUARE, OCEAN_BEACH)).toEqual(gridPath(UNION_SQUARE, OCEAN_BEACH));
    expect(gridPath([37.7812, -122.4655], [37.7433, -122.4211])).toEqual(gridPath({ lat: 37.7812, lng: -122.4655 }, { lat: 37.7433, lng: -122.4211 }));
  });

  it('pulls endpoints in the water onto land: no path starts in the bay or ends in the Pacific', () => {
    for (const [from, to] of [
      [ALCATRAZ, UNION_SQUARE],
      [MID_BAY, FARALLON_SIDE],
      [FARALLON_SIDE, ALCATRAZ],
    ] as const) {
      const path = gridPath(from, to);
      expect(path.length).toBeGreaterThanOrEqual(2);
      for (const p of path) expect(isOnLand(p), JSON.stringify(p)).toBe(true);
    }
    expect(isOnLand(ALCATRAZ)).toBe(false);
    expect(isOnLand(MID_BAY)).toBe(false);
    expect(isOnLand(FARALLON_SIDE)).toBe(false);
    const ashore = clampToLand(ALCATRAZ);
    expect(isOnLand(ashore)).toBe(true);
    // Alcatraz is ~2.3 km off the Wharf: the nearest shore is the northern waterfront, not somewhere far.
    expect(distanceMeters(ashore, ALCATRAZ)).toBeLessThan(2_700);
    expect(clampToLand(UNION_SQUARE)).toEqual([UNION_SQUARE.lat, UNION_SQUARE.lng]);
  });

  it('follows the waterfront from Pier 39 to the Ferry Building without going into the bay', () => {
    const path = gridPath({ lat: 37.8087, lng: -122.4098 }, FERRY_BUILDING);
    for (let k = 1; k < path.length; k++) {
      const [a, b] = [path[k - 1]!, path[k]!];
      for (let t = 0; t <= 1; t += 0.1) expect(isOnLand([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])).toBe(true);
    }
  });

  it('snaps a point to the nearer of the two streets around it', () => {
    const snapped = snapToStreet(MISSION_DOLORES_PARK);
    expect(distanceMeters(snapped, MISSION_DOLORES_PARK)).toBeLessThanOrEqual(BLOCK_EW_M / 2 + 1);
    // Snapping a snapped point leaves it where it is.
    expect(snapToStreet(snapped)).toEqual(snapped);
  });

  it('gives the car at the pickup the very route the rider was shown (path from the snapped start = same path)', () => {
    for (const [from, to] of inland) {
      const shown = gridPath(from, to);
      expect(gridPath(shown[0]!, to)).toEqual(shown);
    }
  });

  it('gives a two-point path for two points on one street, and for one point twice', () => {
    const p = snapToStreet(UNION_SQUARE);
    expect(gridPath(p, p)).toEqual([p, p]);
    expect(pathLength(gridPath(p, p))).toBe(0);
  });
});

describe('pathLength and pointAlong', () => {
  // 0.01° of latitude is 1,111.95 m on the mean-radius sphere; 0.01° of longitude at 37.78° is 0.7904 of it.
  const square: LatLngTuple[] = [
    [37.78, -122.42],
    [37.79, -122.42],
    [37.79, -122.41],
  ];
  const north = 1_111.95;
  const east = 1_111.95 * Math.cos((37.79 * Math.PI) / 180);

  it('sums the legs', () => {
    expect(pathLength(square)).toBeCloseTo(north + east, -1);
    expect(pathLength([])).toBe(0);
    expect(pathLength([[37.78, -122.42]])).toBe(0);
  });

  it('places the vehicle along the path with the heading of the leg it is on', () => {
    const start = pointAlong(square, 0);
    expect(start).toMatchObject({ lat: 37.78, lng: -122.42 });
    expect(start.heading).toBeCloseTo(0, 3); // north

    const half = pointAlong(square, north / 2);
    expect(half.lat).toBeCloseTo(37.785, 5);
    expect(half.lng).toBeCloseTo(-122.42, 6);

    const turned = pointAlong(square, north + east / 2);
    expect(turned.lat).toBeCloseTo(37.79, 6);
    expect(turned.lng).toBeCloseTo(-122.415, 4);
    expect(turned.heading).toBeCloseTo(90, 0); // east

    const back = pointAlong([...square].reverse(), east / 2);
    expect(back.heading).toBeCloseTo(270, 0); // west
    expect(pointAlong([...square].reverse(), east + 10).heading).toBeCloseTo(180, 3); // south
  });

  it('clamps to the ends', () => {
    expect(pointAlong(square, -50)).toMatchObject({ lat: 37.78, lng: -122.42 });
    const end = pointAlong(square, 1e9);
    expect(end).toMatchObject({ lat: 37.79, lng: -122.41 });
    expect(end.heading).toBeCloseTo(90, 0);
    expect(pointAlong([[37.78, -122.42]], 100)).toEqual({ lat: 37.78, lng: -122.42, heading: 0 });
    expect(() => pointAlong([], 0)).toThrow();
  });

  it('drives a whole grid path: the position at the full length is the path end', () => {
    const path = gridPath(UNION_SQUARE, MISSION_DOLORES_PARK);
    const len = pathLength(path);
    const end = pointAlong(path, len);
    expect(end.lat).toBeCloseTo(path.at(-1)![0], 6);
    expect(end.lng).toBeCloseTo(path.at(-1)![1], 6);
    // Every 100 m of the way the vehicle is on a street of the path (on land).
    for (let m = 0; m <= len; m += 100) expect(isOnLand(pointAlong(path, m))).toBe(true);
  });
});

describe('inGridArea', () => {
  it('covers San Francisco and a little of its shore, nothing across the bay or south of the county line', () => {
    expect(inGridArea(UNION_SQUARE)).toBe(true);
    expect(inGridArea(OCEAN_BEACH)).toBe(true);
    expect(inGridArea({ lat: 37.8095, lng: -122.4105 })).toBe(true); // the end of Pier 39, just off the polygon
    expect(inGridArea({ lat: 37.8044, lng: -122.2712 })).toBe(false); // downtown Oakland
    expect(inGridArea({ lat: 37.6879, lng: -122.4702 })).toBe(false); // Daly City
    expect(inGridArea(ALCATRAZ)).toBe(false);
    expect(inGridArea({ lat: 40.758, lng: -73.9855 })).toBe(false); // Times Square
  });
});

describe('gridStreetSegments (the offline basemap)', () => {
  const segments = gridStreetSegments();
  it('draws every street of the grid on land only, cut at the shore', () => {
    expect(segments.length).toBeGreaterThan(150);
    for (const [a, b] of segments) {
      const mid: [number, number] = [(a![0] + b![0]) / 2, (a![1] + b![1]) / 2];
      expect(isOnLand(mid)).toBe(true);
      // Runs north–south or east–west: one coordinate is shared.
      expect(a![0] === b![0] || a![1] === b![1]).toBe(true);
    }
  });
  it('passes through the grid the simulator drives: a snapped point lies on a drawn street', () => {
    const onStreet = snapToStreet([37.7599, -122.4148]);
    const near = segments.some(([a, b]) => {
      const [lo0, hi0] = [Math.min(a![0], b![0]), Math.max(a![0], b![0])];
      const [lo1, hi1] = [Math.min(a![1], b![1]), Math.max(a![1], b![1])];
      return onStreet[0] >= lo0 - 1e-6 && onStreet[0] <= hi0 + 1e-6 && onStreet[1] >= lo1 - 1e-6 && onStreet[1] <= hi1 + 1e-6;
    });
    expect(near).toBe(true);
  });
});
