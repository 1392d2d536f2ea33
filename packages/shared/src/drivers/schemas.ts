import { z } from 'zod';
import { text, multilineText } from '../text';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '../constants';
import { driverCityText } from './driver-city-text';

export const DRIVER_STATUSES = ['available', 'offline'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** §4: 'pending' at application; admins approve or reject. Other stored values are shown verbatim. */
export const DRIVER_VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DriverVerificationStatus = (typeof DRIVER_VERIFICATION_STATUSES)[number];

const required = (message: string, max = 100) => text(message).trim().min(1, message).max(max, `At most ${max} characters`);

/** A city's id as a driver chooses it (decision 0074). */
export const driverCityIdSchema = text(driverCityText.required).trim().min(1, driverCityText.required).max(64, driverCityText.notServed);

/** Body of `PUT /api/drivers/me/city`: the driver's new city. */
export const driverCityChangeSchema = z.strictObject({ city_id: driverCityIdSchema });
export type DriverCityChange = z.infer<typeof driverCityChangeSchema>;

/**
 * §5 driver application: every field required, year from 2000 to next calendar year. The web form and
 * `POST /api/drivers` parse with this same schema. The upper bound is read at parse time, so a server
 * running over New Year accepts the new model year without a restart.
 */
export const driverApplicationSchema = z.object({
  full_name: required('Please enter your full name.', 200),
  phone: required('Please enter your phone number.', 32),
  license_number: required('Please enter your license number.', 50),
  vehicle_make: required('Please enter your vehicle make.'),
  vehicle_model: required('Please enter your vehicle model.'),
  vehicle_year: z
    .number('Please enter your vehicle year.')
    .int('Please enter a valid vehicle year.')
    .refine((year) => year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(), {
      error: () => `Vehicle year must be between ${VEHICLE_YEAR_MIN} and ${vehicleYearMax()}.`,
    }),
  vehicle_color: required('Please enter your vehicle color.', 50),
  license_plate: required('Please enter your license plate.', 20),
  /**
   * The city they will drive in (decision 0074): one the marketplace serves. Required when it serves several;
   * with one, that one is taken when none is sent.
   */
  city_id: driverCityIdSchema.optional(),
});
export type DriverApplicationInput = z.infer<typeof driverApplicationSchema>;

/** Body of `POST /api/admin/drivers/:id/verification`: a reason is required to reject. */
export const driverVerificationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), reason: multilineText().trim().max(500).optional() }),
  z.object({
    status: z.literal('rejected'),
    reason: multilineText('Please give a reason for the rejection.')
      .trim()
      .min(1, 'Please give a reason for the rejection.')
      .max(500, 'At most 500 characters'),
  }),
]);
export type DriverVerificationInput = z.infer<typeof driverVerificationSchema>;

export const ADMIN_DRIVER_FILTERS = ['all', ...DRIVER_VERIFICATION_STATUSES] as const;
export type AdminDriverFilter = (typeof ADMIN_DRIVER_FILTERS)[number];

/**
 * An approved driver's papers on /driver-management (decision 0053): `on_hold` when a kind their city
 * requires is not valid today (decision 0049), else `ok`. Applicants not approved have none.
 */
export const DRIVER_COMPLIANCE_STATES = ['on_hold', 'ok'] as const;
export type DriverComplianceState = (typeof DRIVER_COMPLIANCE_STATES)[number];

/** What the applicant is told when an admin decides (notification title and message). */
const APPROVED_MESSAGE = "You're approved to drive. Go online from your dashboard whenever you're ready.";
export const driverVerificationNotice = {
  approved: { type: 'success', title: 'Driver Application Approved', message: APPROVED_MESSAGE },
  /** The approval's message, then what still keeps the driver offline (decision 0081: the papers, the city). */
  approvedMessage: (stillNeeded: string | null) => (stillNeeded ? `${APPROVED_MESSAGE} ${stillNeeded}` : APPROVED_MESSAGE),
  rejected: { type: 'warning', title: 'Driver Application Not Approved', message: (reason: string) => `Your driver application was not approved: ${reason}` },
} as const;

/** §8: the one message of an existing pending or approved application. */
export const ALREADY_APPLIED_MESSAGE = 'You have already applied to drive.';
