import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { adminRideDetailSchema } from '../rides/operator';
import { TIP_METHODS } from '../payments/schemas';
import { REFUND_ACTIONS, REFUND_BEARERS, REFUND_DESTINATIONS, REFUND_REASONS, REFUND_STATUSES } from './schemas';

/**
 * A ride's money, every figure a sum of ledger entries (decision 0037): what the rider paid for it (its fare
 * lines by method, carried fees included, and tips), what was refunded and what is left to refund.
 */
export const rideMoneySchema = z.strictObject({
  currency: z.string(),
  /** fare_cash + fare_card + fare_wallet + fare_business + tips: what was paid for this ride (a business ride's fare by the company). */
  paid_cents: z.number().int(),
  cash_cents: z.number().int(),
  card_cents: z.number().int(),
  wallet_cents: z.number().int(),
  /** fare_business: what the company's account was charged for a business ride (decision 0066). */
  business_cents: z.number().int(),
  /** Amounts owed from earlier rides (cancellation fees, declined cards) this ride paid (inside the fare lines above). */
  carried_fee_cents: z.number().int(),
  tip_cents: z.number().int(),
  /** How the tip was given (its `tip_card`/`tip_wallet`/`tip_cash` line); null without a tip. */
  tip_method: z.enum(TIP_METHODS).nullable(),
  /** A card capture of this ride refused for good (decision 0043): owed by the rider instead, not in `paid_cents`. */
  declined_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** paid − refunded: the most any further refund may be. */
  refundable_cents: z.number().int(),
  refunds: z.array(z.strictObject({ id: z.string(), at: timestampSchema, amount_cents: z.number().int(), destination: z.enum(REFUND_DESTINATIONS) })),
});
export type RideMoney = z.infer<typeof rideMoneySchema>;

/** A refund request as its rider reads it (the receipt, the history). `refunded_cents` is from the ledger. */
export const refundRequestSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  requested_cents: z.number().int().nullable(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
  decided_at: timestampSchema.nullable(),
  decision: z.enum(REFUND_ACTIONS).nullable(),
  /** A rejection's reason (the rider reads it), or the admin's note on an approval. */
  decision_reason: z.string().nullable(),
  refunded_cents: z.number().int(),
  destination: z.enum(REFUND_DESTINATIONS).nullable(),
  currency: z.string(),
});
export type RefundRequestView = z.infer<typeof refundRequestSchema>;
export const refundRequestResponseSchema = z.strictObject({ request: refundRequestSchema });

/**
 * A staff member's proposed decision on an open request (decision 0093): the action, the amount it comes to
 * (null for a rejection), who bears it, the note (a rejection's reason), by whom and when.
 */
export const refundProposalSchema = z.strictObject({
  action: z.enum(REFUND_ACTIONS),
  amount_cents: z.number().int().nullable(),
  bearer: z.enum(REFUND_BEARERS).nullable(),
  note: z.string().nullable(),
  by_id: z.string().nullable(),
  by_name: z.string().nullable(),
  at: timestampSchema,
});
export type RefundProposal = z.infer<typeof refundProposalSchema>;

/** A row of /refund-management's queue. */
export const adminRefundRequestSchema = refundRequestSchema.extend({
  rider_id: z.string(),
  rider_name: z.string(),
  rider_email: z.string(),
  pickup_label: z.string().nullable(),
  dropoff_label: z.string().nullable(),
  ride_completed_at: timestampSchema.nullable(),
  bearer: z.enum(REFUND_BEARERS).nullable(),
  decided_by_name: z.string().nullable(),
  /** What a staff member proposed before the decision (decision 0093); null without a proposal. */
  proposal: refundProposalSchema.nullable(),
  /** Ledger sums of the ride. */
  paid_cents: z.number().int(),
  ride_refunded_cents: z.number().int(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestsPageSchema = listPageSchema(adminRefundRequestSchema);

/** One request with everything an admin decides on: the ride's timeline and route, its fare lines and money. */
export const adminRefundDetailSchema = z.strictObject({
  request: adminRefundRequestSchema,
  ride: adminRideDetailSchema,
  fare_lines: z.array(z.strictObject({ label: z.string(), amount_cents: z.number().int() })),
  money: rideMoneySchema,
  /** The ride's other requests, newest first. */
  other_requests: z.array(refundRequestSchema),
  /** Whether Approve goes back to a card (through the payment provider) rather than to the wallet. */
  refund_to: z.enum(REFUND_DESTINATIONS),
  /**
   * The owners' separation of duties for this ride's currency (decision 0093): a refund of more than this many
   * minor units must be proposed by one person and approved by another; null when no such rule applies.
   */
  second_person_above: z.number().int().nullable(),
});
export type AdminRefundDetail = z.infer<typeof adminRefundDetailSchema>;
