import { supportLink, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import type { Ports } from '../ports';

/** Every minute (UTC): pg-boss queues one `support-sla` job per slot across all processes. */
export const SUPPORT_SLA_CRON = '* * * * *';

/**
 * The `support-sla` job (decision 0065): an open ticket past its due time is told once to the operators —
 * its assignee, or every admin while nobody has it — as a `support` notification that opens the ticket.
 * The claim is one conditional update (`sla_alerted_for` is not this due time), in the transaction that writes
 * the notifications, so two processes or a retry tell it once; a reopen, a user's reply or a new priority
 * moves the due time and it is told again when that one passes too.
 */
export async function alertOverdueTickets(services: Pick<Ports, 'db' | 'bus' | 'push'>, now = new Date()) {
  const { notices, tickets } = await inTransaction(services.db, async (trx) => {
    const claimed = await trx
      .updateTable('support_tickets')
      .set((eb) => ({ sla_alerted_for: eb.ref('sla_due_at') }))
      .where('status', '=', 'open')
      .where('sla_due_at', '<=', now)
      .where((eb) => eb.or([eb('sla_alerted_for', 'is', null), eb('sla_alerted_for', '<>', eb.ref('sla_due_at'))]))
      .returning(['id', 'number', 'priority', 'category', 'assignee_id'])
      .execute();
    if (claimed.length === 0) return { notices: [], tickets: [] };
    const admins = claimed.some((t) => !t.assignee_id)
      ? (await trx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').orderBy('user_id').execute()).map((r) => r.user_id)
      : [];
    const notices = [];
    for (const t of claimed) {
      const words = supportText.notice.overdue(ticketNumber(t.number), supportText.priorities[t.priority], supportText.categories[t.category]);
      for (const userId of t.assignee_id ? [t.assignee_id] : admins) {
        notices.push(await createNotification(trx, services, { user_id: userId, booking_id: null, kind: 'support', link: supportLink(t.id), ...words }));
      }
    }
    return { notices, tickets: claimed.map((t) => t.id) };
  });
  for (const n of notices) await n.publish();
  return tickets;
}
