import { slaDueAt, type TicketReplyInput, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { sourcesOf, TICKET_MACHINE, userMayReply } from '@openride/shared/support/ticket-state';
import { domainError, notFound } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { announceTicketChange } from './announce-ticket-change';
import { getMyTicket } from './user-tickets';
import { checkPhotos, lockTicket, roleOn } from './support.repo';
import { supportLink } from '@openride/shared/support/schemas';
import type { Ports } from '../ports';

/**
 * The requester (or a lost-item ticket's other party) writes on the ticket (decision 0055). A reply on a
 * pending or resolved ticket puts it back in the queue (open, the SLA clock restarted); a closed ticket takes
 * no more (TICKET_CLOSED). On a lost-item ticket the other party is told.
 */
export async function replyToTicket(services: Pick<Ports, 'db' | 'bus' | 'push'>, userId: string, ticketId: string, input: TicketReplyInput, now = new Date()) {
  const { db } = services;
  const result = await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    const role = roleOn(ticket, userId);
    if (!role) throw notFound(supportText.errors.notFound);
    if (!userMayReply(ticket.status)) throw domainError('TICKET_CLOSED');
    const fileIds = await checkPhotos(trx, userId, input.file_ids);
    await trx
      .insertInto('support_messages')
      .values({ ticket_id: ticket.id, author_id: userId, author_role: role, body: input.body, file_ids: fileIds, created_at: now })
      .execute();
    const reopens = sourcesOf('open', 'user').includes(ticket.status);
    const stamps = { updated_at: now, last_user_reply_at: now };
    const updated = reopens
      ? await move(trx, TICKET_MACHINE, {
          table: 'support_tickets',
          id: ticket.id,
          to: 'open',
          actor: 'user',
          set: { ...stamps, resolved_at: null, waiting_since: now, sla_due_at: slaDueAt(now, ticket.priority) },
        })
      : await trx.updateTable('support_tickets').set(stamps).where('id', '=', ticket.id).returningAll().executeTakeFirst();
    // The ticket is locked: it is where lockTicket found it, so the move cannot lose.
    if (!updated) throw new Error(`Ticket ${ticket.id} moved while locked`);
    const other = role === 'requester' ? ticket.participant_id : ticket.requester_id;
    const notices =
      other && ticket.category === 'lost_item'
        ? [
            await createNotification(trx, services, {
              user_id: other,
              booking_id: null,
              kind: 'support',
              link: supportLink(ticket.id),
              type: 'other',
              title: `New message on ${ticketNumber(ticket.number)}`,
              message: 'Open Support to read it.',
            }),
          ]
        : [];
    return { ticket: updated, notices };
  });
  await announceTicketChange(services, result.ticket, result.notices);
  return getMyTicket(db, userId, ticketId);
}
