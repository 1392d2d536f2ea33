import type { ZoneGeometry } from '@openride/shared/zones/schemas';
import { describe, expect, it } from 'vitest';
import { locate } from './zone-locator';
import { buildZoneIndex, CELL_DEG, type IndexedZone } from './zone-index';
import { pointInGeometry, pointInPolygon } from './point-in-polygon';

/** A square of `[lng, lat]` corners from (west, south) to (east, north), closed. */
const square = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];
const poly = (...rings: number[][][]): ZoneGeometry => ({ type: 'Polygon', coordinates: rings });

// A 0.1° square with a hole in the middle (0.04° wide).
const DONUT = poly(square(-122.5, 37.7, -122.4, 37.8), square(-122.47, 37.73, -122.43, 37.77));

describe('point in polygon', () => {
  it('inside, outside', () => {
    expect(pointInPolygon({ lat: 37.71, lng: -122.49 }, DONUT.coordinates as number[][][])).toBe(true);
    expect(pointInPolygon({ lat: 37.81, lng: -122.45 }, DONUT.coordinates as number[][][])).toBe(false);
    expect(pointInPolygon({ lat: 37.75, lng: -122.39 }, DONUT.coordinates as number[][][])).toBe(false);
  });

  it('a vertex and a point on an edge are in the zone (a zone is a closed set)', () => {
    const rings = DONUT.coordinates as number[][][];
    expect(pointInPolygon({ lat: 37.7, lng: -122.5 }, rings)).toBe(true); // a corner
    expect(pointInPolygon({ lat: 37.8, lng: -122.4 }, rings)).toBe(true); // the opposite corner
    expect(pointInPolygon({ lat: 37.7, lng: -122.45 }, rings)).toBe(true); // the south edge
    expect(pointInPolygon({ lat: 37.75, lng: -122.4 }, rings)).toBe(true); // the east edge
    expect(pointInPolygon({ lat: 37.7 - 1e-6, lng: -122.45 }, rings)).toBe(false); // ~10 cm south of it
    // A slanted edge: the midpoint of (0,0)–(1,1) of a triangle.
    expect(
      pointInPolygon({ lat: 0.5, lng: 0.5 }, [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 0],
        ],
      ]),
    ).toBe(true);
  });

  it('a hole is outside; its edge is still in the zone', () => {
    const rings = DONUT.coordinates as number[][][];
    expect(pointInPolygon({ lat: 37.75, lng: -122.45 }, rings)).toBe(false); // the middle of the hole
    expect(pointInPolygon({ lat: 37.73, lng: -122.45 }, rings)).toBe(true); // on the hole's edge
    expect(pointInPolygon({ lat: 37.77, lng: -122.43 }, rings)).toBe(true); // the hole's corner
  });

  it('a MultiPolygon holds a point in any of its polygons', () => {
    const multi: ZoneGeometry = { type: 'MultiPolygon', coordinates: [[square(0, 0, 1, 1)], [square(5, 5, 6, 6)]] };
    expect(pointInGeometry({ lat: 5.5, lng: 5.5 }, multi)).toBe(true);
    expect(pointInGeometry({ lat: 0.5, lng: 0.5 }, multi)).toBe(true);
    expect(pointInGeometry({ lat: 3, lng: 3 }, multi)).toBe(false);
  });
});

const zone = (id: string, type: IndexedZone['type'], priority: number, geometry: ZoneGeometry, city_id = 'sf'): IndexedZone => ({
  id,
  city_id,
  type,
  name: id,
  color: '#000000',
  priority,
  geometry,
});

describe('the grid index', () => {
  it('answers exactly what a scan of every polygon answers, at random points and on every edge and vertex', () => {
    const zones = [
      zone('donut', 'service_area', 0, DONUT),
      zone(
        'slanted',
        'pricing_zone',
        5,
        poly([
          [-122.48, 37.71],
          [-122.41, 37.74],
          [-122.44, 37.79],
          [-122.48, 37.71],
        ]),
      ),
      zone('tiny', 'restricted', 9, poly(square(-122.4512, 37.7501, -122.4508, 37.7504))),
      zone('multi', 'airport', 3, {
        type: 'MultiPolygon',
        coordinates: [[square(-122.42, 37.71, -122.405, 37.72)], [square(-122.499, 37.79, -122.49, 37.799)]],
      }),
    ];
    const index = buildZoneIndex(zones);
    const scan = (p: { lat: number; lng: number }) =>
      zones
        .filter((z) => pointInGeometry(p, z.geometry))
        .sort((a, b) => b.priority - a.priority)
        .map((z) => z.id);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 20_000 }, () => ({ lat: 37.69 + rnd() * 0.12, lng: -122.51 + rnd() * 0.12 }));
    for (const z of zones)
      for (const polygon of z.geometry.type === 'Polygon' ? [z.geometry.coordinates] : z.geometry.coordinates)
        for (const ring of polygon)
          for (let i = 1; i < ring.length; i++) {
            const [x1, y1] = ring[i - 1]!;
            const [x2, y2] = ring[i]!;
            points.push({ lng: x1!, lat: y1! }, { lng: (x1! + x2!) / 2, lat: (y1! + y2!) / 2 });
          }
    // And points exactly on cell lines.
    for (let k = 0; k < 20; k++) points.push({ lat: Math.round((37.7 + k * 0.005 + 90) / CELL_DEG) * CELL_DEG - 90, lng: -122.45 });
    for (const p of points)
      expect(
        index.lookup(p).map((z) => z.id),
        JSON.stringify(p),
      ).toEqual(scan(p));
  });

  it('where zones overlap, the highest priority comes first: the city by its service area, the pricing zone, restricted', () => {
    const cities = new Map([
      ['sf', { id: 'sf', name: 'San Francisco', currency: 'USD', timezone: 'America/Los_Angeles' }],
      ['other', { id: 'other', name: 'Other', currency: 'EUR', timezone: 'Europe/Paris' }],
    ]);
    const zones = [
      zone('sf-area', 'service_area', 0, poly(square(-122.5, 37.7, -122.4, 37.8))),
      zone('other-area', 'service_area', 5, poly(square(-122.42, 37.7, -122.3, 37.8)), 'other'),
      zone('low', 'pricing_zone', 1, poly(square(-122.5, 37.7, -122.45, 37.75))),
      zone('high', 'pricing_zone', 10, poly(square(-122.48, 37.72, -122.46, 37.74))),
      zone('no-go', 'restricted', 100, poly(square(-122.47, 37.725, -122.465, 37.73))),
    ];
    const state = { cities, index: buildZoneIndex(zones) };
    const at = (lat: number, lng: number) => locate(state, { lat, lng });

    const inHigh = at(37.735, -122.47);
    expect(inHigh.city?.id).toBe('sf');
    expect(inHigh.pricing_zone?.id).toBe('high');
    expect(inHigh.zones.map((z) => z.id)).toEqual(['high', 'low', 'sf-area']);
    expect(inHigh.restricted).toBe(false);

    expect(at(37.71, -122.49).pricing_zone?.id).toBe('low');
    expect(at(37.727, -122.467)).toMatchObject({ restricted: true, pricing_zone: { id: 'high' } });
    // The two service areas overlap: the higher priority's city wins.
    expect(at(37.75, -122.41).city?.id).toBe('other');
    expect(at(37.75, -122.43).city?.id).toBe('sf');
    // On the shared edge of 'low' and 'high'... and outside everything.
    expect(at(37.72, -122.47).pricing_zone?.id).toBe('high');
    expect(at(37.65, -122.47)).toEqual({ city: null, service_area: null, pricing_zone: null, zones: [], restricted: false });
  });
});
