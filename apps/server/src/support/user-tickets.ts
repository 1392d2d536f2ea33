import type { TicketDetail, TicketView } from '@openride/shared/support/views';
import { supportText } from '@openride/shared/support/support-text';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { messageViews, roleOn, userTicketView } from './support.repo';

/** The most tickets /support-tickets lists for one user (newest first); a person has a handful. */
export const MY_TICKETS_MAX = 200;

/** The user's tickets: those they opened and the lost-item tickets they are the other party of, newest first. */
export async function listMyTickets(db: Kysely<DB>, userId: string): Promise<TicketView[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb.and([eb('participant_id', '=', userId), eb('category', '=', 'lost_item')])]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MY_TICKETS_MAX)
    .execute();
  return rows.map((t) => userTicketView(t, roleOn(t, userId)!));
}

/** One ticket with its conversation, internal notes left out. Anyone not on the ticket: 404. */
export async function getMyTicket(db: Kysely<DB>, userId: string, ticketId: string): Promise<TicketDetail> {
  if (!isUuid(ticketId)) throw notFound(supportText.errors.notFound);
  const ticket = await db.selectFrom('support_tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
  const role = ticket && roleOn(ticket, userId);
  if (!ticket || !role) throw notFound(supportText.errors.notFound);
  return { ticket: userTicketView(ticket, role), messages: await messageViews(db, ticket.id, userId, false) };
}
