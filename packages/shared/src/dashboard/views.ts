import { z } from 'zod';
import { goalInputSchema } from './schemas';

/** The driver's daily goal; null when none is set. */
export const goalSchema = goalInputSchema.extend({ updated_at: z.string() });
export type Goal = z.infer<typeof goalSchema>;
export const goalResponseSchema = z.strictObject({ goal: goalSchema.nullable() });

/** `GET /api/drivers/me/dashboard`: one read for the dashboard's figures, all the caller's own. */
export const myDashboardSchema = z.strictObject({
  driver: z.strictObject({ id: z.string(), name: z.string(), status: z.string() }),
  city: z.strictObject({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string() }),
  /** Today (the city's local date), summed from the ledger as /driver-earnings sums it. */
  today: z.strictObject({ day: z.string(), net_cents: z.number().int(), trips: z.number().int(), tips_cents: z.number().int() }),
  goal: goalSchema.nullable(),
  /** The admin driver detail's figures (acceptance and cancellation rates, rating), same code. */
  stats: z.strictObject({
    offers: z.number().int(),
    acceptance_rate: z.number().nullable(),
    rides: z.number().int(),
    cancellation_rate: z.number().nullable(),
    rating: z.number().nullable(),
    ratings: z.number().int(),
  }),
  /** The last comments riders left (stars, words, when): never who wrote them. */
  comments: z.array(z.strictObject({ stars: z.number().int(), comment: z.string(), at: z.string() })),
});
export type MyDashboard = z.infer<typeof myDashboardSchema>;

/** `GET /api/drivers/me/demand`: ride requests near the driver in the last hours, per H3 cell (counts only). */
export const demandNearSchema = z.strictObject({
  /** Where "near" is measured from: the live position, the last ride's, or the city's centre. */
  from: z.strictObject({ lat: z.number(), lng: z.number(), source: z.enum(['live', 'last_ride', 'city']) }),
  /** The hours counted, local to the city: today from `from_hour` up to `to_hour`. */
  window: z.strictObject({ day: z.string(), from_hour: z.number().int(), to_hour: z.number().int(), timezone: z.string() }),
  cells: z.array(
    z.strictObject({
      cell: z.string(),
      center: z.tuple([z.number(), z.number()]),
      /** Ride requests picked up in the cell in the window. */
      requests: z.number().int(),
      /** Share of requests minus share of free drivers, percentage points (the heatmap's gap). */
      gap: z.number(),
      distance_m: z.number().int(),
      /** Compass bearing from `from`, degrees (0 = north). */
      bearing: z.number().int(),
    }),
  ),
});
export type DemandNear = z.infer<typeof demandNearSchema>;
