import type { AdminRefundRequest } from '@openride/shared/refunds/views';
import type { RefundAction, RefundBearer, refundRequestsQuerySchema } from '@openride/shared/refunds/schemas';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { type CityScope, cityCondition } from '../roles/city-scope';
import type { StoredProposal } from '../roles/duties';
import { ridesMoney } from '../ledger/ride-money';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { isRideId } from '../rides/rides.repo';
import { requestViews } from './refunds.repo';

type Query = z.output<typeof refundRequestsQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'r.created_at', type: 'timestamptz' } },
  id: { ref: 'r.id', type: 'uuid' },
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The queue's rows with their rider and ride; filtered, not yet paged. */
export function requestRows(db: Kysely<DB>) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('rides', 'rides.id', 'r.ride_id')
    .innerJoin('user as rider', 'rider.id', 'r.rider_id')
    .leftJoin('user as admin', 'admin.id', 'r.decided_by')
    .leftJoin('user as proposer', 'proposer.id', 'r.proposed_by')
    .selectAll('r')
    .select([
      'rides.currency',
      'rides.pickup_label',
      'rides.dropoff_label',
      'rides.completed_at as ride_completed_at',
      'rider.name as rider_name',
      'rider.email as rider_email',
      'admin.name as decided_by_name',
      'proposer.name as proposed_by_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number];

/** A request's proposal as the console reads it (decision 0093). */
function proposalOf(r: Row): AdminRefundRequest['proposal'] {
  if (!r.proposal || !r.proposed_at) return null;
  const p = r.proposal as StoredProposal;
  return {
    action: p.action as RefundAction,
    amount_cents: p.amount_cents,
    bearer: p.bearer as RefundBearer | null,
    note: p.note,
    by_id: r.proposed_by,
    by_name: r.proposed_by_name ?? null,
    at: iso(r.proposed_at)!,
  };
}

/** Rows as /refund-management shows them: the request, and its ride's ledger sums. */
export async function adminViews(db: Kysely<DB>, rows: Row[]): Promise<AdminRefundRequest[]> {
  const views = await requestViews(db, rows);
  const money = await ridesMoney(
    db,
    rows.map((r) => ({ id: r.ride_id, currency: r.currency })),
  );
  return rows.map((r, i) => ({
    ...views[i]!,
    rider_id: r.rider_id,
    rider_name: r.rider_name,
    rider_email: r.rider_email,
    pickup_label: r.pickup_label,
    dropoff_label: r.dropoff_label,
    ride_completed_at: iso(r.ride_completed_at),
    bearer: r.bearer,
    decided_by_name: r.decided_by_name ?? null,
    proposal: proposalOf(r),
    paid_cents: money.get(r.ride_id)?.paid_cents ?? 0,
    ride_refunded_cents: money.get(r.ride_id)?.refunded_cents ?? 0,
  }));
}

/**
 * /refund-management's queue: oldest first by default, filtered by status, reason and how long a request has
 * waited; search by rider name or email, or a ride id.
 */
export async function listRefundRequests(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = requestRows(db);
  // A staff member's cities (decision 0091): the requests about their cities' rides.
  const inCities = cityCondition('rides.city_id', scope, query.city);
  if (inCities) rows = rows.where(inCities);
  if (query.status) rows = rows.where('r.status', '=', query.status);
  if (query.reason) rows = rows.where('r.reason', '=', query.reason);
  if (query.age === 'today') rows = rows.where(sql<boolean>`r.created_at > now() - interval '1 day'`);
  if (query.age === 'week') rows = rows.where(sql<boolean>`r.created_at <= now() - interval '1 day' and r.created_at > now() - interval '7 days'`);
  if (query.age === 'older') rows = rows.where(sql<boolean>`r.created_at <= now() - interval '7 days'`);
  if (query.q) {
    const q = query.q;
    const like = containsPattern(q);
    rows = rows.where((eb) => eb.or([...(isRideId(q) ? [eb('r.ride_id', '=', q)] : []), eb('rider.name', 'ilike', like), eb('rider.email', 'ilike', like)]));
  }
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: await adminViews(db, page.items) };
}

export const REFUND_REQUESTS_CSV: CsvColumn<AdminRefundRequest>[] = [
  { header: 'Request', value: (r) => r.id },
  { header: 'Received', value: (r) => r.created_at },
  { header: 'Rider', value: (r) => r.rider_name },
  { header: 'Email', value: (r) => r.rider_email },
  { header: 'Ride', value: (r) => r.ride_id },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Asked (cents)', value: (r) => r.requested_cents },
  { header: 'Paid (cents)', value: (r) => r.paid_cents },
  { header: 'Status', value: (r) => r.status },
  { header: 'Refunded (cents)', value: (r) => r.refunded_cents },
  { header: 'Bearer', value: (r) => r.bearer },
  { header: 'To', value: (r) => r.destination },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Decided at', value: (r) => r.decided_at },
  { header: 'Decided by', value: (r) => r.decided_by_name },
  { header: 'Proposed', value: (r) => r.proposal?.action ?? null },
  { header: 'Proposed (cents)', value: (r) => r.proposal?.amount_cents ?? null },
  { header: 'Proposed by', value: (r) => r.proposal?.by_name ?? null },
];
