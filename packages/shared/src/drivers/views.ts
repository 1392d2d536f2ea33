import { z } from 'zod';
import { timestampSchema } from '../contract';
import { DOCUMENT_KINDS } from '../compliance/schemas';
import { VEHICLE_STATUSES } from '../vehicles/schemas';
import { DRIVER_COMPLIANCE_STATES, DRIVER_STATUSES, DRIVER_VERIFICATION_STATUSES } from './schemas';

/** Driver records as the server answers them (decision 0017): apps/server/src/drivers/drivers.repo.ts. */
export const driverStatusSchema = z.enum(DRIVER_STATUSES);
export const driverVerificationStatusSchema = z.enum(DRIVER_VERIFICATION_STATUSES);

/** The newest record's state: `GET /api/drivers/me`, `PATCH /api/drivers/:id`, the `driver.changed` event. */
export const driverStateSchema = z.strictObject({
  id: z.string(),
  status: driverStatusSchema,
  verification_status: driverVerificationStatusSchema,
  created_at: timestampSchema,
});
export type DriverState = z.infer<typeof driverStateSchema>;

/** A driver's city as their pages name it (decision 0074). */
export const driverCitySchema = z.strictObject({ id: z.string(), name: z.string() });

/** `GET /api/drivers/me` also tells the owner why their application was rejected, and whether (and why) an admin suspended them. */
export const ownDriverStateSchema = driverStateSchema.extend({
  rejection_reason: z.string().nullable(),
  suspended: z.boolean(),
  suspension_reason: z.string().nullable(),
  /** The city they drive in (decision 0074); null when unknown: they choose it on /driver before going online. */
  city: driverCitySchema.nullable(),
});
export type OwnDriverState = z.infer<typeof ownDriverStateSchema>;

/** Every field of a record, as its owner reads it (`DRIVER_COLUMNS`). */
export const driverRecordSchema = driverStateSchema.extend({
  full_name: z.string(),
  phone: z.string(),
  license_number: z.string(),
  vehicle_make: z.string(),
  vehicle_model: z.string(),
  vehicle_year: z.number().int(),
  vehicle_color: z.string(),
  license_plate: z.string(),
});
export type DriverRecord = z.infer<typeof driverRecordSchema>;

/** A record in the admin review list, and as a review returns it. */
export const reviewedDriverSchema = driverRecordSchema.extend({
  user_id: z.string(),
  rejection_reason: z.string().nullable(),
  reviewed_at: timestampSchema.nullable(),
  reviewed_by: z.string().nullable(),
});
export const adminDriverSchema = reviewedDriverSchema.extend({
  updated_at: timestampSchema,
  email: z.string(),
  /** The active vehicle's verification (decision 0046; its fields are the record's vehicle_*); null without one. */
  vehicle_status: z.enum(VEHICLE_STATUSES).nullable(),
  /** An approved driver's papers in their city (decision 0053): on hold or ok; null for an applicant not approved. */
  compliance: z.enum(DRIVER_COMPLIANCE_STATES).nullable(),
  /** The required kinds not valid today (why they are on hold), in the order of DOCUMENT_KINDS; empty otherwise. */
  held_kinds: z.array(z.enum(DOCUMENT_KINDS)),
});
export type AdminDriverView = z.infer<typeof adminDriverSchema>;

export const driverRecordResponseSchema = z.strictObject({ driver: driverRecordSchema });
export const ownDriverResponseSchema = z.strictObject({ driver: ownDriverStateSchema.nullable() });
export const driverStateResponseSchema = z.strictObject({ driver: driverStateSchema });
/** `PUT /api/drivers/me/city`: the city now, and whether the change took them offline (the new city's papers). */
export const driverCityResponseSchema = z.strictObject({ city: driverCitySchema, taken_offline: z.boolean() });
export type DriverCityResponse = z.infer<typeof driverCityResponseSchema>;
