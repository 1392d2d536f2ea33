import { defineRoutes } from '../contract';
import { analyticsQuerySchema, analyticsSchema } from './schemas';

export const analyticsRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/analytics',
    tag: 'admin',
    summary: 'The marketplace by day: rides by outcome, completion rate, waits, fares, active users, sign-ups',
    description: 'Days are calendar days in `tz` (the operator\'s IANA time zone), `from` and `to` inclusive, at most 366.',
    auth: 'admin',
    request: { query: analyticsQuerySchema },
    responses: {
      200: { description: 'The figures', schema: analyticsSchema },
      400: { description: 'A bad date, range or time zone' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an administrator' },
    },
  },
]);
