import { z } from 'zod';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '../constants';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { multilineText, text } from '../text';
import type { RideType } from '../rides/schemas';

export const VEHICLE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const VEHICLE_SEATS_MIN = 1;
export const VEHICLE_SEATS_MAX = 8;
/** Photos a vehicle carries at most (decision 0048; a check in migration 0021 holds it too). */
export const VEHICLE_PHOTOS_MAX = 4;

const required = (message: string, max = 100) => text(message).trim().min(1, message).max(max, `At most ${max} characters`);

/**
 * A vehicle a driver adds or edits on /vehicles (decision 0046): the application's rules (year 2000 to next
 * calendar year, read at parse time) and its seats, 1 to 8 (the driver's own seat not counted).
 */
export const vehicleInputSchema = z.strictObject({
  make: required('Please enter your vehicle make.'),
  model: required('Please enter your vehicle model.'),
  year: z
    .number('Please enter your vehicle year.')
    .int('Please enter a valid vehicle year.')
    .refine((year) => year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(), {
      error: () => `Vehicle year must be between ${VEHICLE_YEAR_MIN} and ${vehicleYearMax()}.`,
    }),
  color: required('Please enter your vehicle color.', 40),
  license_plate: required('Please enter your license plate.', 20),
  seats: z
    .number('Please enter the number of seats.')
    .int('Please enter a whole number of seats.')
    .min(VEHICLE_SEATS_MIN, `Seats must be between ${VEHICLE_SEATS_MIN} and ${VEHICLE_SEATS_MAX}.`)
    .max(VEHICLE_SEATS_MAX, `Seats must be between ${VEHICLE_SEATS_MIN} and ${VEHICLE_SEATS_MAX}.`),
});
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

/** `POST /api/vehicles/:id/photos`: a file the driver uploaded with purpose `vehicle_photo`. */
export const vehiclePhotoInputSchema = z.strictObject({ file_id: z.string('Choose a photo.').min(1, 'Choose a photo.').max(64) });
export type VehiclePhotoInput = z.infer<typeof vehiclePhotoInputSchema>;
export const vehiclePhotoParamsSchema = z.object({ id: z.string(), fileId: z.string() });

/** An admin's decision on a pending vehicle: a reason is required to reject. */
export const vehicleReviewSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('verified') }),
  z.strictObject({
    status: z.literal('rejected'),
    reason: multilineText('Please give a reason for the rejection.').trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'At most 500 characters'),
  }),
]);
export type VehicleReviewInput = z.infer<typeof vehicleReviewSchema>;

/** `GET /api/admin/vehicles`: the verification queue (pending, oldest first) or any status. */
export const adminVehiclesQuerySchema = defineListQuery({
  sorts: ['created_at'],
  filters: { status: optionalFilter(z.enum(VEHICLE_STATUSES)) },
});
export type AdminVehiclesQuery = z.input<typeof adminVehiclesQuerySchema>;

/** Per city: what a vehicle needs beyond being verified (Economy needs nothing more). */
export const vehicleRulesInputSchema = z.strictObject({
  comfort_min_year: z.number('Please enter a year.').int('Please enter a year.').min(1980, 'From 1980').max(2100, 'Up to 2100'),
  comfort_min_seats: z
    .number('Please enter seats.')
    .int()
    .min(VEHICLE_SEATS_MIN, `From ${VEHICLE_SEATS_MIN}`)
    .max(VEHICLE_SEATS_MAX, `Up to ${VEHICLE_SEATS_MAX}`),
  xl_min_seats: z.number('Please enter seats.').int().min(VEHICLE_SEATS_MIN, `From ${VEHICLE_SEATS_MIN}`).max(VEHICLE_SEATS_MAX, `Up to ${VEHICLE_SEATS_MAX}`),
});
export type VehicleRules = z.infer<typeof vehicleRulesInputSchema>;

/** A new city's rules: Comfort takes cars of the last 7 model years (this year − 7 or newer) with 4+ seats; XL 6+ seats. */
export const defaultVehicleRules = (now = new Date()): VehicleRules => ({ comfort_min_year: now.getFullYear() - 7, comfort_min_seats: 4, xl_min_seats: 6 });

/**
 * The ride types a vehicle qualifies for under a city's rules, once verified: Economy always; Comfort from
 * the year and seats set; XL from the seats set. Dispatch applies the same rules in SQL (dispatcher.ts).
 */
export function rideTypesFor(vehicle: { year: number; seats: number }, rules: VehicleRules): RideType[] {
  const types: RideType[] = ['economy'];
  if (vehicle.year >= rules.comfort_min_year && vehicle.seats >= rules.comfort_min_seats) types.push('comfort');
  if (vehicle.seats >= rules.xl_min_seats) types.push('xl');
  return types;
}

/**
 * The /vehicles form: the same rules over the inputs' strings (a number field holds text). Its output is
 * exactly `VehicleInput`, parsed again by the server.
 */
export const vehicleFormSchema = vehicleInputSchema.extend({
  year: z.coerce
    .number('Please enter your vehicle year.')
    .int('Please enter a valid vehicle year.')
    .refine((year) => year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(), {
      error: () => `Vehicle year must be between ${VEHICLE_YEAR_MIN} and ${vehicleYearMax()}.`,
    }),
  seats: z.coerce
    .number('Please enter the number of seats.')
    .int('Please enter a whole number of seats.')
    .min(VEHICLE_SEATS_MIN, `Seats must be between ${VEHICLE_SEATS_MIN} and ${VEHICLE_SEATS_MAX}.`)
    .max(VEHICLE_SEATS_MAX, `Seats must be between ${VEHICLE_SEATS_MIN} and ${VEHICLE_SEATS_MAX}.`),
});

/** The rules form on /vehicles (admins): the inputs' strings, coerced to `VehicleRules`. */
export const vehicleRulesFormSchema = z.strictObject({
  comfort_min_year: z.coerce.number('Please enter a year.').int('Please enter a year.').min(1980, 'From 1980').max(2100, 'Up to 2100'),
  comfort_min_seats: z.coerce
    .number('Please enter seats.')
    .int('Please enter seats.')
    .min(VEHICLE_SEATS_MIN, `From ${VEHICLE_SEATS_MIN}`)
    .max(VEHICLE_SEATS_MAX, `Up to ${VEHICLE_SEATS_MAX}`),
  xl_min_seats: z.coerce
    .number('Please enter seats.')
    .int('Please enter seats.')
    .min(VEHICLE_SEATS_MIN, `From ${VEHICLE_SEATS_MIN}`)
    .max(VEHICLE_SEATS_MAX, `Up to ${VEHICLE_SEATS_MAX}`),
});
