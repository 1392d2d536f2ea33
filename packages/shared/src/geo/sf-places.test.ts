import { describe, expect, it } from 'vitest';
import { distanceMeters } from './lat-lng';
import { nearestPlace, normalizeForSearch, searchPlaces, SF_CENTER, SF_PLACES, SF_SERVICE_RADIUS_M } from './sf-places';

const names = (query: string, limit?: number) => searchPlaces(query, limit).map((p) => p.name);

describe('the San Francisco gazetteer', () => {
  it('holds about forty well-known places, each inside the service area, with unique ids and names', () => {
    expect(SF_PLACES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SF_PLACES.map((p) => p.id)).size).toBe(SF_PLACES.length);
    expect(new Set(SF_PLACES.map((p) => p.name)).size).toBe(SF_PLACES.length);
    for (const place of SF_PLACES) {
      expect(distanceMeters(SF_CENTER, place), place.name).toBeLessThan(SF_SERVICE_RADIUS_M);
      expect(place.id).toMatch(/^[a-z0-9-]+$/);
    }
    for (const name of ['Ferry Building', 'Union Square', 'Golden Gate Park', 'Oracle Park', 'Mission Dolores', 'Coit Tower', "Fisherman's Wharf"]) {
      expect(
        SF_PLACES.some((p) => p.name === name),
        name,
      ).toBe(true);
    }
  });

  it('puts SFO inside the 30 km service area, about 17 km from the centre', () => {
    const sfo = SF_PLACES.find((p) => p.id === 'sfo')!;
    const d = distanceMeters(SF_CENTER, sfo);
    expect(d).toBeGreaterThan(16_000);
    expect(d).toBeLessThan(19_000);
  });
});

describe('searchPlaces', () => {
  it('finds by name prefix, whatever the case', () => {
    expect(names('ferry')[0]).toBe('Ferry Building');
    expect(names('FERRY B')).toEqual(['Ferry Building']);
    expect(names('union square')).toEqual(['Union Square']);
  });

  it('ignores accents, apostrophes and punctuation on both sides', () => {
    expect(normalizeForSearch("Fisherman's  Wharf!")).toBe('fishermans wharf');
    expect(normalizeForSearch('Misión San Francisco de Asís')).toBe('mision san francisco de asis');
    expect(names('fishermans')).toEqual(["Fisherman's Wharf"]);
    expect(names("fisherman's wh")).toEqual(["Fisherman's Wharf"]);
    expect(names('GÓLDEN gâte')).toEqual(['Golden Gate Park', 'Golden Gate Bridge']);
    expect(names('mision')).toEqual(['Mission Dolores']);
    expect(names('haight ashbury')).toEqual(['Haight-Ashbury']);
  });

  it('matches word prefixes in any order, every word required', () => {
    expect(names('gate park')).toEqual(['Golden Gate Park']);
    expect(names('park golden')).toEqual(['Golden Gate Park']);
    expect(names('tower coit')).toEqual(['Coit Tower']);
    expect(names('golden zebra')).toEqual([]);
  });

  it('ranks an exact name, then a name prefix, then a first word, then any word', () => {
    // "Mission Dolores" is exact; "Mission Dolores Park" starts with it.
    expect(names('mission dolores').slice(0, 2)).toEqual(['Mission Dolores', 'Mission Dolores Park']);
    // Names starting with "golden" come before "Japanese Tea Garden"-like word matches; shorter first.
    expect(names('golden')).toEqual(['Golden Gate Park', 'Golden Gate Bridge']);
    // "park": names starting with it none; then by any word, a name match before an alias.
    const park = names('park', 20);
    expect(park).toContain('Oracle Park');
    expect(park).toContain('Golden Gate Park');
    expect(park.indexOf('Oracle Park')).toBeLessThan(park.indexOf('Salesforce Transit Center'));
  });

  it('finds by alias, below a match on a name', () => {
    expect(names('sfo')).toEqual(['San Francisco International Airport']);
    expect(names('AT&T park')).toEqual(['Oracle Park']);
    expect(names('crooked')).toEqual(['Lombard Street']);
    expect(names('airport')).toEqual(['San Francisco International Airport', 'Oakland International Airport']);
  });

  it('finds nothing for an empty or punctuation-only query, and honours the limit', () => {
    expect(searchPlaces('')).toEqual([]);
    expect(searchPlaces('   ')).toEqual([]);
    expect(searchPlaces("'-!")).toEqual([]);
    expect(searchPlaces('s', 3)).toHaveLength(3);
    expect(searchPlaces('s').length).toBeLessThanOrEqual(8);
  });
});

describe('nearestPlace', () => {
  it('names a point close to a known place, and nothing far from every one', () => {
    expect(nearestPlace({ lat: 37.7956, lng: -122.3935 })?.name).toBe('Ferry Building');
    expect(nearestPlace({ lat: 37.7, lng: -122.3 })).toBeNull();
  });
});
