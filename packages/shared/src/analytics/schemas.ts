import { z } from 'zod';

/** Longest range one request may ask for: a year of days is ~366 rows, still one quick query. */
export const ANALYTICS_MAX_DAYS = 366;

/** A calendar day, YYYY-MM-DD. */
export const daySchema = z.iso.date({ message: 'Use a date like 2026-11-22' });

/** An IANA time zone the runtime knows (the operator's), UTC by default. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .default('UTC')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * GET /api/admin/analytics. Days are calendar days in `tz` (an IANA time zone, the operator's), from and
 * to inclusive.
 */
export const analyticsQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    tz: timeZoneSchema,
    /** One city (the console's selector); none: every city of the staff member's (decision 0091). */
    city: z.string().max(40).optional(),
  })
  .refine((q) => q.from <= q.to, { message: '"from" must be on or before "to"', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `Choose at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** One day's rides by how they ended (by the day they were requested). */
export const analyticsDaySchema = z.object({
  day: z.string(),
  requested: z.number().int(),
  completed: z.number().int(),
  cancelled_by_rider: z.number().int(),
  cancelled_by_driver: z.number().int(),
  cancelled_by_operator: z.number().int(),
  no_driver: z.number().int(),
  /** Still under way (requested, accepted, arrived, in progress). */
  active: z.number().int(),
  /**
   * Fares of completed rides in minor units, per currency (ISO 4217 code → amount): two currencies are never
   * added together (issue 29 §3); a currency without completed rides is absent.
   */
  fares: z.record(z.string(), z.number().int()),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

const percentiles = z.object({ p50: z.number().nullable(), p90: z.number().nullable() });

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /** The city asked for; null: every city of the staff member's. */
  city: z.string().nullable(),
  /** The currencies of the range's rides, the most used first: the order `fares` is read in. */
  currencies: z.array(z.string()),
  days: z.array(analyticsDaySchema),
  totals: analyticsDaySchema.omit({ day: true }).extend({
    /** completed ÷ rides that ended (completed, cancelled, no driver); null when none ended. */
    completion_rate: z.number().nullable(),
  }),
  /** Seconds from request to the driver's arrival, over rides where the driver arrived. */
  pickup_wait_s: percentiles,
  /** Seconds from start (PIN) to completion, over completed rides. */
  trip_duration_s: percentiles,
  /** Riders who requested, drivers who accepted, at least one ride in the range. */
  active_riders: z.number().int(),
  active_drivers: z.number().int(),
  new_signups: z.object({ accounts: z.number().int(), driver_applications: z.number().int() }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** The outcome columns in the order charts stack them and tables list them. */
export const ANALYTICS_OUTCOMES = ['completed', 'cancelled_by_rider', 'cancelled_by_driver', 'cancelled_by_operator', 'no_driver', 'active'] as const;
export type AnalyticsOutcome = (typeof ANALYTICS_OUTCOMES)[number];
