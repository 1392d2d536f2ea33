import { describe, expect, it } from 'vitest';
import { formatDistance, formatDuration, formatEta, formatMoney, minutesOf, placeLabel } from './format';

describe('ride formatting', () => {
  it('formats cents in the ride currency', () => {
    expect(formatMoney(1050, 'USD')).toMatch(/^\$10\.50$|^US\$10\.50$/);
    expect(formatMoney(0, 'USD')).toMatch(/0\.00/);
    expect(formatMoney(123456, 'EUR')).toMatch(/1,?234\.56|1\.234,56/);
  });

  it('says minutes away, never 0, and no drivers when there is no ETA', () => {
    expect(minutesOf(0)).toBe(1);
    expect(minutesOf(29)).toBe(1);
    expect(minutesOf(150)).toBe(3);
    expect(formatEta(180)).toBe('3 min away');
    expect(formatEta(10)).toBe('1 min away');
    expect(formatEta(null)).toBe('No drivers nearby');
    expect(formatEta(undefined)).toBe('No drivers nearby');
  });

  it('prints distance and duration the way the fare sheet reads them', () => {
    expect(formatDistance(2_345)).toBe('2.3 km');
    expect(formatDistance(12_600)).toBe('13 km');
    expect(formatDuration(420)).toBe('7 min');
  });

  it("gives a driver's short way to the pickup in metres and a long trip in hours", () => {
    expect(formatDistance(312)).toBe('310 m');
    expect(formatDistance(994)).toBe('990 m');
    expect(formatDistance(996)).toBe('1.0 km');
    expect(formatDistance(1_000)).toBe('1.0 km');
    expect(formatDuration(10)).toBe('1 min');
    expect(formatDuration(3_900)).toBe('1 h 5 min');
    expect(formatMoney(500, 'NOT-A-CURRENCY')).toBe('5.00 NOT-A-CURRENCY');
  });

  it('names a place by its label, else its coordinates', () => {
    expect(placeLabel({ lat: 37.7749, lng: -122.4194, label: 'City Hall' })).toBe('City Hall');
    expect(placeLabel({ lat: 37.7749, lng: -122.4194, label: '  ' })).toBe('37.77490, -122.41940');
    expect(placeLabel({ lat: 37.7749, lng: -122.4194, label: null })).toBe('37.77490, -122.41940');
    expect(placeLabel(null)).toBe('');
  });
});
