import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { ADMIN_DRIVER_FILTERS, driverVerificationSchema } from '../drivers/schemas';
import { adminDriversResponseSchema, adminPathSchema, adminUsersResponseSchema, reviewedDriverResponseSchema } from './views';

export const adminDriverQuerySchema = z.object({ status: z.enum(ADMIN_DRIVER_FILTERS).default('all') });

/** Every `/api/admin/*` answers 401 without a session and 403 to non-admins, whatever path the panel is served at. */
const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/path',
    tag: 'admin',
    summary: 'Where the admin panel is served',
    auth: 'admin',
    responses: { 200: { description: 'The path', schema: adminPathSchema }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    tag: 'admin',
    summary: 'Users with their roles, newest first (200 at most)',
    auth: 'admin',
    responses: { 200: { description: 'The users', schema: adminUsersResponseSchema }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers',
    tag: 'admin',
    summary: 'Driver applications to review, newest first (200 at most)',
    auth: 'admin',
    request: { query: adminDriverQuerySchema },
    responses: { 200: { description: 'The records', schema: adminDriversResponseSchema }, 400: { description: 'Unknown status' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/drivers/:id/verification',
    tag: 'admin',
    summary: 'Approve or reject a driver application',
    description:
      'One transaction: the decision (reviewer, time, reason; rejecting also sets `offline`; approving ensures the driver role) and the applicant\'s notification. After commit: `notification.changed` and `driver.changed` on `user:{applicant}`, and a Web Push.',
    auth: 'admin',
    request: { params: idParamsSchema, body: driverVerificationSchema },
    responses: { 200: { description: 'Reviewed', schema: reviewedDriverResponseSchema }, 404: { description: 'No such record' }, ...refusals },
  },
]);
