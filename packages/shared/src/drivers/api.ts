import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { DRIVER_STATUSES, driverApplicationSchema, driverCityChangeSchema } from './schemas';
import { driverCityResponseSchema, driverRecordResponseSchema, driverStateResponseSchema, ownDriverResponseSchema } from './views';

/** Body of `PATCH /api/drivers/:id`. */
export const driverStatusUpdateSchema = z.object({ status: z.enum(DRIVER_STATUSES) }).strict();

export const driverRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/drivers',
    tag: 'drivers',
    summary: 'Apply to drive',
    description:
      'The record starts `offline` and `pending`; the driver role is added; then `driver.changed` on `user:{id}`. A rejected applicant may apply again.',
    auth: 'user',
    request: { body: driverApplicationSchema },
    responses: {
      201: { description: 'Applied', schema: driverRecordResponseSchema },
      400: { description: '`city_id` is not a city served, or is missing while several are served (decision 0074)' },
      409: { description: 'A record is pending or approved already' },
    },
  },
  {
    method: 'PUT',
    path: '/api/drivers/me/city',
    tag: 'drivers',
    summary: 'Change the city the caller drives in',
    description:
      "On the caller's newest record (decision 0074). The new city's requirements apply at once: a driver online who lacks a paper it requires is taken offline (`taken_offline`). Then `driver.changed`.",
    auth: 'user',
    request: { body: driverCityChangeSchema },
    responses: {
      200: { description: 'The city now', schema: driverCityResponseSchema },
      400: { description: 'Not a city served' },
      404: { description: 'No driver record' },
    },
  },
  {
    method: 'GET',
    path: '/api/drivers/me',
    tag: 'drivers',
    summary: "The caller's newest driver record (state only), or null",
    auth: 'user',
    responses: { 200: { description: 'The record or null', schema: ownDriverResponseSchema } },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/active',
    tag: 'drivers',
    summary: 'The gate of /driver-active: the full record when the newest is approved',
    auth: 'user',
    responses: {
      200: { description: 'Approved', schema: driverRecordResponseSchema },
      403: { description: "Your driver application is {status}. We'll notify you once approved." },
      404: { description: 'No driver record' },
    },
  },
  {
    method: 'PATCH',
    path: '/api/drivers/:id',
    tag: 'drivers',
    summary: 'Go online or offline',
    description: "The record's owner only; going `available` needs an approved record. Going offline releases an open offer. Then `driver.changed`.",
    auth: 'driver',
    request: { params: idParamsSchema, body: driverStatusUpdateSchema },
    responses: {
      200: { description: 'The new state', schema: driverStateResponseSchema },
      403: { description: 'Not the owner, or not approved' },
      404: { description: 'No such record' },
    },
  },
]);
