import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { RIDE_TYPES } from '../rides/schemas';
import { PROMO_REFUSALS, PROMOTION_KINDS, PROMOTION_STATUSES, REDEMPTION_STATES } from './schemas';

/** A promotion as admins read it, with its figures: redemptions reserved (rides under way) and applied, money reserved and spent. */
export const promotionSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  city_name: z.string(),
  currency: z.string(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int(),
  max_discount_cents: z.number().int().nullable(),
  min_fare_cents: z.number().int(),
  ride_types: z.array(z.enum(RIDE_TYPES)),
  zone_ids: z.array(z.string()),
  /** The zones by name (any zone when empty). */
  zones: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  description: z.string(),
  /** The admins' changes so far: an edit sends the version it read (decision 0068). */
  version: z.number().int(),
  valid_from: timestampSchema,
  valid_to: timestampSchema.nullable(),
  budget_cents: z.number().int().nullable(),
  max_redemptions: z.number().int().nullable(),
  per_rider_limit: z.number().int(),
  first_ride_only: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  redemptions_reserved: z.number().int(),
  redemptions_applied: z.number().int(),
  reserved_cents: z.number().int(),
  spent_cents: z.number().int(),
  created_at: timestampSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionResponseSchema = z.strictObject({ promotion: promotionSchema });
export const promotionsPageSchema = listPageSchema(promotionSchema);

export const promoRedemptionSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  rider_name: z.string().nullable(),
  state: z.enum(REDEMPTION_STATES),
  reserved_cents: z.number().int(),
  applied_cents: z.number().int().nullable(),
  created_at: timestampSchema,
  applied_at: timestampSchema.nullable(),
  released_at: timestampSchema.nullable(),
});
export type PromoRedemption = z.infer<typeof promoRedemptionSchema>;
export const promoRedemptionsPageSchema = listPageSchema(promoRedemptionSchema);

/** What the promotion would have done over the last BACKTEST_DAYS days of the city's completed rides. */
export const backtestSchema = z.strictObject({
  from: timestampSchema,
  to: timestampSchema,
  currency: z.string(),
  rides_considered: z.number().int(),
  rides_qualified: z.number().int(),
  redemptions: z.number().int(),
  riders: z.number().int(),
  cost_cents: z.number().int(),
  /** What stopped it before every qualifying ride had its discount, if anything. */
  limited_by: z.enum(['budget', 'max_redemptions']).nullable(),
});
export type Backtest = z.infer<typeof backtestSchema>;
export const backtestResponseSchema = z.strictObject({ backtest: backtestSchema });

/** The rider's Apply: per ride type of the quote, the discount or why not. */
export const appliedPromoSchema = z.strictObject({
  code: z.string(),
  currency: z.string(),
  options: z.array(
    z.strictObject({
      ride_type: z.enum(RIDE_TYPES),
      fare_cents: z.number().int(),
      discount_cents: z.number().int(),
      refusal: z.enum(PROMO_REFUSALS).nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type AppliedPromo = z.infer<typeof appliedPromoSchema>;
