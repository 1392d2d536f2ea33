import type { ZoneGeometry } from '@openride/shared/zones/schemas';
import { ALCATRAZ, DOWNTOWN, ring, SF_SERVICE_AREA, SFO_GROUNDS, SFO_TERMINALS } from '../apps/server/src/db/migrations/0009-zones';
import { pointInGeometry } from '../apps/server/src/zones/point-in-polygon';
import { buildZoneIndex, byPriority, type IndexedZone } from '../apps/server/src/zones/zone-index';
import { locate } from '../apps/server/src/zones/zone-locator';
import { atMost } from './lib/report';
import { ratio, summarize, type Summary } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

/** San Francisco proper, where the demo's GPS frames are. */
const BOX = { south: 37.7, north: 37.81, west: -122.515, east: -122.36 };
const CITIES = new Map([['sf', { id: 'sf', name: 'San Francisco', currency: 'USD', timezone: 'America/Los_Angeles' }]]);

function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const polygon = (latLngs: [number, number][]): ZoneGeometry => ({ type: 'Polygon', coordinates: [ring(latLngs)] });
const zone = (id: string, type: IndexedZone['type'], priority: number, geometry: ZoneGeometry): IndexedZone => ({
  id,
  city_id: 'sf',
  type,
  name: id,
  color: '#000000',
  priority,
  geometry,
});

/** The demo city's five zones (migration 0009). */
const DEMO = [
  zone('sf', 'service_area', 0, polygon(SF_SERVICE_AREA)),
  zone('sfo', 'service_area', 0, polygon(SFO_GROUNDS)),
  zone('sfo-terminals', 'airport', 20, polygon(SFO_TERMINALS)),
  zone('downtown', 'pricing_zone', 10, polygon(DOWNTOWN)),
  zone('alcatraz', 'restricted', 100, polygon(ALCATRAZ)),
];

/** `n` more zones over the city: 16-sided rings of 300 m to 1.5 km radius, of every type, random priorities. */
function manyZones(n: number, rnd: () => number): IndexedZone[] {
  const types: IndexedZone['type'][] = ['pricing_zone', 'restricted', 'airport', 'pricing_zone'];
  return Array.from({ length: n }, (_, i) => {
    const lat = BOX.south + rnd() * (BOX.north - BOX.south);
    const lng = BOX.west + rnd() * (BOX.east - BOX.west);
    const r = 300 + rnd() * 1200;
    const corners: [number, number][] = Array.from({ length: 16 }, (_, k) => {
      const a = (k / 16) * 2 * Math.PI;
      const wobble = 0.7 + rnd() * 0.3;
      return [lat + (Math.sin(a) * r * wobble) / 111_195, lng + (Math.cos(a) * r * wobble) / (111_195 * Math.cos((lat * Math.PI) / 180))];
    });
    return zone(`z${i}`, types[i % types.length]!, Math.floor(rnd() * 100), polygon(corners));
  });
}

type Lookup = (p: { lat: number; lng: number }) => string[];

function measure(lookup: Lookup, points: { lat: number; lng: number }[]): Summary {
  const samples = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const t = performance.now();
    lookup(points[i]!);
    samples[i] = performance.now() - t;
  }
  return summarize(samples);
}

/**
 * The location path's "which city and zones is this GPS frame in?" (decision 0031): the grid index
 * (`locate` over `buildZoneIndex`, what `ZoneLocator.at` runs once loaded) against a scan of every
 * polygon, on the demo city's 5 zones and on 500.
 */
export const zonesBench: Bench = {
  name: 'zones',
  area: 3,
  async run(ctx: BenchContext): Promise<Row[]> {
    const rnd = prng(94103);
    const frames = Array.from({ length: ctx.quick ? 20_000 : 200_000 }, () => ({
      lat: BOX.south + rnd() * (BOX.north - BOX.south),
      lng: BOX.west + rnd() * (BOX.east - BOX.west),
    }));
    const rows: Row[] = [];
    for (const zones of [DEMO, [...DEMO, ...manyZones(495, rnd)]]) {
      const built = performance.now();
      const index = buildZoneIndex(zones);
      const buildMs = performance.now() - built;
      const state = { cities: CITIES, index };
      const grid: Lookup = (p) => locate(state, p).zones.map((z) => z.id);
      const sorted = [...zones].sort(byPriority);
      const scan: Lookup = (p) => sorted.filter((z) => pointInGeometry(p, z.geometry)).map((z) => z.id);
      // The same answers first: a fast wrong index is no result.
      for (const p of frames.slice(0, 5000)) if (grid(p).join() !== scan(p).join()) throw new Error(`index and scan disagree at ${p.lat},${p.lng}`);
      measure(grid, frames.slice(0, 5000)); // warm-up (JIT)
      measure(scan, frames.slice(0, 2000));
      const g = measure(grid, frames);
      const s = measure(scan, frames.slice(0, ctx.quick ? 5000 : 50_000));
      ctx.log(
        `${zones.length} zones (${index.stats().cells} cells, built in ${buildMs.toFixed(1)} ms): grid p50 ${(g.p50 * 1000).toFixed(2)} µs p99 ${(g.p99 * 1000).toFixed(2)} µs; scan p99 ${(s.p99 * 1000).toFixed(2)} µs`,
      );
      rows.push({
        area: 3,
        figure: `Zone lookup per GPS frame (city, service area, zones), ${zones.length} zones, grid index: p99`,
        value: g.p99 * 1000,
        unit: 'µs',
        baseline: { label: 'scan of every polygon p99', value: s.p99 * 1000 },
        ratio: ratio(s.p99, g.p99),
        target: '≤ 50 µs',
        met: atMost(g.p99 * 1000, 50),
        note: `p50 ${(g.p50 * 1000).toFixed(2)} µs over ${frames.length.toLocaleString('en-US')} frames; index built in ${buildMs.toFixed(1)} ms`,
      });
    }
    return rows;
  },
};
