import { percentOf } from '../ledger/accounts';
import type { PromoRefusal, PromotionKind } from './schemas';

/**
 * A promotion's discount on a fare (decision 0063): percent of the fare (the ledger's rounding, half up) or a
 * fixed amount, never more than the promotion's maximum per ride, never more than the fare, never negative.
 */
export function promoDiscountCents(p: { kind: PromotionKind; value: number; max_discount_cents: number | null }, fareCents: number): number {
  if (!Number.isSafeInteger(fareCents) || fareCents <= 0) return 0;
  const raw = p.kind === 'percent' ? percentOf(fareCents, Math.min(100, Math.max(0, p.value)) * 100) : Math.max(0, p.value);
  return Math.max(0, Math.min(raw, p.max_discount_cents ?? raw, fareCents));
}

/** What a check needs to know of a promotion (a row of `promotions`). */
export type PromotionRules = {
  city_id: string;
  kind: PromotionKind;
  value: number;
  max_discount_cents: number | null;
  min_fare_cents: number;
  ride_types: readonly string[];
  zone_ids: readonly string[];
  valid_from: Date | string;
  valid_to: Date | string | null;
  budget_cents: number | null;
  max_redemptions: number | null;
  per_rider_limit: number;
  first_ride_only: boolean;
  status: 'draft' | 'active' | 'paused';
  redemptions_held: number;
  committed_cents: number;
};

/** The ride-independent part: may this rider use this code now, in this city? */
export function refusalForRider(
  p: PromotionRules,
  ctx: { now: Date; city_id: string; zone_id: string | null; rider_uses: number; rider_has_completed_ride: boolean },
): PromoRefusal | null {
  if (p.city_id !== ctx.city_id) return 'zone';
  if (p.status !== 'active' || ctx.now < new Date(p.valid_from)) return 'inactive';
  if (p.valid_to && ctx.now >= new Date(p.valid_to)) return 'expired';
  if ((p.max_redemptions !== null && p.redemptions_held >= p.max_redemptions) || (p.budget_cents !== null && p.committed_cents >= p.budget_cents))
    return 'spent';
  if (p.first_ride_only && ctx.rider_has_completed_ride) return 'first_ride';
  if (ctx.rider_uses >= p.per_rider_limit) return 'used';
  if (p.zone_ids.length > 0 && (ctx.zone_id === null || !p.zone_ids.includes(ctx.zone_id))) return 'zone';
  return null;
}

/** The ride's part: this ride type and fare; the discount if the code takes it, with the budget left. */
export function discountForRide(p: PromotionRules, ride: { ride_type: string; fare_cents: number }): { refusal: PromoRefusal } | { discount_cents: number } {
  if (p.ride_types.length > 0 && !p.ride_types.includes(ride.ride_type)) return { refusal: 'ride_type' };
  if (ride.fare_cents < p.min_fare_cents) return { refusal: 'min_fare' };
  const discount = promoDiscountCents(p, ride.fare_cents);
  if (discount <= 0) return { refusal: 'min_fare' };
  if (p.budget_cents !== null && p.committed_cents + discount > p.budget_cents) return { refusal: 'spent' };
  return { discount_cents: discount };
}

/** What a live redemption knows of a ride and its rider when it checks a code (a replay knows the same of a past ride). */
export type PromoRideFacts = {
  now: Date;
  city_id: string;
  /** The pickup's pricing zone, as the booking records it. */
  zone_id: string | null;
  ride_type: string;
  fare_cents: number;
  /** On a company's account (decision 0067): such a ride takes no code. */
  business: boolean;
  /** The rider's uses of this promotion that count against its per-rider limit. */
  rider_uses: number;
  /** Whether the rider had completed a ride (a first-ride code is for riders who had not). */
  rider_has_completed_ride: boolean;
};

/**
 * THE rule of a code for one ride (issue 27): a business ride takes none, an unknown code nothing, then the
 * rider's part (`refusalForRider`: city, status and dates, counters, first ride, uses, zone) and the ride's
 * (`discountForRide`: ride type, minimum fare, the discount within the budget left). The request, the
 * reservation in the booking's transaction and the backtest's replay all decide with it, so a backtest counts
 * exactly the rides a live redemption would have taken, at the discount it would have given.
 */
export function promoOutcome(p: PromotionRules | null | undefined, ride: PromoRideFacts): { refusal: PromoRefusal } | { discount_cents: number } {
  if (ride.business) return { refusal: 'business' };
  if (!p) return { refusal: 'unknown' };
  const refusal = refusalForRider(p, ride);
  if (refusal) return { refusal };
  return discountForRide(p, ride);
}

/** A promotion's status as people read it: the stored one, or exhausted/expired read from counters and dates. */
export function effectiveStatus(
  p: Pick<PromotionRules, 'status' | 'valid_to' | 'max_redemptions' | 'redemptions_held' | 'budget_cents' | 'committed_cents'>,
  now: Date,
) {
  if (p.status !== 'active') return p.status;
  if (p.valid_to && now >= new Date(p.valid_to)) return 'expired' as const;
  if ((p.max_redemptions !== null && p.redemptions_held >= p.max_redemptions) || (p.budget_cents !== null && p.committed_cents >= p.budget_cents))
    return 'exhausted' as const;
  return 'active' as const;
}
