import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { multilineText } from '../text';

/**
 * Refund requests (issue 13, decision 0039): a rider reports a problem with a completed ride's fare from its
 * receipt; an admin approves it (in full or in part), gives wallet credit instead, or rejects it.
 */
export const REFUND_REASONS = ['charged_more_than_estimate', 'route_longer', 'driver_detour', 'cancellation_fee', 'ride_not_taken', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** open: waiting for an admin; approved: refunded to how the rider paid; credited: wallet credit; rejected: nothing refunded. */
export const REFUND_STATUSES = ['open', 'approved', 'credited', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who pays for a refund: the platform (refunds expense) or the driver (their balance). */
export const REFUND_BEARERS = ['platform', 'driver'] as const;
export type RefundBearer = (typeof REFUND_BEARERS)[number];

/** Where the money went back: the rider's wallet, or the card they paid with (through the payment provider). */
/** `company`: a business ride's refund goes back to the company's account, never to the rider (decision 0072). */
export const REFUND_DESTINATIONS = ['wallet', 'card', 'company'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** Days after a ride during which its rider may report a problem with its fare (Uber's window for riders). */
export const REFUND_WINDOW_DAYS = 30;

/** Cents: a positive whole number, at most $100,000. */
export const refundAmountSchema = z.number().int('Whole cents only').positive('More than zero').max(10_000_000);

/** `POST /api/rides/:id/refund-requests`: the rider's report. */
export const refundRequestInputSchema = z.strictObject({
  reason: z.enum(REFUND_REASONS),
  /** What the rider thinks should come back, in cents; optional. */
  amount_cents: refundAmountSchema.optional(),
  comment: multilineText().trim().max(1000).optional(),
});
export type RefundRequestInput = z.infer<typeof refundRequestInputSchema>;

/**
 * `POST /api/admin/refund-requests/:id/decision`: Approve full (what is left to refund), Approve partial
 * (an amount), Give wallet credit (an amount), or Reject (a reason the rider reads).
 */
export const refundDecisionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve_full'), bearer: z.enum(REFUND_BEARERS), note: multilineText().trim().max(500).optional() }),
  z.strictObject({
    action: z.literal('approve_partial'),
    bearer: z.enum(REFUND_BEARERS),
    amount_cents: refundAmountSchema,
    note: multilineText().trim().max(500).optional(),
  }),
  z.strictObject({
    action: z.literal('credit'),
    bearer: z.enum(REFUND_BEARERS),
    amount_cents: refundAmountSchema,
    note: multilineText().trim().max(500).optional(),
  }),
  z.strictObject({ action: z.literal('reject'), reason: multilineText().trim().min(3, 'Give a reason (at least 3 characters)').max(500) }),
]);
export type RefundDecision = z.infer<typeof refundDecisionSchema>;
export const REFUND_ACTIONS = ['approve_full', 'approve_partial', 'credit', 'reject'] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];

/** Age filter of the queue: waiting less than a day, 1–7 days, more than 7 days. */
export const REFUND_AGES = ['today', 'week', 'older'] as const;

/** `GET /api/admin/refund-requests` (/refund-management): oldest first by default. */
export const refundRequestsQuerySchema = defineListQuery({
  sorts: ['created_at'],
  dir: 'asc',
  filters: {
    status: optionalFilter(z.enum(REFUND_STATUSES)),
    reason: optionalFilter(z.enum(REFUND_REASONS)),
    age: optionalFilter(z.enum(REFUND_AGES)),
    /** One of the staff member's cities (the console's city selector, decision 0091). */
    city: optionalFilter(z.string().max(40)),
  },
});
export type RefundRequestsQuery = z.input<typeof refundRequestsQuerySchema>;
