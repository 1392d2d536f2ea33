import { z } from 'zod';
import { defineListQuery, listPageSchema, optionalFilter } from '../admin/list-query';

/** `GET /api/admin/customers` (/customer-management): riders, searchable, filterable by block, sortable. */
export const customersQuerySchema = defineListQuery({
  sorts: ['last_active', 'created_at', 'rides', 'name'],
  filters: {
    blocked: optionalFilter(z.enum(['yes', 'no'])),
    /** The console's city (decision 0091): the riders who have a ride in that city. */
    city: optionalFilter(z.string().max(40)),
  },
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  /** The last ride requested, else the sign-up. */
  last_active: z.string(),
  rides_completed: z.number().int(),
  /** Rides the rider cancelled. */
  cancellations: z.number().int(),
  /** Mean stars this rider gave drivers, and drivers gave this rider; null without ratings. */
  rating_given: z.number().nullable(),
  rating_received: z.number().nullable(),
  /** Repeated cancellations (decision 0033): late cancels and no-shows charged in the last 30 days. */
  late_cancels_30d: z.number().int(),
  no_shows_30d: z.number().int(),
  /**
   * Their fees in minor units, per currency (ISO 4217 code → amount): two currencies are never added together
   * (issue 29 §3); a currency without a fee is absent, and a rider without one has `{}`.
   */
  fees_30d: z.record(z.string(), z.number().int()),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customersPageSchema = listPageSchema(customerSchema);

/** The answer of a block or an unblock. */
export const riderBlockSchema = z.object({ id: z.string(), blocked: z.boolean(), blocked_at: z.string().nullable(), blocked_reason: z.string().nullable() });

/** `GET /api/admin/customers/:id` (/customer-management/{id}): one rider's record, rides and history. */
export const customerDetailSchema = z.object({
  customer: customerSchema,
  stats: z.object({
    rides_requested: z.number().int(),
    rides_completed: z.number().int(),
    /** Cancelled by the rider. */
    cancellations: z.number().int(),
    /** Ended with no driver found. */
    no_driver: z.number().int(),
    /** Stars given and received, and how many. */
    ratings_given: z.number().int(),
    ratings_received: z.number().int(),
  }),
  /** The ride under way, if any (an operator blocking them sees it finish). */
  active_ride_id: z.string().nullable(),
  /** The rider's record in the audit log (blocks, unblocks), newest first. */
  history: z.array(z.object({ action: z.string(), actor_name: z.string().nullable(), reason: z.string().nullable(), created_at: z.string() })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
