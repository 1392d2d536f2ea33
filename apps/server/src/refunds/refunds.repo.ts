import type { RefundRequestView } from '@openride/shared/refunds/views';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RefundRequestsTable } from '../db/schema';
import { transactionAmounts } from '../ledger/ride-money';

export type RefundRequestRow = Selectable<RefundRequestsTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Requests as their rider reads them; the refunded amount is the sum of the request's ledger transaction. */
export async function requestViews(db: Kysely<DB>, rows: ReadonlyArray<RefundRequestRow & { currency: string }>): Promise<RefundRequestView[]> {
  const amounts = await transactionAmounts(
    db,
    rows.flatMap((r) => (r.ledger_transaction_id ? [r.ledger_transaction_id] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    ride_id: r.ride_id,
    status: r.status,
    reason: r.reason,
    requested_cents: r.requested_cents,
    comment: r.comment,
    created_at: iso(r.created_at)!,
    decided_at: iso(r.decided_at),
    decision: r.decision,
    decision_reason: r.decision_reason,
    refunded_cents: r.ledger_transaction_id ? (amounts.get(r.ledger_transaction_id) ?? 0) : 0,
    destination: r.destination,
    currency: r.currency.trim(),
  }));
}

/** The refund requests of rides, newest first per ride. */
export async function requestsOfRides(db: Kysely<DB>, rideIds: string[]): Promise<Map<string, RefundRequestView[]>> {
  const out = new Map<string, RefundRequestView[]>();
  if (rideIds.length === 0) return out;
  const rows = await db
    .selectFrom('refund_requests as r')
    .innerJoin('rides', 'rides.id', 'r.ride_id')
    .selectAll('r')
    .select('rides.currency')
    .where('r.ride_id', 'in', rideIds)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  for (const view of await requestViews(db, rows)) out.set(view.ride_id, [...(out.get(view.ride_id) ?? []), view]);
  return out;
}
