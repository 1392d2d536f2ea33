/**
 * The dashboard's numbers without zod (decision 0050): the web page imports these, so its lazy chunk does not
 * pull the schema library into a phone's first load; `schemas.ts` builds the server's validation from them.
 */
export const GOAL_MIN_EARNINGS_CENTS = 100;
export const GOAL_MAX_EARNINGS_CENTS = 1_000_000;
export const GOAL_MAX_TRIPS = 100;

/** How many cells /api/drivers/me/demand lists at most, and how far it looks (metres). */
export const DEMAND_NEAR_CELLS = 6;
export const DEMAND_NEAR_RADIUS_M = 5000;
