import { defineRoutes, idParamsSchema } from '../contract';
import { driverComplianceSchema } from './views';

const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'No driver record (FORBIDDEN), or the newest one is not approved (DRIVER_NOT_APPROVED)' },
} as const;
const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** Driver compliance: papers against the city's requirements, and the hold (issue 14, decision 0049). */
export const complianceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/drivers/me/compliance',
    tag: 'compliance',
    summary: "The signed-in driver's papers against their city's requirements, and whether they are on hold",
    description:
      "One item per kind the city configures, with the best of what the driver has (approved, expiring within 30 days, in review, rejected with the reason, expired, missing). `on_hold` is true when a required kind is not valid today (the city's calendar); `hold_reasons` says why, one sentence each. The caller's own only.",
    auth: 'driver',
    responses: { 200: { description: 'The papers and the hold', schema: driverComplianceSchema }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers/:id/compliance',
    tag: 'compliance',
    summary: "A driver's papers against their city's requirements, and whether they are on hold",
    auth: 'admin',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The papers and the hold', schema: driverComplianceSchema }, 404: { description: 'No such driver' }, ...adminRefusals },
  },
]);
