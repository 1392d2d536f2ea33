import type { AdminRefundDetail } from '@openride/shared/refunds/views';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rideMoney } from '../ledger/ride-money';
import { notFound } from '../lib/errors';
import { getRideForOperator } from '../rides/get-ride-for-operator';
import { secondPersonAbove } from '../roles/duties';
import { receiptLines } from '../rides/ride-receipt';
import { adminViews, requestRows } from './list-refund-requests';
import { requestsOfRides } from './refunds.repo';

/**
 * One request with what an admin decides on: the ride's story (/booking-management's timeline and route), its
 * fare lines, its money from the ledger (paid by method, refunded, left to refund), and its earlier requests.
 */
export async function getRefundDetail(db: Kysely<DB>, requestId: string): Promise<AdminRefundDetail> {
  if (!isUuid(requestId)) throw notFound('No such refund request.');
  const row = await requestRows(db).where('r.id', '=', requestId).executeTakeFirst();
  if (!row) throw notFound('No such refund request.');
  const ride = await db.selectFrom('rides').selectAll().where('id', '=', row.ride_id).executeTakeFirstOrThrow();
  const [[request], detail, money, others, above] = await Promise.all([
    adminViews(db, [row]),
    getRideForOperator(db, ride.id),
    rideMoney(db, ride),
    requestsOfRides(db, [ride.id]),
    secondPersonAbove(db, ride.currency),
  ]);
  return {
    request: request!,
    ride: detail,
    fare_lines: receiptLines(ride).lines,
    money,
    other_requests: (others.get(ride.id) ?? []).filter((r) => r.id !== requestId),
    refund_to: ride.company_id ? 'company' : money.card_cents > 0 ? 'card' : 'wallet',
    second_person_above: above,
  };
}
