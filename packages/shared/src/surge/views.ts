import { z } from 'zod';
import { zoneGeometrySchema } from '../zones/schemas';

/** What /surge-pricing reads (issue 12, decision 0035). Tenths: 14 = 1.4×. */
export const surgeRuleViewSchema = z.strictObject({
  thresholds: z.array(z.strictObject({ ratio: z.number(), multiplier_tenths: z.number().int() })),
  floor_tenths: z.number().int(),
  cap_tenths: z.number().int(),
  max_change_tenths: z.number().int(),
  hysteresis: z.number(),
  min_requests: z.number().int(),
});

export const SURGE_REASONS = ['frozen', 'override', 'too_few_requests', 'ratio'] as const;

export const surgeZoneViewSchema = z.strictObject({
  zone_id: z.string(),
  name: z.string(),
  color: z.string(),
  geometry: zoneGeometrySchema,
  /** What a quote starting here gets now: freeze and a live override already applied. */
  multiplier_tenths: z.number().int(),
  requests: z.number().int(),
  drivers: z.number().int(),
  ratio: z.number(),
  reason: z.enum(SURGE_REASONS),
  /** The ladder step the ratio reached at the last update (its ratio), or null below the first. */
  threshold: z.number().nullable(),
  override_tenths: z.number().int().nullable(),
  override_until: z.string().nullable(),
  /** When the multiplier was last updated; null before the first update. */
  updated_at: z.string().nullable(),
});
export type SurgeZoneView = z.infer<typeof surgeZoneViewSchema>;

export const surgeOverviewSchema = z.strictObject({
  city_id: z.string(),
  rule: surgeRuleViewSchema,
  frozen: z.boolean(),
  /** The demo city's "Simulate rush hour downtown" switch; `demo` says whether the switch exists here. */
  demo: z.boolean(),
  demo_rush: z.boolean(),
  tick_seconds: z.number(),
  window_seconds: z.number(),
  zones: z.array(surgeZoneViewSchema),
});
export type SurgeOverview = z.infer<typeof surgeOverviewSchema>;

export const surgeTimelineSchema = z.strictObject({
  zone_id: z.string(),
  points: z.array(
    z.strictObject({
      at: z.string(),
      requests: z.number().int(),
      drivers: z.number().int(),
      ratio: z.number(),
      multiplier_tenths: z.number().int(),
      reason: z.enum(SURGE_REASONS),
    }),
  ),
});
export type SurgeTimeline = z.infer<typeof surgeTimelineSchema>;

export const surgeZoneResponseSchema = z.strictObject({ zone: surgeZoneViewSchema });
