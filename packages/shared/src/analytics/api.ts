import { defineRoutes } from '../contract';
import { driverDashboardQuerySchema, driverDashboardSchema, heatmapQuerySchema, heatmapSchema } from './fleet';
import { analyticsQuerySchema, analyticsSchema } from './schemas';

export const analyticsRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/analytics',
    tag: 'admin',
    summary: 'The marketplace by day: rides by outcome, completion rate, waits, fares, active users, sign-ups',
    description: "Days are calendar days in `tz` (the operator's IANA time zone), `from` and `to` inclusive, at most 366.",
    auth: 'admin',
    permission: 'analytics.read',
    request: { query: analyticsQuerySchema },
    responses: {
      200: { description: 'The figures', schema: analyticsSchema },
      400: { description: 'A bad date, range or time zone' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an administrator' },
    },
  },
]);

export const fleetRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/driver-dashboard',
    tag: 'admin',
    summary: 'Drivers online now (with positions), the application funnel, applications waiting, least reliable drivers',
    description: '`days` (7, 30, 90 or 365; default 30) is the look-back of the funnel and of the decline and cancel rates.',
    auth: 'admin',
    permission: 'analytics.read',
    request: { query: driverDashboardQuerySchema },
    responses: {
      200: { description: 'The figures', schema: driverDashboardSchema },
      400: { description: 'A bad window' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an administrator' },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/driver-heatmap',
    tag: 'admin',
    summary: 'Demand (ride requests) and supply (free drivers) per H3 cell over days and hours of the day',
    description:
      'Days are calendar days in `tz`, `from` and `to` inclusive (at most 31); on each, the hours from `from_hour` up to `to_hour`. ' +
      'Supply is sampled every minute a server runs; `gap` is the share of requests minus the share of drivers, in points.',
    auth: 'admin',
    permission: 'analytics.read',
    request: { query: heatmapQuerySchema },
    responses: {
      200: { description: 'The cells', schema: heatmapSchema },
      400: { description: 'A bad date, hour range or time zone' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an administrator' },
    },
  },
]);
