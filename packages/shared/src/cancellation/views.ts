import { z } from 'zod';
import { timestampSchema } from '../contract';
import { RIDE_TYPES } from '../rides/schemas';
import { FEE_KINDS, FEE_REASONS, WAIVE_REASONS } from './schemas';

/** A policy's terms, as the list shows them and as each version keeps them. */
const termsShape = {
  free_window_s: z.number().int(),
  fee_kind: z.enum(FEE_KINDS),
  fee_fixed_cents: z.number().int(),
  fee_percent_bp: z.number().int(),
  fee_min_cents: z.number().int(),
  fee_max_cents: z.number().int(),
  no_show_wait_s: z.number().int(),
  no_show_fee_cents: z.number().int(),
  late_driver_margin_s: z.number().int(),
  driver_share_late_cancel_pct: z.number().int(),
  driver_share_no_show_pct: z.number().int(),
};

/** One cancellation policy as /cancellation-policies lists it. */
export const cancellationPolicyViewSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  city_name: z.string(),
  currency: z.string(),
  ride_type: z.enum(RIDE_TYPES),
  /** Null: the city's default; else the pricing zone whose own terms these are (rides from it follow them). */
  zone_id: z.string().nullable(),
  ...termsShape,
  /** The version in force (decision 0087): each change adds one; the terms above are its. */
  version: z.number().int(),
  /** When the version in force was saved. */
  updated_at: timestampSchema,
});
export type CancellationPolicyView = z.infer<typeof cancellationPolicyViewSchema>;
export const cancellationPoliciesResponseSchema = z.strictObject({ policies: z.array(cancellationPolicyViewSchema) });
export const cancellationPolicyResponseSchema = z.strictObject({ policy: cancellationPolicyViewSchema });

/** One version of a policy's terms (decision 0087): who saved it, when, from when it applies, and where it stands now. */
export const cancellationPolicyVersionSchema = z.strictObject({
  id: z.string(),
  policy_id: z.string(),
  version: z.number().int(),
  ...termsShape,
  effective_from: timestampSchema,
  created_by: z.string().nullable(),
  /** Null: saved by no known admin (the first version of a seeded or migrated policy). */
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  note: z.string().nullable(),
  status: z.enum(['in_force', 'scheduled', 'superseded']),
});
export type CancellationPolicyVersion = z.infer<typeof cancellationPolicyVersionSchema>;
export const cancellationPolicyVersionsResponseSchema = z.strictObject({ versions: z.array(cancellationPolicyVersionSchema) });

/**
 * A live ride's cancellation terms, as the server computes them from its policy and its stored times at
 * the moment it answers. Null once the ride has ended or its trip started.
 */
export const cancelTermsSchema = z.strictObject({
  /** The rider cancels free until then; null before a driver accepted (free until one does). */
  free_cancel_until: timestampSchema.nullable(),
  /** What a rider's cancel costs after the window (before any waiver). */
  late_cancel_fee_cents: z.number().int(),
  /** What a rider's cancel would cost now: 0 inside the window, or when waived. */
  fee_now_cents: z.number().int(),
  /** Why a fee past the window would not be charged now. */
  waived_now: z.enum(WAIVE_REASONS).nullable(),
  /** From then the driver may report "Rider didn't show up"; null before Arrived. */
  no_show_at: timestampSchema.nullable(),
  no_show_fee_cents: z.number().int(),
  /** The server's clock when it computed these: a client counts down on the server's time, not its own clock. */
  as_of: timestampSchema,
});
export type CancelTerms = z.infer<typeof cancelTermsSchema>;

/** The fee recorded on a cancelled ride. */
export const rideCancellationFeeSchema = z.strictObject({
  amount_cents: z.number().int(),
  reason: z.enum(FEE_REASONS),
  waived: z.boolean(),
  waive_reason: z.enum(WAIVE_REASONS).nullable(),
  driver_share_cents: z.number().int(),
});
export type RideCancellationFee = z.infer<typeof rideCancellationFeeSchema>;
