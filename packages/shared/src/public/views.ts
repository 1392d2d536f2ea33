import { z } from 'zod';
import { timestampSchema } from '../contract';
import { FEE_KINDS } from '../cancellation/schemas';
import { quoteOptionSchema, rideTypeViewSchema } from '../rides/views';
import { zoneGeometrySchema } from '../zones/schemas';

/**
 * What the public pages read (issue 12, "Public pages drawn from live configuration"; decision 0036): the
 * cities and where they serve, each city's prices as the server prices them, and a fare estimate. No
 * sign-in. Money in integer minor units of the city's currency; multipliers of surge in tenths (14 = 1.4×).
 */

/** A city's enabled service areas as GeoJSON (positions `[lng, lat]`). */
export const serviceAreaCollectionSchema = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.strictObject({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: zoneGeometrySchema,
      properties: z.strictObject({ name: z.string() }),
    }),
  ),
});
export type ServiceAreaCollection = z.infer<typeof serviceAreaCollectionSchema>;

export const publicCitySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  /** Where a map of the city opens. */
  center: z.strictObject({ lat: z.number(), lng: z.number() }),
  service_area: serviceAreaCollectionSchema,
});
export type PublicCity = z.infer<typeof publicCitySchema>;
/** Every city with at least one enabled service area, by name. */
export const publicCitiesResponseSchema = z.strictObject({ cities: z.array(publicCitySchema) });
export type PublicCitiesResponse = z.infer<typeof publicCitiesResponseSchema>;

/** One fare policy version as a formula: `max((base + per km + per min) × night × surge, minimum) + booking fee`. */
export const fareFormulaSchema = z.strictObject({
  base_cents: z.number().int(),
  per_km_cents: z.number().int(),
  per_min_cents: z.number().int(),
  minimum_cents: z.number().int(),
  booking_fee_cents: z.number().int(),
  /** The time-of-day multiplier, its window as HH:MM on the city's clock (may wrap midnight). */
  night: z.strictObject({ multiplier: z.number(), start: z.string(), end: z.string() }).nullable(),
  /** The version in force and since when: what a reader can trace a price to. */
  version: z.number().int(),
  effective_from: timestampSchema,
});
export type FareFormula = z.infer<typeof fareFormulaSchema>;

/** A ride type's cancellation and no-show rule (the city default: what a ride of the type is charged). */
export const publicCancellationSchema = z.strictObject({
  /** Free to cancel for this long after a driver accepts. */
  free_window_s: z.number().int(),
  fee_kind: z.enum(FEE_KINDS),
  fee_fixed_cents: z.number().int(),
  /** Basis points of the fare (1000 = 10 %), kept between the minimum and the maximum. */
  fee_percent_bp: z.number().int(),
  fee_min_cents: z.number().int(),
  fee_max_cents: z.number().int(),
  /** A driver may report a no-show only after waiting this long at the pickup. */
  no_show_wait_s: z.number().int(),
  no_show_fee_cents: z.number().int(),
  /** The fee is waived when the driver arrives later than promised by more than this. */
  late_driver_margin_s: z.number().int(),
});
export type PublicCancellation = z.infer<typeof publicCancellationSchema>;

export const publicRideTypeSchema = z.strictObject({
  ride_type: rideTypeViewSchema,
  name: z.string(),
  seats: z.number().int(),
  /** What the ride type is for, in words. */
  description: z.string(),
  /** The city default's version in force now. */
  fare: fareFormulaSchema,
  /** The lowest fare of a trip: the minimum fare plus the booking fee (city default, no surge). */
  from_cents: z.number().int(),
  /** Pricing zones with versions of their own for this ride type (a pickup there is priced on them). */
  zones: z.array(z.strictObject({ zone_id: z.string(), zone_name: z.string(), fare: fareFormulaSchema })),
  /** Null when the city has no rule for the type: every cancellation is then free. */
  cancellation: publicCancellationSchema.nullable(),
});
export type PublicRideType = z.infer<typeof publicRideTypeSchema>;

export const publicSurgeSchema = z.strictObject({
  floor_tenths: z.number().int(),
  cap_tenths: z.number().int(),
  /** The city's freeze switch: every zone held at 1.0×. */
  frozen: z.boolean(),
  /** The parts of a fare surge multiplies; the ones it never touches. */
  multiplies: z.array(z.enum(['base', 'distance', 'time'])),
  never: z.array(z.enum(['booking_fee', 'cancellation_fees'])),
  /** Each enabled pricing zone's multiplier now (freeze and overrides applied). */
  zones: z.array(z.strictObject({ zone_id: z.string(), name: z.string(), multiplier_tenths: z.number().int() })),
  /** The rule in words, sentence by sentence. */
  summary: z.array(z.string()),
});
export type PublicSurge = z.infer<typeof publicSurgeSchema>;

export const publicPricingSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string(), time_zone: z.string() }),
  ride_types: z.array(publicRideTypeSchema),
  surge: publicSurgeSchema,
  /** The server's clock when it answered (the answer may be cached for a minute). */
  as_of: timestampSchema,
});
export type PublicPricing = z.infer<typeof publicPricingSchema>;

/** A fare estimate: the rider's quote for the same trip (same fares, surge included), without anything personal. */
export const fareEstimateSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string() }),
  currency: z.string(),
  distance_m: z.number(),
  duration_s: z.number(),
  options: z.array(quoteOptionSchema),
  /** The pickup's surge multiplier the fares include (10 = none), and its pricing zone. */
  surge: z.strictObject({ multiplier_tenths: z.number().int(), zone_name: z.string().nullable() }),
});
export type FareEstimate = z.infer<typeof fareEstimateSchema>;
