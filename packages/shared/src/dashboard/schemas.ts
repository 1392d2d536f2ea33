import { z } from 'zod';
import { dashboardGoalWords } from './dashboard-text';
import { GOAL_MAX_EARNINGS_CENTS, GOAL_MAX_TRIPS, GOAL_MIN_EARNINGS_CENTS } from './limits';

export { DEMAND_NEAR_CELLS, DEMAND_NEAR_RADIUS_M, GOAL_MAX_EARNINGS_CENTS, GOAL_MAX_TRIPS, GOAL_MIN_EARNINGS_CENTS } from './limits';

/**
 * The driver's own dashboard (issue 14, decision 0050): the goal a driver sets for a day. Either figure may be
 * left out (null); both null clears the goal. Money in the city's minor units (cents).
 */
export const goalInputSchema = z.strictObject({
  earnings_cents: z
    .number({ error: 'earnings_cents must be a whole number of cents, or null' })
    .int('earnings_cents must be a whole number of cents')
    .min(GOAL_MIN_EARNINGS_CENTS, dashboardGoalWords.earningsMin)
    .max(GOAL_MAX_EARNINGS_CENTS, dashboardGoalWords.earningsMax)
    .nullable(),
  trips: z
    .number({ error: 'trips must be a whole number, or null' })
    .int('trips must be a whole number')
    .min(1, dashboardGoalWords.tripsRange)
    .max(GOAL_MAX_TRIPS, dashboardGoalWords.tripsRange)
    .nullable(),
});
export type GoalInput = z.infer<typeof goalInputSchema>;
