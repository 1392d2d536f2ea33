import type { PublicCity } from '@openride/shared/public/views';
import { describe, expect, it } from 'vitest';
import { cityFor } from './city-places';

const square = (lng: number, lat: number, d: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lng - d, lat - d],
      [lng + d, lat - d],
      [lng + d, lat + d],
      [lng - d, lat + d],
      [lng - d, lat - d],
    ],
  ],
});
const city = (id: string, time_zone: string, lat: number, lng: number, area = true): PublicCity => ({
  id,
  name: id,
  currency: 'EUR',
  time_zone,
  center: { lat, lng },
  service_area: {
    type: 'FeatureCollection',
    features: area ? [{ type: 'Feature', id: `${id}-area`, geometry: square(lng, lat, 0.2), properties: { name: id } }] : [],
  },
});
const madrid = city('madrid', 'Europe/Madrid', 40.4168, -3.7038);
const sf = city('sf', 'America/Los_Angeles', 37.7749, -122.4194);

describe("the rider's city for place search (decision 0096)", () => {
  it('is the served city nearest the point given, with its service area as the geocoder box', () => {
    expect(cityFor([madrid, sf], { lat: 37.79, lng: -122.4 })?.id).toBe('sf');
    const found = cityFor([sf, madrid], { lat: 40.42, lng: -3.7 })!;
    expect(found.id).toBe('madrid');
    expect(found.center).toEqual(madrid.center);
    for (const [side, value] of Object.entries({ west: -3.9038, south: 40.2168, east: -3.5038, north: 40.6168 }))
      expect(found.box[side as keyof typeof found.box]).toBeCloseTo(value, 6);
  });

  it('without a point, the city on the browser clock, else the first; none served, none', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const here = city('here', zone, 10, 10, false);
    expect(cityFor([madrid, here], null)?.id).toBe('here');
    // A city with no service area yet: a box around its centre.
    const box = cityFor([madrid, here], null)!.box;
    expect([box.west, box.south, box.east, box.north].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([9.7, 9.7, 10.3, 10.3]);
    const elsewhere = [madrid, sf].filter((c) => c.time_zone !== zone);
    expect(cityFor(elsewhere, null)?.id).toBe(elsewhere[0]!.id);
    expect(cityFor([], { lat: 1, lng: 1 })).toBeNull();
  });
});
