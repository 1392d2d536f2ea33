import { slaDueAt } from '@openride/shared/support/schemas';
import { TICKET_MACHINE } from '@openride/shared/support/ticket-state';
import { recordAudit } from '../audit/record-audit';
import { domainError } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { announceTicketChange } from './announce-ticket-change';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { lockTicket } from './support.repo';
import type { Ports } from '../ports';

/** Reopen a resolved or closed ticket: open again, its SLA clock restarted. Anything else: 409. Audited. */
export async function reopenTicket(services: Pick<Ports, 'db' | 'bus'>, adminId: string, ticketId: string, now = new Date()) {
  const { db } = services;
  const updated = await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    const row = await move(trx, TICKET_MACHINE, {
      table: 'support_tickets',
      id: ticket.id,
      to: 'open',
      actor: 'admin',
      set: { resolved_at: null, closed_at: null, waiting_since: now, sla_due_at: slaDueAt(now, ticket.priority), updated_at: now },
    });
    if (!row) throw domainError('INVALID_TRANSITION', 'Only a resolved or closed ticket can be reopened.');
    await recordAudit(trx, {
      actorId: adminId,
      action: 'support_ticket.reopen',
      entityType: 'support_ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: 'open' },
    });
    return row;
  });
  await announceTicketChange(services, updated);
  return getTicketForAdmin(db, adminId, ticketId);
}
