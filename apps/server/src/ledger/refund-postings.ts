import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type AccountRef, post } from './ledger';

export type RefundPosting = {
  /** The refund request's id: the idempotency key is `refund_request:<id>`, so a request posts once. */
  requestId: string;
  /** Another key than the request's, for a second posting of the same request (its card refund refused, decision 0054). */
  key?: string;
  /** `company_id`: a business ride's company, whose account a `company` refund credits. */
  ride: { id: string; city_id: string; currency: string; rider_id: string; driver_id: string | null; company_id?: string | null };
  amount_cents: number;
  bearer: 'platform' | 'driver';
  destination: 'wallet' | 'card' | 'company';
  created_by: string;
  reason?: string | null;
  memo?: Record<string, unknown>;
};

/**
 * A refund, in the transaction that decides it (decision 0039, signs of 0037: debit positive). Who bears it
 * is debited with line `refund` — the platform's `refunds` expense, or the driver's account (they owe more,
 * or are owed less); the rider gets it back: wallet credit (credit `rider_wallet`, line `wallet_credit`) or
 * the card (credit `processor_clearing`, line `refund`, once the payment provider has refunded it). A business ride's
 * refund credits the company's account instead (credit `company`, line `refund`: it owes less; decision 0072), never the
 * rider, so the company's balance and invoice carry it.
 */
export async function postRefund(trx: Kysely<DB>, input: RefundPosting) {
  if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents <= 0) throw new Error(`ledger: a refund is a positive amount, got ${input.amount_cents}`);
  if (input.bearer === 'driver' && !input.ride.driver_id) throw new Error('ledger: a ride without a driver cannot be refunded at the driver’s cost');
  const bearer: AccountRef = input.bearer === 'driver' ? { code: 'driver', owner: input.ride.driver_id! } : { code: 'refunds' };
  if (input.destination === 'company' && !input.ride.company_id) throw new Error('ledger: only a business ride is refunded to a company');
  if (input.destination !== 'company' && input.ride.company_id) throw new Error('ledger: a business ride is refunded to its company, never to the rider');
  const credit: AccountRef =
    input.destination === 'wallet'
      ? { code: 'rider_wallet', owner: input.ride.rider_id }
      : input.destination === 'company'
        ? { code: 'company', owner: input.ride.company_id! }
        : { code: 'processor_clearing' };
  return post(trx, {
    kind: 'refund',
    key: input.key ?? `refund_request:${input.requestId}`,
    currency: input.ride.currency,
    city_id: input.ride.city_id,
    ride_id: input.ride.id,
    created_by: input.created_by,
    reason: input.reason ?? null,
    memo: { refund_request_id: input.requestId, bearer: input.bearer, destination: input.destination, ...input.memo },
    entries: [
      { account: bearer, line: 'refund', amount_cents: input.amount_cents },
      { account: credit, line: input.destination === 'wallet' ? 'wallet_credit' : 'refund', amount_cents: -input.amount_cents },
    ],
  });
}
