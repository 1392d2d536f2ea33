import { describe, expect, it } from 'vitest';
import { distanceMeters, formatLatLng, parseLatLng } from './lat-lng';

describe('parseLatLng', () => {
  it('reads a latitude, longitude pair in the forms people paste', () => {
    expect(parseLatLng('37.77,-122.41')).toEqual({ lat: 37.77, lng: -122.41 });
    expect(parseLatLng(' 37.77, -122.41 ')).toEqual({ lat: 37.77, lng: -122.41 });
    expect(parseLatLng('37.77 -122.41')).toEqual({ lat: 37.77, lng: -122.41 });
    expect(parseLatLng('(37.7749, -122.4194)')).toEqual({ lat: 37.7749, lng: -122.4194 });
    expect(parseLatLng('+37,-122')).toEqual({ lat: 37, lng: -122 });
    expect(parseLatLng('-33.8568,151.2153')).toEqual({ lat: -33.8568, lng: 151.2153 });
    expect(parseLatLng('.5,-.25')).toEqual({ lat: 0.5, lng: -0.25 });
  });

  it('accepts the limits and refuses anything beyond them', () => {
    expect(parseLatLng('90,180')).toEqual({ lat: 90, lng: 180 });
    expect(parseLatLng('-90,-180')).toEqual({ lat: -90, lng: -180 });
    expect(parseLatLng('90.0001,0')).toBeNull();
    expect(parseLatLng('0,180.5')).toBeNull();
    // Swapped (longitude first): the "latitude" is out of range.
    expect(parseLatLng('-122.41,37.77')).toBeNull();
  });

  it('refuses what is not exactly two numbers', () => {
    for (const input of [
      '',
      'Union Square',
      '37.77',
      '37.77,',
      ',-122.41',
      '37.77,-122.41,5',
      '37.77;-122.41',
      '37..7,-122',
      '1e3,2',
      'abc,def',
      '37.77 , - 122.41',
    ]) {
      expect(parseLatLng(input), input).toBeNull();
    }
  });
});

describe('formatLatLng and distanceMeters', () => {
  it('prints five decimals by default', () => {
    expect(formatLatLng({ lat: 37.7749, lng: -122.4194 })).toBe('37.77490, -122.41940');
    expect(formatLatLng({ lat: 37.7749, lng: -122.4194 }, 3)).toBe('37.775, -122.419');
  });

  it('measures great-circle distance', () => {
    expect(distanceMeters({ lat: 37.7749, lng: -122.4194 }, { lat: 37.7749, lng: -122.4194 })).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(distanceMeters({ lat: 37, lng: -122 }, { lat: 38, lng: -122 })).toBeCloseTo(111_195, -2);
    // Ferry Building to SFO: about 19 km as the crow flies.
    const d = distanceMeters({ lat: 37.7955, lng: -122.3937 }, { lat: 37.6213, lng: -122.379 });
    expect(d).toBeGreaterThan(19_000);
    expect(d).toBeLessThan(19_600);
  });
});
