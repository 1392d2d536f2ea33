import { AUTO_CLOSE_DAYS } from '@openride/shared/support/schemas';
import { TICKET_MACHINE } from '@openride/shared/support/ticket-state';
import { moveAll } from '../lib/move';
import { announceTicketChange } from './announce-ticket-change';
import type { Ports } from '../ports';

/** Every 10 minutes (UTC): pg-boss queues one `support-auto-close` job per slot across all processes. */
export const SUPPORT_AUTO_CLOSE_CRON = '*/10 * * * *';

/**
 * The `support-auto-close` job (decision 0055): tickets resolved more than AUTO_CLOSE_DAYS ago are closed. A
 * user's reply reopens a resolved ticket, so "resolved" means "no user reply since". One conditional update:
 * a ticket is closed by one run only, whichever process or retry it is; a second run finds nothing.
 */
export async function autoCloseTickets(services: Pick<Ports, 'db' | 'bus'>, now = new Date()) {
  const closed = await moveAll(services.db, TICKET_MACHINE, {
    table: 'support_tickets',
    to: 'closed',
    actor: 'system',
    set: { closed_at: now, updated_at: now },
    where: (eb) => eb('resolved_at', '<=', new Date(now.getTime() - AUTO_CLOSE_DAYS * 86_400_000)),
  });
  for (const t of closed) await announceTicketChange(services, t);
  return closed.map((t) => t.id);
}
