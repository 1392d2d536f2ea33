import { z } from 'zod';
import { timestampSchema } from '../contract';
import { listPageSchema } from '../admin/list-query';
import { rideTypeViewSchema } from '../rides/views';
import { VEHICLE_STATUSES } from './schemas';

export const vehicleRulesSchema = z.strictObject({
  comfort_min_year: z.number().int(),
  comfort_min_seats: z.number().int(),
  xl_min_seats: z.number().int(),
});

/** A vehicle as its driver and admins read it (decision 0046). */
export const vehicleSchema = z.strictObject({
  id: z.string(),
  driver_id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  color: z.string(),
  license_plate: z.string(),
  seats: z.number().int(),
  status: z.enum(VEHICLE_STATUSES),
  rejection_reason: z.string().nullable(),
  active: z.boolean(),
  /** Stored files (GET /api/files/:id, the owner and admins), in the order attached, at most 4 (decision 0048). */
  photo_ids: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** Per city: the ride types it qualifies for under that city's rules once verified (rideTypesFor). */
  ride_types: z.array(z.strictObject({ city_id: z.string(), city_name: z.string(), ride_types: z.array(rideTypeViewSchema) })),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** `GET /api/vehicles`: the driver's vehicles (active first, then newest), and whether they are on a ride now. */
export const ownVehiclesSchema = z.strictObject({ vehicles: z.array(vehicleSchema), on_ride: z.boolean() });
export const vehicleResponseSchema = z.strictObject({ vehicle: vehicleSchema });
/** `GET /api/admin/drivers/:id/vehicles`: one driver's vehicles, active first, then newest. */
export const driverVehiclesSchema = z.strictObject({ vehicles: z.array(vehicleSchema) });

/** The admin queue's row: the vehicle and whose it is. */
export const adminVehicleSchema = vehicleSchema.extend({ driver_name: z.string(), driver_phone: z.string() });
export type AdminVehicle = z.infer<typeof adminVehicleSchema>;
export const adminVehiclesPageSchema = listPageSchema(adminVehicleSchema);

export const cityVehicleRulesSchema = z.strictObject({
  city_id: z.string(),
  rules: vehicleRulesSchema,
  /** Null: never changed since the city was seeded. */
  updated_at: timestampSchema.nullable(),
});
export type CityVehicleRules = z.infer<typeof cityVehicleRulesSchema>;
