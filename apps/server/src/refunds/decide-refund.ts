import { refundText } from '@openride/shared/refunds/refund-text';
import { REFUND_MACHINE } from '@openride/shared/refunds/refund-state';
import type { RefundDecision } from '@openride/shared/refunds/schemas';
import { isUuid } from '@openride/shared/text';
import type { Transaction } from 'kysely';
import { lockRideForTransition } from '../db/ride-locks';
import type { DB } from '../db/schema';
import { requireSecondPersonForRefund } from '../roles/duties';
import { postRefund } from '../ledger/refund-postings';
import { rideMoney } from '../ledger/ride-money';
import { badRequest, domainError, notFound } from '../lib/errors';
import { move } from '../lib/move';
import { getRefundDetail } from './get-refund-request';
import { refundToCard } from './refund-to-card';
import type { Ports } from '../ports';
import { review } from '../review/review';

/** The request and its ride, the ride's lock first (decision 0021's order), then the request's. */
export async function lockRequest(trx: Transaction<DB>, requestId: string) {
  const seen = await trx.selectFrom('refund_requests').select('ride_id').where('id', '=', requestId).executeTakeFirst();
  if (!seen) return undefined;
  const ride = (await lockRideForTransition(trx, seen.ride_id))?.ride;
  if (!ride) return undefined;
  const request = await trx.selectFrom('refund_requests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirstOrThrow();
  return { ride, request };
}

type LockedRide = NonNullable<Awaited<ReturnType<typeof lockRequest>>>['ride'];

/**
 * What a refund (not a rejection) comes to, under the ride's lock: its amount (all that is left for Approve
 * full; never more than that, REFUND_EXCEEDS_PAID) and where it goes; a driver bears only a ride they drove,
 * and a business ride takes no wallet credit (decision 0072). The decision and the proposal check the same.
 */
export async function resolveRefund(trx: Transaction<DB>, ride: LockedRide, decision: Exclude<RefundDecision, { action: 'reject' }>) {
  const money = await rideMoney(trx, ride);
  const amount = decision.action === 'approve_full' ? money.refundable_cents : decision.amount_cents;
  if (amount <= 0 || amount > money.refundable_cents) throw domainError('REFUND_EXCEEDS_PAID');
  if (decision.bearer === 'driver' && !ride.driver_id) throw badRequest('This ride had no driver: the platform bears its refund.');
  // A business ride's refund goes back to the company's account, never to the rider (decision 0072).
  if (ride.company_id && decision.action === 'credit') throw badRequest(refundText.admin.businessNoCredit);
  const destination: 'company' | 'card' | 'wallet' = ride.company_id ? 'company' : decision.action !== 'credit' && money.card_cents > 0 ? 'card' : 'wallet';
  return { amount, destination, money };
}

/** What a decision did, for its audit record and the rider's notification. */
type Decision =
  | { rejected: true; reason: string }
  | {
      rejected: false;
      action: Exclude<RefundDecision['action'], 'reject'>;
      status: 'approved' | 'credited';
      amount: number;
      currency: string;
      destination: 'company' | 'card' | 'wallet';
      bearer: Extract<RefundDecision, { bearer: unknown }>['bearer'];
      note: string | null;
      refunded: number;
      txId: string;
    };

/**
 * An admin decides a refund request (decision 0039): Approve full (all that is left to refund), Approve
 * partial (an amount), Give wallet credit (an amount), or Reject (a reason the rider reads).
 *
 * One transaction, the ride's lock first (decision 0021's order), then the request's: a second admin acting
 * at the same moment waits, then finds the request decided (REFUND_DECIDED). Above the owners'
 * separation-of-duties amount for the ride's currency, only what someone else proposed is accepted (403
 * SEPARATION_OF_DUTIES, decision 0093). Under the lock the ledger says
 * what was paid for the ride and what was refunded already, so the total refunded never exceeds what was paid
 * (REFUND_EXCEEDS_PAID). The refund posts with key `refund_request:<id>` (once, whatever happens); the
 * request, the rider's notification and the audit record commit with it.
 *
 * Where the money goes: a wallet credit always to the rider's wallet; an approval back to how the rider paid —
 * a cash or wallet ride to the wallet (cash cannot be handed back), a card ride to the card through
 * `refundToCard`, which queues the processor's refund as a `card-refund` job in this transaction (decision 0054:
 * if the processor refuses it, the job moves the refund to the rider's wallet). A business ride's refund credits
 * the company's account (decision 0072) whatever the action; Give wallet credit is refused on it (400).
 */
export async function decideRefund(services: Pick<Ports, 'db' | 'bus' | 'push' | 'jobs'>, adminId: string, requestId: string, decision: RefundDecision) {
  if (!isUuid(requestId)) throw notFound('No such refund request.');
  const { db } = services;
  const { decided } = await review(services, {
    adminId,
    load: (trx) => lockRequest(trx, requestId),
    notFound: () => notFound('No such refund request.'),
    reviewable: ({ request }) => request.status === 'open',
    decided: () => domainError('REFUND_DECIDED'),
    decide: async (trx, { ride, request }, now): Promise<Decision | undefined> => {
      if (decision.action === 'reject') {
        const rejected = await move(trx, REFUND_MACHINE, {
          table: 'refund_requests',
          id: requestId,
          to: 'rejected',
          actor: 'admin',
          set: { decision: 'reject', decision_reason: decision.reason, decided_by: adminId, decided_at: now },
        });
        return rejected ? { rejected: true, reason: decision.reason } : undefined;
      }
      const currency = ride.currency.trim();
      const { amount, destination, money } = await resolveRefund(trx, ride, decision);
      await requireSecondPersonForRefund(trx, { currency, amount, decision, request, approverId: adminId });
      if (destination === 'card') await refundToCard(services, trx, { requestId, rideId: ride.id, amount_cents: amount, currency });
      const tx = await postRefund(trx, {
        requestId,
        ride: { id: ride.id, city_id: ride.city_id, currency, rider_id: ride.rider_id, driver_id: ride.driver_id, company_id: ride.company_id },
        amount_cents: amount,
        bearer: decision.bearer,
        destination,
        created_by: adminId,
        reason: decision.note ?? null,
        memo: { action: decision.action },
      });
      const status = decision.action === 'credit' ? 'credited' : 'approved';
      const decided = await move(trx, REFUND_MACHINE, {
        table: 'refund_requests',
        id: requestId,
        to: status,
        actor: 'admin',
        set: {
          decision: decision.action,
          bearer: decision.bearer,
          destination,
          decision_reason: decision.note || null,
          decided_by: adminId,
          decided_at: now,
          ledger_transaction_id: tx.id,
        },
      });
      if (!decided) return undefined;
      return {
        rejected: false,
        action: decision.action,
        status,
        amount,
        currency,
        destination,
        bearer: decision.bearer,
        note: decision.note ?? null,
        refunded: money.refunded_cents,
        txId: tx.id,
      };
    },
    audit: ({ ride }, d) =>
      d.rejected
        ? {
            action: 'refund.reject',
            entityType: 'refund_request',
            entityId: requestId,
            before: { status: 'open' },
            after: { status: 'rejected', ride_id: ride.id },
            reason: d.reason,
          }
        : {
            action: d.action === 'credit' ? 'refund.credit' : 'refund.approve',
            entityType: 'refund_request',
            entityId: requestId,
            before: { status: 'open', refunded_cents: d.refunded },
            after: {
              status: d.status,
              ride_id: ride.id,
              action: d.action,
              amount_cents: d.amount,
              bearer: d.bearer,
              destination: d.destination,
              ledger_transaction_id: d.txId,
            },
            reason: d.note,
          },
    notice: async (_trx, { ride }, d) => ({
      user_id: ride.rider_id,
      booking_id: ride.id,
      ...(d.rejected ? refundText.notice.rejected(d.reason) : refundText.notice.approved(d.amount, d.currency, d.destination)),
      kind: 'payment',
      link: `/payment-history/${ride.id}`,
    }),
  });
  if (!decided.rejected && decided.destination === 'card') services.jobs.wake('card-refund');
  return getRefundDetail(db, requestId);
}
