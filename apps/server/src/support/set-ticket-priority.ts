import { slaDueAt, type TicketPriority } from '@openride/shared/support/schemas';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../lib/transaction';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { lockTicket } from './support.repo';
import type { Ports } from '../ports';

/** Change a ticket's priority; its due time follows (the same clock start, the new priority's SLA hours). Audited. */
export async function setTicketPriority(services: Pick<Ports, 'db'>, adminId: string, ticketId: string, priority: TicketPriority, now = new Date()) {
  const { db } = services;
  await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (ticket.priority === priority) return;
    const due = slaDueAt(new Date(ticket.waiting_since), priority);
    await trx.updateTable('support_tickets').set({ priority, sla_due_at: due, updated_at: now }).where('id', '=', ticket.id).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'support_ticket.priority',
      entityType: 'support_ticket',
      entityId: ticket.id,
      before: { priority: ticket.priority, sla_due_at: new Date(ticket.sla_due_at).toISOString() },
      after: { priority, sla_due_at: due.toISOString() },
    });
  });
  return getTicketForAdmin(db, adminId, ticketId);
}
