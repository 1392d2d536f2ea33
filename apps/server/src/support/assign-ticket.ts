import { supportText } from '@openride/shared/support/support-text';
import { recordAudit } from '../audit/record-audit';
import { badRequest } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { isAdmin } from '../roles/roles.repo';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { lockTicket } from './support.repo';
import type { Ports } from '../ports';

/** Assign a ticket to an admin (oneself or another), or unassign it (null). Only admins are assignees (400). Audited. */
export async function assignTicket(services: Pick<Ports, 'db'>, adminId: string, ticketId: string, assigneeId: string | null, now = new Date()) {
  const { db } = services;
  await inTransaction(db, async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (assigneeId !== null && !(await isAdmin(trx, assigneeId))) throw badRequest(supportText.errors.notAnAdmin);
    if (ticket.assignee_id === assigneeId) return;
    await trx.updateTable('support_tickets').set({ assignee_id: assigneeId, updated_at: now }).where('id', '=', ticket.id).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'support_ticket.assign',
      entityType: 'support_ticket',
      entityId: ticket.id,
      before: { assignee_id: ticket.assignee_id },
      after: { assignee_id: assigneeId },
    });
  });
  return getTicketForAdmin(db, adminId, ticketId);
}
