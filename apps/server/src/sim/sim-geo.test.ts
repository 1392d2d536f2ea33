import { distanceMeters, inGridArea, isOnLand } from '@openride/shared/geo/street-grid';
import { describe, expect, it } from 'vitest';
import { CITY_PLACES, gridNavigator, HOME_SPOTS, homeOf, randomPointNear, randomTrip, seededRandom } from './sim-geo';
import { SimStats } from './sim-stats';

describe('simulation geography', () => {
  it('is reproducible from a seed, and different across seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('homes the first drivers downtown, then across the city, all on land', () => {
    expect(homeOf(0)).toEqual({ lat: 37.788, lng: -122.4075 }); // Union Square
    expect(HOME_SPOTS.length).toBe(CITY_PLACES.length);
    expect(homeOf(HOME_SPOTS.length)).toEqual(homeOf(0));
    for (const h of HOME_SPOTS) expect(isOnLand(h)).toBe(true);
    // The airports are in the gazetteer but not in the city's street grid.
    expect(CITY_PLACES.some((p) => p.id === 'sfo' || p.id === 'oak')).toBe(false);
  });

  it('roams to points on land within the radius', () => {
    const random = seededRandom(7);
    const shore = { lat: 37.8087, lng: -122.4098 }; // Pier 39: half the disc is bay
    for (let k = 0; k < 200; k++) {
      const p = randomPointNear(shore, 1_500, random);
      expect(isOnLand(p)).toBe(true);
      expect(distanceMeters(p, shore)).toBeLessThanOrEqual(1_501);
    }
  });

  it('books trips between two different places at least the minimum apart, both in the city', () => {
    const random = seededRandom(11);
    for (let k = 0; k < 100; k++) {
      const { pickup, destination } = randomTrip(random, 1_200);
      expect(pickup.label).not.toBe(destination.label);
      // Each end is jittered by up to 150 m around its place.
      expect(distanceMeters(pickup, destination)).toBeGreaterThan(1_200 - 300);
      expect(inGridArea(pickup) && inGridArea(destination)).toBe(true);
    }
  });

  it('navigates on the grid in the city and straight elsewhere', async () => {
    const inCity = await gridNavigator({ lat: 37.788, lng: -122.4075 }, { lat: 37.7596, lng: -122.4269 });
    expect(inCity.length).toBeGreaterThan(2);
    const across = await gridNavigator({ lat: 37.788, lng: -122.4075 }, { lat: 37.8044, lng: -122.2712 });
    expect(across).toEqual([
      [37.788, -122.4075],
      [37.8044, -122.2712],
    ]);
  });
});

describe('simulator figures', () => {
  it('reports p50 and p95 of each timed call (nearest rank)', () => {
    const stats = new SimStats();
    for (let ms = 1; ms <= 100; ms++) stats.latency('accept', ms);
    expect(stats.percentiles('accept')).toEqual({ n: 100, p50: 50, p95: 95 });
    expect(stats.percentiles('arrive')).toBeNull();
    stats.counters.framesSent = 10;
    expect(stats.line()).toMatch(/frames 10 .*accept p50 50 ms p95 95 ms \(n=100\), arrive –/);
  });
});
