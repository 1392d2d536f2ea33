import { promoOutcome, type PromotionRules } from '@openride/shared/promotions/discount';
import { PROMO_REFUSAL_CODES, type PromoRefusal, promoCodeSchema } from '@openride/shared/promotions/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { domainError } from '../lib/errors';
import { hasCompletedRide, riderUses } from './promotions.repo';

type Ride = Selectable<RidesTable>;

/** A code checked before the booking's transaction: which promotion and the discount to reserve. */
export type PromoHold = { promotion_id: string; discount_cents: number };

export const refuse = (reason: PromoRefusal) => domainError(PROMO_REFUSAL_CODES[reason]);

/** What the request knows of the ride when it checks a code. */
export type PromoRideInput = { city_id: string; zone_id: string | null; ride_type: string; fare_cents: number; business: boolean };

/**
 * Every check of a code for one rider and one ride, as of the promotion row given (undefined: no such code):
 * the rider's uses and first ride read here, the decision `promoOutcome`'s — the one rule the backtest replays
 * too (issue 27). The discount, or the refusal thrown.
 */
async function discountOrRefuse(db: Kysely<DB>, p: (PromotionRules & { id: string }) | undefined, riderId: string, ride: PromoRideInput, now: Date) {
  const outcome = promoOutcome(p, {
    ...ride,
    now,
    rider_uses: p && !ride.business ? await riderUses(db, p.id, riderId) : 0,
    rider_has_completed_ride: p?.first_ride_only && !ride.business ? await hasCompletedRide(db, riderId) : false,
  });
  if ('refusal' in outcome) throw refuse(outcome.refusal);
  return outcome.discount_cents;
}

/**
 * At request, before the booking's transaction (decision 0063): the code the rider typed, checked for this
 * ride (on a company's account or not, its city, the pickup's pricing zone, type and fare); the discount to
 * reserve, or the refusal thrown (nothing is booked). Null when no code was given.
 */
export async function checkPromoForRequest(
  db: Kysely<DB>,
  riderId: string,
  code: string | undefined,
  ride: PromoRideInput,
  now = new Date(),
): Promise<PromoHold | null> {
  if (code === undefined || code === '') return null;
  const parsed = promoCodeSchema.safeParse(code);
  const p = parsed.success ? await db.selectFrom('promotions').selectAll().where('code', '=', parsed.data).executeTakeFirst() : undefined;
  const discount = await discountOrRefuse(db, p, riderId, ride, now);
  return { promotion_id: p!.id, discount_cents: discount };
}

/**
 * In the booking's transaction, once the ride is written (and held): the promotion's row is locked — after
 * the ride, last of the ride's locks (decision 0063) — every rule is checked again on the committed counters,
 * and the redemption is reserved: the counters move within max_redemptions and the budget (the table's check
 * constraints hold them too), the ride carries the discount. A hundred riders racing for the last redemption
 * queue on the row: one gets it, the others read it spent. Answers the ride as it now is.
 */
export async function reserveRidePromotion(trx: Kysely<DB>, ride: Ride, hold: PromoHold | null, now = new Date()): Promise<Ride> {
  if (!hold) return ride;
  const p = await trx.selectFrom('promotions').selectAll().where('id', '=', hold.promotion_id).forUpdate().executeTakeFirstOrThrow();
  const zoneId =
    ((typeof ride.pricing === 'string' ? JSON.parse(ride.pricing) : ride.pricing) as { pickup_zone_id?: string | null } | null)?.pickup_zone_id ?? null;
  const discount = await discountOrRefuse(
    trx,
    p,
    ride.rider_id,
    { city_id: ride.city_id, zone_id: zoneId, ride_type: ride.ride_type, fare_cents: ride.fare_cents, business: ride.payment_method === 'business' },
    now,
  );
  await trx
    .updateTable('promotions')
    .set((eb) => ({ redemptions_held: eb('redemptions_held', '+', 1), committed_cents: eb('committed_cents', '+', discount), updated_at: now }))
    .where('id', '=', p.id)
    .execute();
  await trx.insertInto('promo_redemptions').values({ promotion_id: p.id, ride_id: ride.id, rider_id: ride.rider_id, reserved_cents: discount }).execute();
  return trx.updateTable('rides').set({ promo_discount_cents: discount }).where('id', '=', ride.id).returningAll().executeTakeFirstOrThrow();
}

