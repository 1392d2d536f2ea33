import type { CustomerDetail } from '@openride/shared/customers/schemas';
import { sql } from 'kysely';
import { auditHistoryOf } from '../audit/list-audit-log';
import { notFound } from '../lib/errors';
import { findCustomer } from './list-customers';
import type { Ports } from '../ports';

/**
 * /customer-management/{id}: the rider's record as the list shows it, their ride counts, the ride under way
 * (an operator about to block them sees it), and their history in the audit log (blocks, unblocks).
 */
export async function getCustomerForOperator(services: Pick<Ports, 'db'>, riderId: string): Promise<CustomerDetail> {
  const { db } = services;
  const customer = await findCustomer(db, riderId);
  if (!customer) throw notFound('No such rider.');
  const [rides, ratings, active, history] = await Promise.all([
    db
      .selectFrom('rides')
      .select([sql<number>`count(*)`.as('requested'), sql<number>`count(*) filter (where status = 'no_driver')`.as('no_driver')])
      .where('rider_id', '=', riderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ride_ratings')
      .select([
        sql<number>`count(*) filter (where rater_id = ${riderId} and rater_role = 'rider')`.as('given'),
        sql<number>`count(*) filter (where ratee_id = ${riderId} and rater_role = 'driver')`.as('received'),
      ])
      .where((eb) => eb.or([eb('rater_id', '=', riderId), eb('ratee_id', '=', riderId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rides')
      .select('id')
      .where('rider_id', '=', riderId)
      .where('status', 'in', ['requested', 'accepted', 'arrived', 'in_progress'])
      .orderBy('requested_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    auditHistoryOf(db, 'rider', riderId),
  ]);
  return {
    customer,
    stats: {
      rides_requested: Number(rides.requested),
      rides_completed: customer.rides_completed,
      cancellations: customer.cancellations,
      no_driver: Number(rides.no_driver),
      ratings_given: Number(ratings.given),
      ratings_received: Number(ratings.received),
    },
    active_ride_id: active?.id ?? null,
    history,
  };
}
