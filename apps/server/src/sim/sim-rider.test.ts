import { describe, expect, it } from 'vitest';
import { seededRandom } from './sim-geo';
import { chooseRideType } from './sim-rider';

const everything = [
  { ride_type: 'economy', available: true },
  { ride_type: 'comfort', available: true },
  { ride_type: 'xl', available: true },
] as const;

describe("a simulated rider's ride type", () => {
  it('is Comfort for a fifth of the draws, XL for a tenth, Economy otherwise, when every type has a car near', () => {
    expect(chooseRideType(everything, 0)).toBe('comfort');
    expect(chooseRideType(everything, 0.19)).toBe('comfort');
    expect(chooseRideType(everything, 0.2)).toBe('xl');
    expect(chooseRideType(everything, 0.29)).toBe('xl');
    expect(chooseRideType(everything, 0.3)).toBe('economy');
    expect(chooseRideType(everything, 0.99)).toBe('economy');
    const random = seededRandom(7);
    const counts = { economy: 0, comfort: 0, xl: 0 };
    for (let k = 0; k < 10_000; k++) counts[chooseRideType(everything, random())]++;
    expect(counts.comfort / 10_000).toBeCloseTo(0.2, 1);
    expect(counts.xl / 10_000).toBeCloseTo(0.1, 1);
    expect(counts.economy / 10_000).toBeCloseTo(0.7, 1);
  });

  it('is never a type the quote says is unavailable (decision 0046): Economy instead', () => {
    const noXl = [everything[0], everything[1], { ride_type: 'xl', available: false }] as const;
    expect(chooseRideType(noXl, 0.25)).toBe('economy');
    expect(chooseRideType(noXl, 0.1)).toBe('comfort');
    const onlyEconomy = [everything[0], { ride_type: 'comfort', available: false }, { ride_type: 'xl', available: false }] as const;
    const random = seededRandom(11);
    for (let k = 0; k < 1_000; k++) expect(chooseRideType(onlyEconomy, random())).toBe('economy');
  });

  it('is Economy when the quote does not list the wished type at all (a city without XL prices)', () => {
    expect(chooseRideType([everything[0], everything[1]], 0.25)).toBe('economy');
    expect(chooseRideType([], 0.1)).toBe('economy');
  });
});
