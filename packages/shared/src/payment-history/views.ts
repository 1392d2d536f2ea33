import { z } from 'zod';
import { timestampSchema } from '../contract';
import { RIDE_TYPES } from '../rides/schemas';
import { receiptSchema } from '../rides/views';
import { refundRequestSchema, rideMoneySchema } from '../refunds/views';
import { RECEIPT_PAYMENT_KINDS } from './receipt-totals';

/** What an entry of the rider's history is: a fare, a cancellation fee, a declined card's amount now owed, a tip, a refund, wallet credit, or another movement. */
export const HISTORY_KINDS = ['fare', 'cancellation_fee', 'card_declined', 'tip', 'refund', 'wallet_credit', 'other', 'referral_reward'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * One ledger transaction of the rider's, as they read it. `amount_cents` is signed from the rider's side:
 * negative = a charge (a fare, a fee, a tip), positive = money back (a refund, credit).
 */
export const historyItemSchema = z.strictObject({
  id: z.string(),
  at: timestampSchema,
  kind: z.enum(HISTORY_KINDS),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** How it was paid or where it went: cash, card, wallet (several for a split payment), or the company’s account. */
  methods: z.array(z.enum(['cash', 'card', 'wallet', 'owed', 'company'])),
  /** A fare's promo code and what it took off (the platform paid it); null elsewhere. */
  promotion: z.strictObject({ code: z.string(), discount_cents: z.number().int() }).nullable(),
  ride: z
    .strictObject({
      id: z.string(),
      ride_type: z.enum(RIDE_TYPES),
      pickup_label: z.string().nullable(),
      dropoff_label: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  /** The ride's latest refund request, when it has one. */
  refund_request: refundRequestSchema.nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** Per currency: wallet credit the rider holds (−balance of rider_wallet) and fees they owe (balance of rider_owed). */
export const riderBalanceSchema = z.strictObject({ currency: z.string(), wallet_cents: z.number().int(), owed_cents: z.number().int() });

export const paymentHistoryResponseSchema = z.strictObject({
  items: z.array(historyItemSchema),
  next_cursor: z.string().nullable(),
  balances: z.array(riderBalanceSchema),
});
export type PaymentHistory = z.infer<typeof paymentHistoryResponseSchema>;

/**
 * The receipt of a completed ride (rides' receipt, extended): its fare lines (the price snapshot), and its
 * money from the ledger — what was paid and how, tips, refunds — with the ride's refund requests. `money` and
 * `refund_requests` are the rider's (null and empty for the ride's driver).
 */
export const moneyReceiptSchema = receiptSchema.extend({
  ride_type: z.enum(RIDE_TYPES),
  surge_multiplier: z.number(),
  money: rideMoneySchema.nullable(),
  /**
   * What the rider was charged for the ride, from the ledger (issue 27): the fare's lines − the promotion +
   * carried fees + the tip sum to it, and so do `payments`. Null for the driver (they read the fare).
   */
  total_cents: z.number().int().nullable(),
  /** How it was paid, one row per method (`receiptTotals`), the tip its own row; empty for the driver. */
  payments: z.array(z.strictObject({ kind: z.enum(RECEIPT_PAYMENT_KINDS), amount_cents: z.number().int() })),
  refund_requests: z.array(refundRequestSchema),
  /** Until when the rider may report a problem (30 days after the ride); null for the driver. */
  report_until: timestampSchema.nullable(),
});
export type MoneyReceipt = z.infer<typeof moneyReceiptSchema>;
export const moneyReceiptResponseSchema = z.strictObject({ receipt: moneyReceiptSchema });
