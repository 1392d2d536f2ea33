import { z } from 'zod';
import { defineRoutes, emptyBodySchema, idParamsSchema } from '../contract';
import {
  adminVehiclesQuerySchema,
  vehicleInputSchema,
  vehiclePhotoInputSchema,
  vehiclePhotoParamsSchema,
  vehicleReviewSchema,
  vehicleRulesInputSchema,
} from './schemas';
import { adminVehiclesPageSchema, cityVehicleRulesSchema, driverVehiclesSchema, ownVehiclesSchema, vehicleResponseSchema } from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;
const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'Not an approved driver (DRIVER_NOT_APPROVED, or FORBIDDEN without a driver record)' },
} as const;
export const cityParamsSchema = z.object({ city: z.string() });

/** Vehicles and ride-type eligibility (issue 14, decision 0046). */
export const vehicleRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/vehicles',
    tag: 'vehicles',
    summary: "The driver's vehicles, active first, each with the ride types it qualifies for per city",
    auth: 'driver',
    responses: { 200: { description: 'The vehicles', schema: ownVehiclesSchema }, ...driverRefusals },
  },
  {
    method: 'POST',
    path: '/api/vehicles',
    tag: 'vehicles',
    summary: 'Add a vehicle: pending verification (active when the driver has none active)',
    description: 'Admins are told through the verification queue (/vehicles for admins). A plate is unique per driver.',
    auth: 'driver',
    request: { body: vehicleInputSchema },
    responses: {
      201: { description: 'The vehicle', schema: vehicleResponseSchema },
      400: { description: 'Bad field (year 2000 to next year, seats 1 to 8)' },
      409: { description: 'The driver already has this plate' },
      ...driverRefusals,
    },
  },
  {
    method: 'PATCH',
    path: '/api/vehicles/:id',
    tag: 'vehicles',
    summary: 'Edit a vehicle: it goes back to verification (pending)',
    description: 'An edited active vehicle stays active but takes no rides until verified again; the driver record’s vehicle fields follow the active vehicle.',
    auth: 'driver',
    request: { params: idParamsSchema, body: vehicleInputSchema },
    responses: {
      200: { description: 'The vehicle', schema: vehicleResponseSchema },
      400: { description: 'Bad field' },
      404: { description: "No such vehicle, or another driver's" },
      409: { description: 'The driver already has this plate' },
      ...driverRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/vehicles/:id/activate',
    tag: 'vehicles',
    summary: 'Make a verified vehicle the active one',
    auth: 'driver',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: {
      200: { description: 'The vehicle, active', schema: vehicleResponseSchema },
      404: { description: "No such vehicle, or another driver's" },
      409: { description: 'CONFLICT (not verified), DRIVER_HAS_ACTIVE_RIDE (on a ride)' },
      ...driverRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/vehicles/:id/photos',
    tag: 'vehicles',
    summary: 'Attach a photo (a file the driver uploaded with purpose `vehicle_photo`) to their vehicle: it goes back to verification',
    description:
      'At most 4 photos a vehicle, in the order attached (decision 0048). Attaching one already attached changes nothing. Upload the file first (POST /api/files).',
    auth: 'driver',
    request: { params: idParamsSchema, body: vehiclePhotoInputSchema },
    responses: {
      200: { description: 'The vehicle, pending verification', schema: vehicleResponseSchema },
      400: { description: 'No file id, or the file was not uploaded as a vehicle photo' },
      404: { description: "No such vehicle or file, or another driver's (either)" },
      409: { description: 'The vehicle has 4 photos already' },
      ...driverRefusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/vehicles/:id/photos/:fileId',
    tag: 'vehicles',
    summary: 'Detach a photo from the driver’s vehicle: it goes back to verification (the file stays stored)',
    auth: 'driver',
    request: { params: vehiclePhotoParamsSchema },
    responses: {
      200: { description: 'The vehicle, pending verification', schema: vehicleResponseSchema },
      404: { description: "No such vehicle, another driver's, or the photo is not on it" },
      ...driverRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers/:id/vehicles',
    tag: 'vehicles',
    summary: "One driver's vehicles (active first, then newest), each with its status, photos and ride types per city",
    auth: 'admin',
    permission: 'driver.read',
    cityOf: { record: 'driver' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The vehicles', schema: driverVehiclesSchema }, 404: { description: 'No such driver' }, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/vehicles',
    tag: 'vehicles',
    summary: 'The verification queue: vehicles by status (all when no status is given), oldest first by default',
    auth: 'admin',
    permission: 'vehicle.read',
    request: { query: adminVehiclesQuerySchema },
    responses: { 200: { description: 'A page', schema: adminVehiclesPageSchema, csv: true }, 400: { description: 'Bad filter or cursor' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/vehicles/:id/review',
    tag: 'vehicles',
    summary: 'Verify a pending vehicle, or reject it with a reason',
    description:
      'In one transaction: the decision, the driver’s notification and the audit record (`vehicle.verify`, `vehicle.reject`). An admin cannot review their own vehicle.',
    auth: 'admin',
    permission: 'vehicle.review',
    cityOf: { record: 'vehicle' },
    request: { params: idParamsSchema, body: vehicleReviewSchema },
    responses: {
      200: { description: 'The vehicle as decided', schema: vehicleResponseSchema },
      400: { description: 'Bad status or reason' },
      404: { description: 'No such vehicle' },
      409: { description: 'Not pending (decided already)' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/vehicle-rules/:city',
    tag: 'vehicles',
    summary: "A city's ride-type eligibility rules",
    auth: 'admin',
    permission: 'vehicle.read',
    request: { params: cityParamsSchema },
    responses: { 200: { description: 'The rules', schema: cityVehicleRulesSchema }, 404: { description: 'No such city' }, ...adminRefusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/vehicle-rules/:city',
    tag: 'vehicles',
    summary: "Set a city's ride-type eligibility rules (audited `vehicle_rules.update`); dispatch and quotes use them at once",
    auth: 'admin',
    permission: 'vehicle_rules.manage',
    request: { params: cityParamsSchema, body: vehicleRulesInputSchema },
    responses: {
      200: { description: 'The rules', schema: cityVehicleRulesSchema },
      400: { description: 'Bad rule' },
      404: { description: 'No such city' },
      ...adminRefusals,
    },
  },
]);
