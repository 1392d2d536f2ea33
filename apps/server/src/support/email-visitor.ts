import { ticketNumber } from '@openride/shared/support/schemas';
import type { TicketRow } from './support.repo';
import type { Ports } from '../ports';

/**
 * A visitor's ticket (from /contact, no account) is answered by email: after commit, through the messenger
 * (the dev outbox, or a `message-send` job to the real provider). A failure is logged, not thrown: the
 * answer is stored on the ticket either way.
 */
export async function emailVisitor(services: Pick<Ports, 'messenger' | 'logger'>, ticket: TicketRow, subject: string, body: string) {
  if (ticket.requester_id || !ticket.requester_email) return;
  try {
    await services.messenger.send({
      channel: 'email',
      to: ticket.requester_email,
      subject,
      body: `${body}\n\n— OpenRide support (${ticketNumber(ticket.number)})`,
    });
  } catch (err) {
    services.logger.warn({ err, ticket: ticket.id }, 'support: the visitor could not be emailed');
  }
}
