import { z } from 'zod';
import { timestampSchema } from '../contract';
import { paymentMethodSchema } from '../rides/views';
import { TIP_METHODS } from './schemas';

/** Which card processor this deployment uses: Stripe, the offline test card provider, or none (cash only). */
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export const savedCardSchema = z.strictObject({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** Saved through the test card provider: not a real card. */
  test_mode: z.boolean(),
  created_at: timestampSchema,
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const cardsResponseSchema = z.strictObject({ cards: z.array(savedCardSchema) });
export const cardResponseSchema = z.strictObject({ card: savedCardSchema });
export const cardSetupResponseSchema = z.strictObject({ client_secret: z.string(), setup_intent_id: z.string() });

/** The rider's wallet and what they owe, per currency, summed from the ledger (decision 0038). */
export const walletSchema = z.strictObject({
  currency: z.string(),
  /** Credit in the wallet (−balance of rider_wallet:<user>). */
  balance_cents: z.number().int(),
  /** Part of it set aside for the rider's ride under way (spent when it completes). */
  reserved_cents: z.number().int(),
  /** What a new ride or a tip may use. */
  available_cents: z.number().int(),
  /** Fees the rider owes (balance of rider_owed:<user>), carried to their next ride. */
  owed_cents: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;
export const walletResponseSchema = z.strictObject({ wallets: z.array(walletSchema) });

export const tipViewSchema = z.strictObject({ amount_cents: z.number().int(), method: z.enum(TIP_METHODS), created_at: timestampSchema });
export type TipView = z.infer<typeof tipViewSchema>;

/** How one ride is paid: the plan at request, and once completed the ledger's lines. */
export const ridePaymentSchema = z.strictObject({
  ride_id: z.string(),
  currency: z.string(),
  /** `business`: the ride is on a company's account (decision 0067). */
  method: paymentMethodSchema,
  card: z.strictObject({ brand: z.string(), last4: z.string(), test_mode: z.boolean() }).nullable(),
  /** The card hold: authorised at request, then captured, released or failed. Null for cash. */
  authorisation: z
    .strictObject({
      amount_cents: z.number().int(),
      captured_cents: z.number().int(),
      status: z.enum(['authorised', 'capturing', 'captured', 'releasing', 'released', 'failed']),
    })
    .nullable(),
  /** Wallet credit set aside at request (spent at completion). */
  wallet_planned_cents: z.number().int(),
  /** From the ledger, once completed: the fare and carried fees by how they were paid. */
  paid: z.strictObject({ card_cents: z.number().int(), wallet_cents: z.number().int(), cash_cents: z.number().int() }).nullable(),
  tip: tipViewSchema.nullable(),
  /** Whether the rider may still tip, and how. */
  tip_methods: z.array(z.enum(TIP_METHODS)),
  tip_until: timestampSchema.nullable(),
  /** The preset tips: each percentage of what the rider pays for the fare (after its promotion) and its amount (`tipOptions`). */
  tip_options: z.array(z.strictObject({ percent: z.union([z.literal(10), z.literal(15), z.literal(20)]), amount_cents: z.number().int() })),
});
export type RidePayment = z.infer<typeof ridePaymentSchema>;
export const ridePaymentResponseSchema = z.strictObject({ payment: ridePaymentSchema });
export const tipResponseSchema = z.strictObject({ tip: tipViewSchema });
export const webhookResponseSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });
