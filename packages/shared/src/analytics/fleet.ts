import { z } from 'zod';
import { daySchema, timeZoneSchema } from './schemas';

/**
 * The operator's view of the fleet: /driver-admin-dashboard (drivers online now, the application funnel,
 * applications waiting, who declines or cancels most) and /driver-heatmap (demand and supply per H3 cell).
 */

const iso = z.string();

/** The funnel's and the decline list's look-back windows, in days. */
export const FLEET_WINDOWS = [7, 30, 90, 365] as const;

export const driverDashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (FLEET_WINDOWS as readonly number[]).includes(d), `Choose one of ${FLEET_WINDOWS.join(', ')} days`)
    .default(30),
  /** One city (the console's selector); none: every city of the staff member's (decision 0091). */
  city: z.string().max(40).optional(),
});
export type DriverDashboardQuery = z.infer<typeof driverDashboardQuerySchema>;

/** A driver on the live map: free to take a ride (in the dispatch index), or on a ride (their last fix). */
export const fleetDriverSchema = z.object({
  driver_id: z.string(),
  full_name: z.string(),
  state: z.enum(['available', 'on_ride']),
  lat: z.number(),
  lng: z.number(),
});
export type FleetDriver = z.infer<typeof fleetDriverSchema>;

export const waitingApplicationSchema = z.object({
  driver_id: z.string(),
  full_name: z.string(),
  vehicle: z.string(),
  applied_at: iso,
  /** Seconds since the application came in. */
  waiting_s: z.number().int(),
});

export const driverReliabilitySchema = z.object({
  driver_id: z.string(),
  full_name: z.string(),
  offers: z.number().int(),
  declined: z.number().int(),
  /** Offers left to run out without an answer. */
  expired: z.number().int(),
  accepted: z.number().int(),
  cancelled: z.number().int(),
  /** (declined + expired) ÷ offers. */
  decline_rate: z.number(),
  /** Rides the driver cancelled ÷ rides they accepted; null without an accepted ride. */
  cancel_rate: z.number().nullable(),
});
export type DriverReliability = z.infer<typeof driverReliabilitySchema>;

export const driverDashboardSchema = z.object({
  days: z.number().int(),
  online: z.object({
    /** Online and free: in the dispatch index, getting offers. */
    available: z.number().int(),
    /** Taking someone: accepted, arrived or on the trip. */
    on_ride: z.number().int(),
  }),
  /** Everyone counted in `online` whose position is known. */
  drivers: z.array(fleetDriverSchema),
  /** Of the applications made in the window: how many were approved, and how many of those completed a ride. */
  funnel: z.object({ applied: z.number().int(), approved: z.number().int(), first_ride: z.number().int(), rejected: z.number().int() }),
  /** Pending applications, oldest first (at most 20), and how many there are in all. */
  waiting: z.object({ count: z.number().int(), oldest_s: z.number().int().nullable(), applications: z.array(waitingApplicationSchema) }),
  /** Drivers with at least a few offers in the window, the most declining (or cancelling) first (at most 10). */
  reliability: z.array(driverReliabilitySchema),
});
export type DriverDashboard = z.infer<typeof driverDashboardSchema>;

/** H3 resolution of the heatmap's cells: ~0.74 km² hexagons (edge ~460 m), a few city blocks. */
export const HEATMAP_RESOLUTION = 8;
/** Longest range the heatmap reads at once. */
export const HEATMAP_MAX_DAYS = 31;

export const heatmapQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    /** Hours of the day, in `tz`: from `from_hour` (0–23) up to but not including `to_hour` (1–24). */
    from_hour: z.coerce.number().int().min(0).max(23).default(0),
    to_hour: z.coerce.number().int().min(1).max(24).default(24),
    tz: timeZoneSchema,
    /** One city (the console's selector); none: every city of the staff member's (decision 0091). */
    city: z.string().max(40).optional(),
  })
  .refine((q) => q.from <= q.to, { message: '"from" must be on or before "to"', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < HEATMAP_MAX_DAYS, {
    message: `Choose at most ${HEATMAP_MAX_DAYS} days`,
    path: ['to'],
  })
  .refine((q) => q.from_hour < q.to_hour, { message: 'The hours must end after they start', path: ['to_hour'] });
export type HeatmapQuery = z.infer<typeof heatmapQuerySchema>;

export const heatmapCellSchema = z.object({
  /** The H3 cell index. */
  cell: z.string(),
  /** The hexagon's corners, [lat, lng]. */
  boundary: z.array(z.tuple([z.number(), z.number()])),
  center: z.tuple([z.number(), z.number()]),
  /** Ride requests whose pickup is in the cell. */
  demand: z.number().int(),
  /** Drivers free to take a ride in the cell, on average over the sampled minutes (one decimal). */
  supply: z.number(),
  /**
   * The cell's share of the city's requests minus its share of the free drivers, in percentage points:
   * positive where riders outnumber drivers, negative where drivers wait for riders.
   */
  gap: z.number(),
});
export type HeatmapCell = z.infer<typeof heatmapCellSchema>;

export const heatmapSchema = z.object({
  from: z.string(),
  to: z.string(),
  from_hour: z.number().int(),
  to_hour: z.number().int(),
  tz: z.string(),
  resolution: z.number().int(),
  /** Where to centre the map when there are no cells: the first city's centre. */
  center: z.tuple([z.number(), z.number()]),
  cells: z.array(heatmapCellSchema),
  totals: z.object({
    requests: z.number().int(),
    /** Free drivers on average across the city over the sampled minutes. */
    drivers: z.number(),
    /** Minutes in the range at which supply was sampled (a server samples every minute it runs). */
    sampled_minutes: z.number().int(),
  }),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

export const HEATMAP_LAYERS = ['demand', 'supply', 'gap'] as const;
export type HeatmapLayer = (typeof HEATMAP_LAYERS)[number];
