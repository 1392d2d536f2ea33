import { z } from 'zod';

/**
 * The driver's own dashboard (issue 14, decision 0050): the goal a driver sets for a day. Either figure may be
 * left out (null); both null clears the goal. Money in the city's minor units (cents).
 */
export const GOAL_MAX_EARNINGS_CENTS = 10_000_00;
export const GOAL_MAX_TRIPS = 100;

export const goalInputSchema = z.strictObject({
  earnings_cents: z
    .number({ error: 'earnings_cents must be a whole number of cents, or null' })
    .int('earnings_cents must be a whole number of cents')
    .min(100, 'An earnings goal is at least 1.00')
    .max(GOAL_MAX_EARNINGS_CENTS, `An earnings goal is at most ${GOAL_MAX_EARNINGS_CENTS / 100}`)
    .nullable(),
  trips: z
    .number({ error: 'trips must be a whole number, or null' })
    .int('trips must be a whole number')
    .min(1, 'A trips goal is at least 1')
    .max(GOAL_MAX_TRIPS, `A trips goal is at most ${GOAL_MAX_TRIPS}`)
    .nullable(),
});
export type GoalInput = z.infer<typeof goalInputSchema>;

/** How many cells /api/drivers/me/demand lists at most, and how far it looks (metres). */
export const DEMAND_NEAR_CELLS = 6;
export const DEMAND_NEAR_RADIUS_M = 5000;
