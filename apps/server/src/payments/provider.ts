import type { TestCardInput } from '@openride/shared/payments/schemas';
import type { PaymentProviderKind } from '@openride/shared/payments/views';

/**
 * The card processor behind every card payment (issue 13, decision 0038). Two implementations: Stripe
 * (`stripe-provider.ts`, the official client) and the offline test card provider (`test-card-provider.ts`,
 * never in production). Every call that changes something carries an idempotency key, so a retried job or
 * request changes nothing twice at the processor. Provider calls are never made inside a database
 * transaction: authorise before the ride is inserted, capture and release from a job queued with the change.
 */
export type CardDetails = { brand: string; last4: string; exp_month: number; exp_year: number };

export type AuthoriseInput = {
  amount_cents: number;
  currency: string;
  customer_ref: string;
  card_ref: string;
  /** The idempotency key: the same key answers the same intent. */
  key: string;
  metadata: Record<string, string>;
};

/** An event the processor sent to our webhook, verified. `object` is the processor's object (a PaymentIntent, a payout). */
export type ProviderEvent = {
  id: string;
  type: string;
  object: { id?: string; object?: string; amount?: number; currency?: string; status?: string; amount_received?: number };
};

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** No real card is charged (the test card provider). */
  readonly testMode: boolean;
  /** Stripe's publishable key, handed to the browser for Elements. */
  readonly publishableKey: string | null;
  /** The rider's customer at the processor, created once (key `customer:<user id>`). */
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** Stripe: a SetupIntent the browser confirms with Elements. */
  startCardSetup(customerRef: string, key: string): Promise<{ client_secret: string; setup_intent_id: string }>;
  /** A card the rider confirmed (Stripe: a SetupIntent of theirs) or typed (test provider): its reference and what we show of it. */
  saveCard(customerRef: string, input: { setup_intent_id: string } | { test_card: TestCardInput }): Promise<CardDetails & { ref: string }>;
  /** Holds the amount on the card (manual capture). Throws CardDeclined. */
  authorise(input: AuthoriseInput): Promise<{ ref: string }>;
  /** Takes up to the amount held (less releases the rest). */
  capture(ref: string, amountCents: number, key: string): Promise<{ captured_cents: number }>;
  /** Releases a hold. */
  cancel(ref: string, key: string): Promise<void>;
  /** Gives back part or all of a captured payment (the refunds engineer calls it through `refundPayment`). */
  refund(ref: string, amountCents: number, key: string): Promise<{ ref: string }>;
  /** Charges at once (a tip): authorised and captured in one call. Throws CardDeclined. */
  charge(input: AuthoriseInput): Promise<{ ref: string }>;
  /** Detaches a saved card from the rider's customer (the rider removed it, decision 0043): it can never be charged again. */
  removeCard(ref: string, key: string): Promise<void>;
  /** Verifies the signature over the raw body and parses the event. Throws InvalidWebhook. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}

/** The bank or the test provider refused the card: the words say why. */
export class CardDeclined extends Error {}
/** The processor refused a request for a reason that is not the card's (a bad id, a hold already gone). */
export class PaymentRefused extends Error {}
/** A webhook whose signature does not verify. */
export class InvalidWebhook extends Error {}
