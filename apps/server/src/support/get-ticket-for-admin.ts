import { supportText } from '@openride/shared/support/support-text';
import type { AdminTicketDetail } from '@openride/shared/support/views';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { getRideForOperator } from '../rides/get-ride-for-operator';
import { adminTicketRows, adminTicketView, messageViews } from './support.repo';

/**
 * One ticket as an admin works it (decision 0055): the conversation with internal notes, the admins it may be
 * assigned to, and — when it is about a ride — /booking-management's reader of that ride (summary, timeline,
 * route and chat), reused as it is.
 */
export async function getTicketForAdmin(db: Kysely<DB>, adminId: string, ticketId: string): Promise<AdminTicketDetail> {
  if (!isUuid(ticketId)) throw notFound(supportText.errors.notFound);
  const row = await adminTicketRows(db).where('t.id', '=', ticketId).executeTakeFirst();
  if (!row) throw notFound(supportText.errors.notFound);
  const [messages, ride, agents] = await Promise.all([
    messageViews(db, row.id, adminId, true),
    row.ride_id ? getRideForOperator(db, row.ride_id) : Promise.resolve(null),
    db
      .selectFrom('user_roles')
      .innerJoin('user', 'user.id', 'user_roles.user_id')
      .select(['user.id', 'user.name'])
      .where('user_roles.role', '=', 'admin')
      .orderBy('user.name')
      .execute(),
  ]);
  return { ticket: adminTicketView(row), messages, ride, agents };
}
