import { ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { TICKET_MACHINE } from '@openride/shared/support/ticket-state';
import { recordAudit } from '../audit/record-audit';
import { domainError } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { announceTicketChange } from './announce-ticket-change';
import { emailVisitor } from './email-visitor';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { lockTicket } from './support.repo';
import { supportLink } from '@openride/shared/support/schemas';
import type { Ports } from '../ports';

/**
 * Resolve an open or pending ticket (decision 0055): the requester is notified (a visitor emailed) and may
 * rate the help; without a user reply for 7 days the `support-auto-close` job closes it. Conditional on the
 * state machine's sources, so a second Resolve is 409 INVALID_TRANSITION and changes nothing. Audited.
 */
export async function resolveTicket(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'messenger' | 'logger'>,
  adminId: string,
  ticketId: string,
  now = new Date(),
) {
  const { db } = services;
  const result = await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    const updated = await move(trx, TICKET_MACHINE, {
      table: 'support_tickets',
      id: ticket.id,
      to: 'resolved',
      actor: 'admin',
      set: { resolved_at: now, updated_at: now },
    });
    if (!updated) throw domainError('INVALID_TRANSITION', 'This ticket is resolved or closed already.');
    await recordAudit(trx, {
      actorId: adminId,
      action: 'support_ticket.resolve',
      entityType: 'support_ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: 'resolved' },
    });
    const notices = ticket.requester_id
      ? [
          await createNotification(trx, services, {
            user_id: ticket.requester_id,
            booking_id: null,
            kind: 'support',
            link: supportLink(ticket.id),
            ...supportText.notice.resolved(ticketNumber(ticket.number)),
          }),
        ]
      : [];
    return { ticket: updated, notices };
  });
  await announceTicketChange(services, result.ticket, result.notices);
  await emailVisitor(
    services,
    result.ticket,
    `${ticketNumber(result.ticket.number)} resolved`,
    supportText.notice.resolved(ticketNumber(result.ticket.number)).message,
  );
  return getTicketForAdmin(db, adminId, ticketId);
}
