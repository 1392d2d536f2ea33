import { supportText } from '@openride/shared/support/support-text';
import { mayRate } from '@openride/shared/support/ticket-state';
import { domainError, forbidden, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { lockTicket } from './support.repo';
import { getMyTicket } from './user-tickets';
import type { Ports } from '../ports';

/** The requester rates the help 1–5 once the ticket is resolved (or closed), once (ALREADY_RATED). */
export async function rateTicket(services: Pick<Ports, 'db'>, userId: string, ticketId: string, rating: number, now = new Date()) {
  await inTransaction(services.db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (ticket.participant_id === userId && ticket.category === 'lost_item') throw forbidden('Only the person who opened the ticket rates the help.');
    if (ticket.requester_id !== userId) throw notFound(supportText.errors.notFound);
    if (!mayRate(ticket.status)) throw domainError('TICKET_NOT_RESOLVED');
    if (ticket.csat_rating !== null) throw domainError('ALREADY_RATED');
    await trx.updateTable('support_tickets').set({ csat_rating: rating, rated_at: now }).where('id', '=', ticket.id).where('csat_rating', 'is', null).execute();
  });
  return getMyTicket(services.db, userId, ticketId);
}
