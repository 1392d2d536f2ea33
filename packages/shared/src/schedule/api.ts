import { defineRoutes, idParamsSchema } from '../contract';
import { coverageQuerySchema, coverageSchema, driverScheduleResponseSchema, putWeekSchema, timeOffInputSchema, timeOffResponseSchema } from './schemas';

const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'No driver record (FORBIDDEN), or the newest one is not approved (DRIVER_NOT_APPROVED)' },
} as const;
const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** A driver's weekly hours and time off, and the operator's reads (issue 14, decision 0047). */
export const scheduleRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/drivers/me/schedule',
    tag: 'schedule',
    summary: "The signed-in driver's weekly hours, time off to come and next shift",
    description:
      "Only the caller's own schedule. Times are local to the schedule's city (its `timezone`); `next_shift` has time off taken out and touching blocks joined.",
    auth: 'driver',
    responses: { 200: { description: 'The schedule', schema: driverScheduleResponseSchema }, ...driverRefusals },
  },
  {
    method: 'PUT',
    path: '/api/drivers/me/schedule',
    tag: 'schedule',
    summary: "Replace the signed-in driver's weekly hours",
    description:
      'The whole week at once. Each block: `weekday` 0 (Sunday) to 6, `start` and `end` as HH:MM on 15-minute steps, ending after it starts on the same day (`24:00` = midnight at its end; a night shift is two blocks). Blocks of one day may not overlap. Refused input changes nothing.',
    auth: 'driver',
    request: { body: putWeekSchema },
    responses: {
      200: { description: 'Saved; the schedule as now stored', schema: driverScheduleResponseSchema },
      400: { description: 'A bad time, an overlap, an unknown city' },
      ...driverRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/drivers/me/time-off',
    tag: 'schedule',
    summary: 'Add time off: no shift and no reminder between its start and end',
    description: 'Instants with an offset; ends after it starts, in the future, at most 90 days long.',
    auth: 'driver',
    request: { body: timeOffInputSchema },
    responses: { 201: { description: 'Added', schema: timeOffResponseSchema }, 400: { description: 'Bad times or note' }, ...driverRefusals },
  },
  {
    method: 'DELETE',
    path: '/api/drivers/me/time-off/:id',
    tag: 'schedule',
    summary: 'Remove one of your own time off entries',
    auth: 'driver',
    request: { params: idParamsSchema },
    responses: { 204: { description: 'Removed' }, 404: { description: "No such time off among the caller's own" }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers/:id/schedule',
    tag: 'schedule',
    summary: "Any driver's weekly hours, time off and next shift",
    auth: 'admin',
    permission: 'driver.read',
    cityOf: { record: 'driver' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The schedule', schema: driverScheduleResponseSchema }, 404: { description: 'No such driver' }, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/schedule-coverage',
    tag: 'schedule',
    summary: "A city's scheduled drivers per hour of the coming week beside rides per hour of the week (last 4 weeks' average)",
    description: "168 cells in the city's time zone, today first. `most_short`: the hour with the most rides per scheduled driver (plus one).",
    auth: 'admin',
    permission: 'analytics.read',
    request: { query: coverageQuerySchema },
    responses: {
      200: { description: 'Both series', schema: coverageSchema },
      400: { description: 'No city given' },
      404: { description: 'No such city' },
      ...adminRefusals,
    },
  },
]);
