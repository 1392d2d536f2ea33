import { z } from 'zod';
import { defineListQuery, listPageSchema, optionalFilter } from '../admin/list-query';
import { RIDE_STATUSES } from './ride-state';

const day = z.iso.date({ message: 'Use a date like 2026-11-22' });

/**
 * `GET /api/admin/rides` (/booking-management): every ride, live and past. Search by rider or driver
 * name, email or phone, or a ride id; filter by status, ride type, requested day range (in `tz`), rider,
 * driver.
 */
export const adminRidesQuerySchema = defineListQuery({
  sorts: ['requested_at', 'fare'],
  filters: {
    status: optionalFilter(z.enum(RIDE_STATUSES)),
    ride_type: optionalFilter(z.enum(['economy', 'comfort', 'xl'])),
    from: optionalFilter(day),
    to: optionalFilter(day),
    tz: optionalFilter(z.string().max(64)),
    rider_id: optionalFilter(z.string().max(200)),
    driver_id: optionalFilter(z.uuid()),
    /** The console's city (decision 0091): that city's rides only. */
    city: optionalFilter(z.string().max(40)),
  },
});
export type AdminRidesQuery = z.input<typeof adminRidesQuerySchema>;

export const adminRideRowSchema = z.object({
  id: z.string(),
  status: z.enum(RIDE_STATUSES),
  ride_type: z.string(),
  requested_at: z.string(),
  rider_id: z.string(),
  rider_name: z.string(),
  rider_email: z.string(),
  driver_id: z.string().nullable(),
  driver_name: z.string().nullable(),
  pickup_label: z.string().nullable(),
  dropoff_label: z.string().nullable(),
  fare_cents: z.number().int(),
  currency: z.string(),
  cancelled_by: z.string().nullable(),
});
export type AdminRideRow = z.infer<typeof adminRideRowSchema>;
export const adminRidesPageSchema = listPageSchema(adminRideRowSchema);

/** One moment in a ride's life, for the operator's timeline. */
export const timelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum([
    'requested',
    'offered',
    'offer_declined',
    'offer_expired',
    'offer_cancelled',
    'accepted',
    'arrived',
    'started',
    'completed',
    'cancelled',
    'no_driver',
    'sos',
    'sos_resolved',
    'ride_check',
    'ride_check_ok',
  ]),
  /** The driver an offer went to, or who acted. */
  driver_name: z.string().nullable(),
  /** Who cancelled and why, for a cancellation. */
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const adminRideDetailSchema = z.object({
  ride: adminRideRowSchema.extend({
    rider_phone: z.string().nullable(),
    driver_phone: z.string().nullable(),
    vehicle: z.string().nullable(),
    distance_m: z.number(),
    duration_s: z.number(),
    pickup: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable() }),
    destination: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable() }),
    cancel_reason: z.string().nullable(),
    dispatch_deadline: z.string().nullable(),
  }),
  timeline: z.array(timelineEventSchema),
  /** The route driven: the driver's breadcrumbs during the ride, oldest first. */
  route: z.array(z.object({ lat: z.number(), lng: z.number(), at: z.string() })),
  ratings: z.array(z.object({ rater_role: z.enum(['rider', 'driver']), stars: z.number().int(), comment: z.string().nullable(), created_at: z.string() })),
  messages: z.array(z.object({ sender_role: z.enum(['rider', 'driver']), body: z.string(), created_at: z.string() })),
});
export type AdminRideDetail = z.infer<typeof adminRideDetailSchema>;

/** `GET /api/admin/drivers/:id` (/driver/{id}): the driver as the operator sees them. */
export const adminDriverDetailSchema = z.object({
  driver: z.object({
    id: z.string(),
    user_id: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    license_number: z.string(),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().int(), color: z.string(), plate: z.string() }),
    verification_status: z.string(),
    rejection_reason: z.string().nullable(),
    /** The city they drive in (decision 0074); null when unknown. */
    city: z.object({ id: z.string(), name: z.string() }).nullable(),
    applied_at: z.string(),
    reviewed_at: z.string().nullable(),
    status: z.enum(['available', 'offline']),
    suspended: z.boolean(),
    suspended_at: z.string().nullable(),
    suspension_reason: z.string().nullable(),
  }),
  /** Where the driver was last seen: the live index while online, else the last ride breadcrumb. */
  last_position: z.object({ lat: z.number(), lng: z.number(), at: z.string().nullable(), live: z.boolean() }).nullable(),
  stats: z.object({
    offers: z.number().int(),
    offers_accepted: z.number().int(),
    /** offers accepted ÷ offers; null without offers. */
    acceptance_rate: z.number().nullable(),
    rides: z.number().int(),
    rides_completed: z.number().int(),
    rides_cancelled_by_driver: z.number().int(),
    /** rides the driver cancelled ÷ rides they accepted; null without rides. */
    cancellation_rate: z.number().nullable(),
    rating: z.number().nullable(),
    ratings: z.number().int(),
  }),
  /** The driver's record in the audit log (reviews, suspensions), newest first. */
  history: z.array(z.object({ action: z.string(), actor_name: z.string().nullable(), reason: z.string().nullable(), created_at: z.string() })),
});
export type AdminDriverDetail = z.infer<typeof adminDriverDetailSchema>;
