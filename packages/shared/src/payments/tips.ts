import { percentOf } from '../ledger/accounts';
import { TIP_PERCENTS, type TipPercent } from './schemas';

/**
 * What a preset tip is a percentage of (issue 27): what the rider pays for the ride's fare — the fare less its
 * promotion's discount (decision 0063), never the fare before it (nor owed fees carried to the ride).
 */
export const tipBaseCents = (ride: { fare_cents: number; promo_discount_cents: number }) => Math.max(0, ride.fare_cents - ride.promo_discount_cents);

/** A preset tip: `percent` of what the rider pays for the fare, the ledger's rounding (half up). */
export const tipOfPercent = (ride: { fare_cents: number; promo_discount_cents: number }, percent: TipPercent) => percentOf(tipBaseCents(ride), percent * 100);

/** The preset tips offered after a ride: the one rule the tip verb charges with. */
export const tipOptions = (ride: { fare_cents: number; promo_discount_cents: number }) =>
  TIP_PERCENTS.map((percent) => ({ percent, amount_cents: tipOfPercent(ride, percent) }));
