import { defineRoutes } from '../contract';
import { goalInputSchema } from './schemas';
import { demandNearSchema, goalResponseSchema, myDashboardSchema } from './views';

const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'No driver record (FORBIDDEN), or the newest one is not approved (DRIVER_NOT_APPROVED)' },
} as const;

/** The driver's own dashboard at its secret path (issue 14, decision 0050): the caller's own figures only. */
export const dashboardRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/drivers/me/dashboard',
    tag: 'dashboard',
    summary: "The signed-in driver's day: today's earnings and trips (from the ledger), goal, rates, rating, last comments",
    description: "Only the caller's own. Today is the city's local date; the figures are /driver-earnings' today; the rates are the admin driver detail's.",
    auth: 'driver',
    responses: { 200: { description: 'The figures', schema: myDashboardSchema }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/goal',
    tag: 'dashboard',
    summary: "The signed-in driver's daily goal (null when none)",
    auth: 'driver',
    responses: { 200: { description: 'The goal', schema: goalResponseSchema }, ...driverRefusals },
  },
  {
    method: 'PUT',
    path: '/api/drivers/me/goal',
    tag: 'dashboard',
    summary: "Set the signed-in driver's daily goal: earnings (cents) and/or trips; both null clears it",
    auth: 'driver',
    request: { body: goalInputSchema },
    responses: {
      200: { description: 'Saved', schema: goalResponseSchema },
      400: { description: 'Not whole numbers, out of range, or other fields; nothing changes' },
      ...driverRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/demand',
    tag: 'dashboard',
    summary: 'Where riders are asking for rides near the signed-in driver now (heatmap cells, counts only)',
    description:
      'Cells within 5 km of the live position (else the last ride, else the city centre) with requests today in the last hour up to now, most requests first. No rider data.',
    auth: 'driver',
    responses: { 200: { description: 'The cells', schema: demandNearSchema }, ...driverRefusals },
  },
]);
