import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { distanceMeters, isOnLand, pathLength } from '@openride/shared/geo/street-grid';
import { describe, expect, it } from 'vitest';
import { greatCircleRouting, haversineMeters } from './great-circle-routing';
import { osrmRouting } from './osrm-routing';

const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937 };
const GOLDEN_GATE_PARK = { lat: 37.7694, lng: -122.4862 }; // the park's center, near the de Young

describe('great-circle routing', () => {
  it('measures the Ferry Building to Golden Gate Park as about 8.6 km as the crow flies', () => {
    // Independent check: 0.0261° of latitude ≈ 2.90 km, 0.0925° of longitude at 37.78° ≈ 8.14 km → 8.64 km.
    expect(haversineMeters(FERRY_BUILDING, GOLDEN_GATE_PARK)).toBeGreaterThan(8_600);
    expect(haversineMeters(FERRY_BUILDING, GOLDEN_GATE_PARK)).toBeLessThan(8_680);
    expect(haversineMeters(FERRY_BUILDING, FERRY_BUILDING)).toBe(0);
  });

  it('applies the detour factor and average speed', async () => {
    const straight = haversineMeters(FERRY_BUILDING, GOLDEN_GATE_PARK);
    const route = await greatCircleRouting(1.3, 25).route(FERRY_BUILDING, GOLDEN_GATE_PARK);
    expect(route.distance_m).toBe(Math.round(straight * 1.3));
    expect(route.duration_s).toBe(Math.round((straight * 1.3) / (25_000 / 3600)));
  });

  it('draws the route along the street grid in San Francisco, without changing distance or duration', async () => {
    const route = await greatCircleRouting().route(FERRY_BUILDING, GOLDEN_GATE_PARK);
    const geometry = route.geometry!;
    expect(geometry.length).toBeGreaterThan(4);
    // Starts and ends on the streets nearest the two points; every leg runs north-south or east-west.
    expect(distanceMeters(geometry[0]!, FERRY_BUILDING)).toBeLessThan(70);
    expect(distanceMeters(geometry.at(-1)!, GOLDEN_GATE_PARK)).toBeLessThan(70);
    for (let k = 1; k < geometry.length; k++) {
      const [a, b] = [geometry[k - 1]!, geometry[k]!];
      expect(a[0] === b[0] || a[1] === b[1]).toBe(true);
    }
    expect(geometry.every((p) => isOnLand(p))).toBe(true);
    // The drawn path is as long as the priced distance give or take 10 %: the map and the fare agree.
    expect(Math.abs(pathLength(geometry) / route.distance_m - 1)).toBeLessThan(0.1);
  });

  it('skips the drawing when asked (hot paths want only the numbers)', async () => {
    const drawn = await greatCircleRouting().route(FERRY_BUILDING, GOLDEN_GATE_PARK);
    const bare = await greatCircleRouting(1.3, 25, { geometry: false }).route(FERRY_BUILDING, GOLDEN_GATE_PARK);
    expect(bare).toEqual({ distance_m: drawn.distance_m, duration_s: drawn.duration_s });
  });

  it('draws a straight line outside San Francisco (the grid knows no other city)', async () => {
    const oakland = { lat: 37.8044, lng: -122.2712 };
    const route = await greatCircleRouting().route(FERRY_BUILDING, oakland);
    expect(route.geometry).toEqual([
      [FERRY_BUILDING.lat, FERRY_BUILDING.lng],
      [oakland.lat, oakland.lng],
    ]);
  });
});

describe('OSRM routing', () => {
  it('asks OSRM lng,lat first and returns its distance, duration and [lat, lng] geometry', async () => {
    let asked = '';
    const srv = createServer((req, res) => {
      asked = req.url ?? '';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          code: 'Ok',
          routes: [
            {
              distance: 9876.4,
              duration: 1234.6,
              geometry: {
                coordinates: [
                  [-122.39, 37.79],
                  [-122.48, 37.77],
                ],
              },
            },
          ],
        }),
      );
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const { port } = srv.address() as AddressInfo;
      const route = await osrmRouting(`http://127.0.0.1:${port}/`).route(FERRY_BUILDING, GOLDEN_GATE_PARK);
      expect(asked).toBe('/route/v1/driving/-122.3937,37.7955;-122.4862,37.7694?overview=full&geometries=geojson');
      expect(route).toEqual({
        distance_m: 9876,
        duration_s: 1235,
        geometry: [
          [37.79, -122.39],
          [37.77, -122.48],
        ],
      });
    } finally {
      srv.close();
    }
  });

  it('falls back to the great-circle estimate when OSRM is unreachable or too slow', async () => {
    const srv = createServer(() => undefined); // never answers
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const { port } = srv.address() as AddressInfo;
      const expected = await greatCircleRouting().route(FERRY_BUILDING, GOLDEN_GATE_PARK);
      expect(await osrmRouting(`http://127.0.0.1:${port}`, { timeoutMs: 100 }).route(FERRY_BUILDING, GOLDEN_GATE_PARK)).toEqual(expected);
      expect(await osrmRouting('http://127.0.0.1:1', { timeoutMs: 500 }).route(FERRY_BUILDING, GOLDEN_GATE_PARK)).toEqual(expected);
    } finally {
      srv.closeAllConnections();
      srv.close();
    }
  });
});
