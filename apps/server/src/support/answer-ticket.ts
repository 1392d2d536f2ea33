import { type AdminTicketMessageInput, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { sourcesOf, TICKET_MACHINE } from '@openride/shared/support/ticket-state';
import { recordAudit } from '../audit/record-audit';
import { domainError } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { announceTicketChange } from './announce-ticket-change';
import { emailVisitor } from './email-visitor';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { checkPhotos, lockTicket } from './support.repo';
import { supportLink } from '@openride/shared/support/schemas';
import type { Ports } from '../ports';

/**
 * An admin writes on a ticket (decision 0055): a reply the user reads, or an internal note only admins read.
 * A reply on an open ticket makes it pending (the user's turn); the requester (and a lost-item ticket's other
 * party) is notified in the same transaction, a visitor emailed after commit. A closed ticket is reopened
 * before it is answered (TICKET_CLOSED); a note goes on any ticket. Audited either way.
 */
export async function answerTicket(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'messenger' | 'logger'>,
  adminId: string,
  ticketId: string,
  input: AdminTicketMessageInput,
  now = new Date(),
) {
  const { db } = services;
  const result = await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (!input.internal && ticket.status === 'closed') throw domainError('TICKET_CLOSED');
    const fileIds = await checkPhotos(trx, adminId, input.file_ids);
    const message = await trx
      .insertInto('support_messages')
      .values({
        ticket_id: ticket.id,
        author_id: adminId,
        author_role: 'support',
        body: input.body,
        internal: input.internal,
        file_ids: fileIds,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const toPending = !input.internal && sourcesOf('pending', 'admin').includes(ticket.status);
    const updated = toPending
      ? await move(trx, TICKET_MACHINE, { table: 'support_tickets', id: ticket.id, to: 'pending', actor: 'admin', set: { updated_at: now } })
      : await trx.updateTable('support_tickets').set({ updated_at: now }).where('id', '=', ticket.id).returningAll().executeTakeFirst();
    // The ticket is locked: it is where lockTicket found it, so the move cannot lose.
    if (!updated) throw new Error(`Ticket ${ticket.id} moved while locked`);
    await recordAudit(trx, {
      actorId: adminId,
      action: input.internal ? 'support_ticket.note' : 'support_ticket.reply',
      entityType: 'support_ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: updated.status, message_id: message.id },
    });
    const notices = [];
    if (!input.internal) {
      for (const userId of new Set([ticket.requester_id, ticket.participant_id])) {
        if (userId)
          notices.push(
            await createNotification(trx, services, {
              user_id: userId,
              booking_id: null,
              kind: 'support',
              link: supportLink(ticket.id),
              ...supportText.notice.replied(ticketNumber(ticket.number)),
            }),
          );
      }
    }
    return { ticket: updated, notices };
  });
  if (!input.internal) {
    await announceTicketChange(services, result.ticket, result.notices);
    await emailVisitor(services, result.ticket, `Re: ${ticketNumber(result.ticket.number)} ${result.ticket.subject}`, input.body);
  }
  return getTicketForAdmin(db, adminId, ticketId);
}
