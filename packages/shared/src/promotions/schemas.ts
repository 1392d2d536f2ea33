import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { placeSchema, rideTypeSchema } from '../rides/schemas';
import { text } from '../text';

/**
 * Promo codes (issue 16, decision 0063). `percent`: `value` percent of the fare (1–100); `amount`: `value`
 * minor units off. Stored statuses are the admin's (draft, active, paused); `exhausted` and `expired` are read
 * from the counters and the dates (a released reservation can make an exhausted promotion usable again).
 */
export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_STATUSES = ['draft', 'active', 'paused', 'exhausted', 'expired'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const REDEMPTION_STATES = ['reserved', 'applied', 'released'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

/** Why a code does not take off anything from a ride; each has its error code and words (promotions-text.ts). */
export const PROMO_REFUSALS = ['business', 'unknown', 'inactive', 'expired', 'spent', 'first_ride', 'used', 'zone', 'ride_type', 'min_fare'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];
export const PROMO_REFUSAL_CODES = {
  /** A business ride takes no code (decision 0067): the company pays the fare. */
  business: 'BUSINESS_NO_PROMO',
  unknown: 'PROMO_CODE_UNKNOWN',
  inactive: 'PROMO_CODE_INACTIVE',
  expired: 'PROMO_CODE_EXPIRED',
  spent: 'PROMO_CODE_SPENT',
  first_ride: 'PROMO_CODE_FIRST_RIDE',
  used: 'PROMO_CODE_USED',
  zone: 'PROMO_CODE_ZONE',
  ride_type: 'PROMO_CODE_RIDE_TYPE',
  min_fare: 'PROMO_CODE_MIN_FARE',
} as const satisfies Record<PromoRefusal, string>;

export const PROMO_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
/** What a rider types: trimmed and upper-cased, so `spring10` is `SPRING10`. */
export const promoCodeSchema = text()
  .trim()
  .max(40)
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_PATTERN, 'A code is 3 to 20 letters and digits'));

const cents = z.number().int().positive().max(100_000_000);
const instant = z.iso.datetime({ offset: true });

/** A promotion's fields as an admin sets them (no defaults: the create schema adds them, an edit sends what it changes). */
const promotionFields = {
  city_id: text().trim().min(1, 'Choose a city').max(100),
  code: promoCodeSchema,
  kind: z.enum(PROMOTION_KINDS),
  /** Percent (1–100) or minor units. */
  value: z.number().int().positive('The value must be more than 0').max(100_000_000),
  max_discount_cents: cents.nullable(),
  min_fare_cents: z.number().int().min(0).max(100_000_000),
  /** Empty: every ride type. */
  ride_types: z.array(rideTypeSchema).max(3),
  /** Pricing zones of the city the pickup must be in; empty: anywhere in the city. */
  zone_ids: z.array(z.uuid()).max(50),
  valid_from: instant,
  valid_to: instant.nullable(),
  budget_cents: cents.nullable(),
  max_redemptions: z.number().int().positive().max(10_000_000).nullable(),
  per_rider_limit: z.number().int().min(1).max(100),
  first_ride_only: z.boolean(),
  /** The admins' note: what the promotion is for. */
  description: text().trim().max(500),
};
const percentAtMost100 = (p: { kind?: PromotionKind; value?: number }) => p.kind !== 'percent' || p.value === undefined || p.value <= 100;
const endAfterStart = (p: { valid_from?: string; valid_to?: string | null }) =>
  !p.valid_to || !p.valid_from || Date.parse(p.valid_to) > Date.parse(p.valid_from);

export const createPromotionSchema = z
  .object({
    ...promotionFields,
    max_discount_cents: promotionFields.max_discount_cents.optional(),
    min_fare_cents: promotionFields.min_fare_cents.default(0),
    ride_types: promotionFields.ride_types.default([]),
    zone_ids: promotionFields.zone_ids.default([]),
    valid_to: promotionFields.valid_to.optional(),
    budget_cents: promotionFields.budget_cents.optional(),
    max_redemptions: promotionFields.max_redemptions.optional(),
    per_rider_limit: promotionFields.per_rider_limit.default(1),
    first_ride_only: promotionFields.first_ride_only.default(false),
    description: promotionFields.description.default(''),
    /** Draft (backtest first) or active at once. */
    status: z.enum(['draft', 'active']).default('draft'),
  })
  .strict()
  .refine(percentAtMost100, { message: 'A percentage is at most 100', path: ['value'] })
  .refine(endAfterStart, { message: 'The end must be after the start', path: ['valid_to'] });
export type CreatePromotionInput = z.output<typeof createPromotionSchema>;

/**
 * An edit (decision 0068): the `version` the admin read, and the fields changed. A draft may change any field;
 * a launched promotion (active or paused, exhausted and expired included) only `EDITABLE_WHEN_LAUNCHED`. The
 * server checks the rest against the promotion as stored (the end after the start, a percentage ≤ 100, the
 * budget and maximum not below what is taken).
 */
export const EDITABLE_WHEN_LAUNCHED = ['valid_to', 'budget_cents', 'max_redemptions', 'per_rider_limit', 'description'] as const;
export const PROMOTION_FIELDS = Object.keys(promotionFields) as (keyof typeof promotionFields)[];
export const updatePromotionSchema = z
  .object({ version: z.number().int().positive(), ...z.object(promotionFields).partial().shape })
  .strict()
  .refine(percentAtMost100, { message: 'A percentage is at most 100', path: ['value'] })
  .refine(endAfterStart, { message: 'The end must be after the start', path: ['valid_to'] });
export type UpdatePromotionInput = z.output<typeof updatePromotionSchema>;

export const promotionStatusSchema = z.object({ status: z.enum(['active', 'paused']) }).strict();

export const adminPromotionsQuerySchema = defineListQuery({
  sorts: ['created_at', 'code'],
  filters: { status: optionalFilter(z.enum(PROMOTION_STATUSES)), city: optionalFilter(text().max(100)) },
});
export const promoRedemptionsQuerySchema = defineListQuery({
  sorts: ['created_at'],
  filters: { state: optionalFilter(z.enum(REDEMPTION_STATES)) },
});

/** The rider's Apply on /book-ride: the code and the trip quoted (the server prices it again). */
export const applyPromoSchema = z.object({ code: promoCodeSchema, pickup: placeSchema, destination: placeSchema }).strict();
export type ApplyPromoInput = z.output<typeof applyPromoSchema>;

/** How many days of completed rides a backtest replays. */
export const BACKTEST_DAYS = 30;
