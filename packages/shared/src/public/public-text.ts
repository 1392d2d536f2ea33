import type { RideType } from '../rides/schemas';
import { formatMultiplier } from '../surge/surge';
import { formatMoney } from '../money';

/** Money in a currency's minor units as words, given by the reader (its locale) or the server (en-US). */
export type Money = (cents: number) => string;

/** Integer minor units in `currency`, in the server's locale: the server's sentences (the web formats in the reader's locale). */
export function moneyIn(currency: string): Money {
  return (cents) => formatMoney(cents, currency);
}

/** "2 min", "90 s", "1 h". */
export function durationWords(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

type Formula = { base_cents: number; per_km_cents: number; per_min_cents: number; minimum_cents: number; booking_fee_cents: number };

/** The words of /pricing and /services and of the public API (issue 12; decision 0036). */
export const publicText = {
  /** What each ride type is for. */
  rideTypes: {
    economy: 'Everyday rides at the lowest price.',
    comfort: 'Newer cars with more legroom and top-rated drivers, for a quieter trip.',
    xl: 'Bigger cars for groups and luggage, like airport runs.',
  } satisfies Record<RideType, string>,
  /** "$2.50 base + $1.10/km + $0.30/min, minimum $8.00, plus a $2.50 booking fee" */
  formula: (f: Formula, money: Money) =>
    `${money(f.base_cents)} base + ${money(f.per_km_cents)}/km + ${money(f.per_min_cents)}/min, minimum ${money(f.minimum_cents)}` +
    (f.booking_fee_cents > 0 ? `, plus a ${money(f.booking_fee_cents)} booking fee` : ''),
  /** "Nights 22:00–05:00: the trip price × 1.2 (local time)" */
  night: (n: { multiplier: number; start: string; end: string }) => `From ${n.start} to ${n.end} (local time): the trip price × ${n.multiplier}`,
  from: (money: string) => `from ${money}`,
  seats: (n: number) => `${n} seat${n === 1 ? '' : 's'}`,
  zonePrices: 'Pickups in these zones are priced differently:',
  surge: {
    title: 'How surge works',
    /** The rule in words, with its live numbers. */
    sentences: (s: { floor_tenths: number; cap_tenths: number; frozen: boolean }) => [
      'When many people ask for rides in a zone and few drivers are free there, fares in that zone go up so more drivers come.',
      `The multiplier is never below ${formatMultiplier(s.floor_tenths)} and never above ${formatMultiplier(s.cap_tenths)}, and it changes by small steps, at most once a minute.`,
      'It multiplies the base fare, the distance and the time only: never the booking fee, and never cancellation or no-show fees.',
      'You see it on every fare before you book, and the fare you book is the fare you pay.',
      ...(s.frozen ? ['Surge is switched off in this city right now: every fare is at 1.0×.'] : []),
    ],
    cap: 'Cap',
    floor: 'Floor',
    never: 'Never applies to',
    neverList: 'Booking fee, cancellation fees, no-show fees',
    frozen: 'Surge is switched off in this city right now.',
    zonesNow: 'Now',
    zoneNow: (zone: string, m: string) => `${zone}: ${m}`,
  },
  cancellation: {
    title: 'Cancellations and no-shows',
    intro: 'Changed your mind? Cancelling is free for a while after a driver accepts. After that, a fee pays the driver for the trip to you.',
    freeWindow: (d: string) => `Free cancellation for ${d} after a driver accepts.`,
    fixedFee: (money: string) => `After that, cancelling costs ${money}.`,
    percentFee: (pct: string, min: string, max: string) => `After that, cancelling costs ${pct}% of the fare (at least ${min}, at most ${max}).`,
    noFee: 'Cancelling is always free.',
    noShow: (wait: string, money: string) =>
      money === ''
        ? `If you don't come to the pickup, your driver can cancel after waiting ${wait}; there is no fee.`
        : `If you don't come to the pickup, your driver can cancel after waiting ${wait}, and a ${money} no-show fee is charged.`,
    lateDriver: (margin: string) => `No fee if your driver arrives more than ${margin} later than promised, or if the driver cancels.`,
    none: 'Cancelling this ride type is always free.',
  },
  pricing: {
    city: 'City',
    cityLoadFailed: 'Could not load the cities.',
    loadFailed: 'Could not load the prices for this city.',
    noCities: 'No city is served yet.',
    noRideTypes: 'No ride types are priced in this city yet.',
    rideTypes: 'Ride types and fares',
    rideTypesIntro:
      'Every fare is upfront: you see it before you book. A trip costs the base fare plus distance and time, never less than the minimum, plus the booking fee.',
    estimator: 'Estimate a fare',
    estimatorIntro: 'Two places, and the fare of each ride type for the trip now: surge included, exactly what you would be quoted.',
    pickup: 'From',
    destination: 'To',
    pickupPlaceholder: 'Pickup place or address',
    destinationPlaceholder: 'Where to?',
    estimate: 'Estimate fares',
    estimating: 'Estimating…',
    choosePlaces: 'Choose both places from the suggestions.',
    fares: 'Estimated fares',
    trip: (distance: string, duration: string) => `${distance} · about ${duration}`,
    estimateFailed: 'Could not estimate the fare.',
    bookCta: 'Book a ride',
    cancellationNone: 'No cancellation fees in this city.',
  },
  services: {
    intro: 'Pick the ride that fits the trip. Every fare is upfront, and you can see the full price list on the Pricing page.',
    rideTypes: 'Ride types',
    cities: 'Where we drive',
    citiesIntro: 'Pickups inside the shaded areas; you can ride from there to anywhere nearby.',
    map: (city: string) => `Map of the areas served in ${city}`,
    mapPlaceholder: 'The map loads when you scroll to it.',
    seePricing: 'See full pricing',
    loadFailed: 'Could not load the ride types.',
    areas: (n: number) => `${n} service area${n === 1 ? '' : 's'}`,
  },
  errors: {
    cityNotFound: 'City not found',
  },
};
