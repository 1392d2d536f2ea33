import { z } from 'zod';
import { timestampSchema } from '../contract';
import { rideTypeViewSchema } from '../rides/views';

/** Where a version stands now: the one in force for its scope and ride type, one that starts later, or an older one. */
export const POLICY_STATUSES = ['in_force', 'scheduled', 'superseded'] as const;

/** One version of a fare policy. Money in integer cents; the night window in the city's local time. */
export const farePolicySchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  /** Null: the city default. Else the pricing zone of the pickup this version prices. */
  zone_id: z.string().nullable(),
  ride_type: rideTypeViewSchema,
  /** 1, 2, 3… per city, zone scope and ride type. */
  version: z.number().int(),
  base_cents: z.number().int(),
  per_km_cents: z.number().int(),
  per_min_cents: z.number().int(),
  minimum_cents: z.number().int(),
  booking_fee_cents: z.number().int(),
  seats: z.number().int(),
  night: z.strictObject({ multiplier: z.number(), start: z.string(), end: z.string() }).nullable(),
  effective_from: timestampSchema,
  /** Null for the versions migrated from the old price table. */
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  note: z.string().nullable(),
  status: z.enum(POLICY_STATUSES),
});
export type FarePolicy = z.infer<typeof farePolicySchema>;

/** `GET /api/admin/pricing/:city`: the versions in force per scope × ride type, and every version, newest first. */
export const farePoliciesResponseSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string(), time_zone: z.string() }),
  /** Every city, for the city picker. */
  cities: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  current: z.array(farePolicySchema),
  history: z.array(farePolicySchema),
});
export type FarePoliciesResponse = z.infer<typeof farePoliciesResponseSchema>;

export const farePolicyResponseSchema = z.strictObject({ policy: farePolicySchema });

export const fareBreakdownSchema = z.strictObject({
  base_cents: z.number().int(),
  distance_cents: z.number().int(),
  time_cents: z.number().int(),
  time_multiplier: z.number(),
  surge_multiplier: z.number(),
  multiplier_cents: z.number().int(),
  minimum_adjustment_cents: z.number().int(),
  booking_fee_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** `POST /api/admin/pricing/simulate`: the policy used and the fare line by line; the lines add up to `breakdown.total_cents`. */
export const simulatedFareSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string(), time_zone: z.string() }),
  policy: z.strictObject({ id: z.string(), version: z.number().int(), zone_id: z.string().nullable(), ride_type: rideTypeViewSchema }),
  at: timestampSchema,
  breakdown: fareBreakdownSchema,
  lines: z.array(
    z.strictObject({ key: z.enum(['base', 'distance', 'time', 'multipliers', 'minimum', 'booking_fee']), label: z.string(), amount_cents: z.number().int() }),
  ),
});
export type SimulatedFare = z.infer<typeof simulatedFareSchema>;