/** A ride's promotion as its rider reads it after completion: the code and the ride's discount (decision 0068). */
export type RidePromotion = { code: string; discount_cents: number };

/**
 * In the completing transaction (the ride locked): the reservation is applied with the ride's discount (never
 * more than reserved); what was reserved beyond it goes back to the budget. A ride without one changes nothing.
 * Answers the code and the ride's discount (the completion notice's line), or null.
 */
export async function applyRidePromotion(trx: Kysely<DB>, ride: Ride, now = new Date()): Promise<RidePromotion | null> {
  if (ride.promo_discount_cents <= 0) return null;
  const r = await trx
    .updateTable('promo_redemptions')
    .set((eb) => ({ state: 'applied', applied_cents: eb.fn('least', [eb.ref('reserved_cents'), eb.val(ride.promo_discount_cents)]), applied_at: now }))
    .where('ride_id', '=', ride.id)
    .where('state', '=', 'reserved')
    .returning(['promotion_id', 'reserved_cents', 'applied_cents'])
    .executeTakeFirst();
  if (!r) return null;
  const applied = r.applied_cents ?? 0;
  const { code } = await trx
    .updateTable('promotions')
    .set((eb) => ({
      committed_cents: eb('committed_cents', '-', r.reserved_cents - applied),
      spent_cents: eb('spent_cents', '+', applied),
      redemptions_applied: eb('redemptions_applied', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', r.promotion_id)
    .returning('code')
    .executeTakeFirstOrThrow();
  return { code, discount_cents: ride.promo_discount_cents };
}

/**
 * The promotion a ride's rider used, for what they read after completion (receipt, PDF): the code of the ride's
 * redemption and the discount the ride record carries (`promo_discount_cents`, what the ledger's `promotion`
 * line posted). Null for a ride without one.
 */
export async function ridePromotionOf(db: Kysely<DB>, ride: Pick<Ride, 'id' | 'promo_discount_cents'>): Promise<RidePromotion | null> {
  if (ride.promo_discount_cents <= 0) return null;
  const row = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promotions as p', 'p.id', 'r.promotion_id')
    .select('p.code')
    .where('r.ride_id', '=', ride.id)
    .executeTakeFirst();
  return row ? { code: row.code, discount_cents: ride.promo_discount_cents } : null;
}

/** The promotions applied to these rides, by ride (code and discount) — a list's batch of `ridePromotionOf`. */
export async function promotionsOfRides(db: Kysely<DB>, rideIds: string[]): Promise<Map<string, RidePromotion>> {
  if (!rideIds.length) return new Map();
  const rows = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promotions as p', 'p.id', 'r.promotion_id')
    .select(['r.ride_id', 'p.code', 'r.applied_cents'])
    .where('r.ride_id', 'in', rideIds)
    .where('r.state', '=', 'applied')
    .execute();
  return new Map(rows.map((r) => [r.ride_id, { code: r.code, discount_cents: r.applied_cents ?? 0 }]));
}

/** In the cancelling transaction (a cancel, or dispatch finding no driver): the reservation goes back whole. */
export async function releaseRidePromotion(trx: Kysely<DB>, ride: Pick<Ride, 'id'>, now = new Date()) {
  const r = await trx
    .updateTable('promo_redemptions')
    .set({ state: 'released', released_at: now })
    .where('ride_id', '=', ride.id)
    .where('state', '=', 'reserved')
    .returning(['promotion_id', 'reserved_cents'])
    .executeTakeFirst();
  if (!r) return;
  await trx
    .updateTable('promotions')
    .set((eb) => ({ redemptions_held: eb('redemptions_held', '-', 1), committed_cents: eb('committed_cents', '-', r.reserved_cents), updated_at: now }))
    .where('id', '=', r.promotion_id)
    .execute();
}
