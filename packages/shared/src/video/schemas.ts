import { z } from 'zod';
import { RIDE_TYPES } from '../rides/schemas';

/** GET /api/admin/video-figures?city=: the city whose live figures fill the marketing videos. */
export const videoFiguresQuerySchema = z.object({
  city: z.string({ message: 'Choose a city' }).trim().min(1, 'Choose a city').max(64),
});
export type VideoFiguresQuery = z.infer<typeof videoFiguresQuerySchema>;

/** How many days "recent" completed rides look back. */
export const VIDEO_RECENT_DAYS = 30;

/**
 * The live figures of one city that the /video-assets-generator templates show (decision 0060): approved
 * drivers (not suspended) whose city is this one (the schedule's, else the last ride's, else the first
 * city — the rule going online uses), completed rides, the riders' average rating of the city's rides'
 * drivers (null when nobody rated yet), and each ride type's "from" price (the public /pricing figure).
 * Money in integer minor units of the city's currency.
 */
export const videoFiguresSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string() }),
  drivers: z.number().int().nonnegative(),
  rides_completed: z.number().int().nonnegative(),
  rides_completed_recent: z.number().int().nonnegative(),
  recent_days: z.number().int().positive(),
  rating: z.number().nullable(),
  ratings: z.number().int().nonnegative(),
  ride_types: z.array(z.strictObject({ ride_type: z.enum(RIDE_TYPES), name: z.string(), from_cents: z.number().int() })),
  as_of: z.iso.datetime(),
});
export type VideoFigures = z.infer<typeof videoFiguresSchema>;
