import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { customerDetailSchema, customersPageSchema, customersQuerySchema, riderBlockSchema } from '../customers/schemas';
import { adminDriverSchema } from '../drivers/views';
import { driverVerificationSchema } from '../drivers/schemas';
import { adminRideDetailSchema, adminRidesPageSchema, adminRidesQuerySchema, adminDriverDetailSchema } from '../rides/operator';
import { adminReasonSchema, auditEntrySchema, auditLogQuerySchema } from './audit';
import { adminDriversQuerySchema } from './drivers';
import { listPageSchema } from './list-query';
import { adminUserSchema, adminUsersQuerySchema } from './users';
import { adminPathSchema, driverSuspensionResponseSchema, reviewedDriverResponseSchema } from './views';

/** Every `/api/admin/*` answers 401 without a session and 403 to non-admins, whatever path the panel is served at. */
const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
/** The listing kit's lists: a page as JSON, or with `format=csv` every filtered row as a CSV download. */
const list = <S extends z.ZodType>(schema: S) => ({ description: 'A page (`format=csv`: every filtered row as CSV)', schema, csv: true as const });

export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/path',
    tag: 'admin',
    summary: 'Where the admin panel is served',
    auth: 'admin',
    permission: 'console.open',
    responses: { 200: { description: 'The path', schema: adminPathSchema }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    tag: 'admin',
    summary: 'Users with their roles (listing kit: search name and email, filter by role)',
    auth: 'admin',
    permission: 'user.read',
    request: { query: adminUsersQuerySchema },
    responses: { 200: list(listPageSchema(adminUserSchema)), 400: { description: 'A bad query or cursor' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers',
    tag: 'admin',
    summary: 'Driver applications to review (listing kit: search, filter by status)',
    auth: 'admin',
    permission: 'driver.read',
    request: { query: adminDriversQuerySchema },
    responses: { 200: list(listPageSchema(adminDriverSchema.loose())), 400: { description: 'A bad query or cursor' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    tag: 'admin',
    summary: 'Every change an admin made, newest first (listing kit: filter by admin and kind)',
    auth: 'admin',
    permission: 'audit.read',
    request: { query: auditLogQuerySchema },
    responses: { 200: list(listPageSchema(auditEntrySchema)), 400: { description: 'A bad query or cursor' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/drivers/:id/verification',
    tag: 'admin',
    summary: 'Approve or reject a driver application',
    description:
      "One transaction: the decision (reviewer, time, reason; rejecting also sets `offline`; approving ensures the driver role), the applicant's notification and the audit row. After commit: `notification.changed` and `driver.changed` on `user:{applicant}`, and a Web Push.",
    auth: 'admin',
    permission: 'driver.approve',
    request: { params: idParamsSchema, body: driverVerificationSchema },
    responses: { 200: { description: 'Reviewed', schema: reviewedDriverResponseSchema }, 404: { description: 'No such record' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers/:id',
    tag: 'admin',
    summary: 'One driver as the operator sees them: application, vehicle, last position, rates, rating, audit history',
    auth: 'admin',
    permission: 'driver.read',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The driver', schema: adminDriverDetailSchema }, 404: { description: 'No such driver' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/drivers/:id/suspend',
    tag: 'admin',
    summary: 'Suspend a driver: offline at once, cannot go online (audited)',
    auth: 'admin',
    permission: 'driver.suspend',
    request: { params: idParamsSchema, body: adminReasonSchema },
    responses: { 200: { description: 'Suspended', schema: driverSuspensionResponseSchema }, 404: { description: 'No such driver' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/drivers/:id/reinstate',
    tag: 'admin',
    summary: 'Reinstate a suspended driver (audited)',
    auth: 'admin',
    permission: 'driver.suspend',
    request: { params: idParamsSchema, body: adminReasonSchema },
    responses: { 200: { description: 'Reinstated', schema: driverSuspensionResponseSchema }, 404: { description: 'No such driver' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/customers',
    tag: 'admin',
    summary: 'Riders with their rides, cancellations, ratings and last activity (listing kit)',
    auth: 'admin',
    permission: 'rider.read',
    request: { query: customersQuerySchema },
    responses: { 200: list(customersPageSchema), 400: { description: 'A bad query or cursor' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/customers/:id',
    tag: 'admin',
    summary: 'One rider: their record, ride counts, the ride under way and the history of blocks',
    auth: 'admin',
    permission: 'rider.read',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The rider', schema: customerDetailSchema }, 404: { description: 'No such rider' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/riders/:id/block',
    tag: 'admin',
    summary: 'Block a rider: their requests answer ACCOUNT_BLOCKED; a ride under way finishes (audited)',
    auth: 'admin',
    permission: 'rider.block',
    request: { params: idParamsSchema, body: adminReasonSchema },
    responses: { 200: { description: 'Blocked', schema: z.strictObject({ rider: riderBlockSchema }) }, 404: { description: 'No such rider' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/riders/:id/unblock',
    tag: 'admin',
    summary: 'Unblock a rider (audited)',
    auth: 'admin',
    permission: 'rider.block',
    request: { params: idParamsSchema, body: adminReasonSchema },
    responses: { 200: { description: 'Unblocked', schema: z.strictObject({ rider: riderBlockSchema }) }, 404: { description: 'No such rider' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/rides',
    tag: 'admin',
    summary: 'Every ride, live and past (listing kit: search, status, type, days, rider, driver)',
    auth: 'admin',
    permission: 'ride.read',
    request: { query: adminRidesQuerySchema },
    responses: { 200: list(adminRidesPageSchema), 400: { description: 'A bad query or cursor' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/rides/:id',
    tag: 'admin',
    summary: 'One ride with its timeline, route driven, ratings and chat',
    auth: 'admin',
    permission: 'ride.read',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The ride', schema: adminRideDetailSchema }, 404: { description: 'No such ride' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/rides/:id/cancel',
    tag: 'admin',
    summary: 'Cancel a ride as the operator, with a reason (rider and driver told live; audited)',
    auth: 'admin',
    permission: 'ride.cancel',
    request: { params: idParamsSchema, body: adminReasonSchema },
    responses: {
      200: { description: 'The ride after', schema: adminRideDetailSchema },
      404: { description: 'No such ride' },
      409: { description: 'The ride has ended' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/rides/:id/redispatch',
    tag: 'admin',
    summary: 'Search again for a ride still looking for a driver',
    auth: 'admin',
    permission: 'dispatch.manage',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'Dispatch restarted', schema: z.strictObject({ ride: z.strictObject({ id: z.string(), dispatch_deadline: z.string() }) }) },
      404: { description: 'No such ride' },
      409: { description: 'The ride is not looking for a driver' },
      ...refusals,
    },
  },
]);
