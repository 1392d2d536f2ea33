import { type ContactInput, defaultPriority, slaDueAt, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import type { Services } from '../http/context';
import { withinLimits } from '../lib/rate-limit';
import { inTransaction } from '../lib/transaction';
import { emailVisitor } from './email-visitor';
import { subjectOf } from './support.repo';

/**
 * /contact's form (decision 0055): a ticket from anyone, a visitor's with the email they gave (answers go
 * there) and a signed-in user's attached to their account (it shows on their /support-tickets). At most
 * CONTACTS_PER_HOUR per network address (TOO_MANY_CONTACTS); a refused message gives its point back.
 */
export async function submitContact(services: Pick<Services, 'db' | 'limiters' | 'messenger' | 'logger'>, input: ContactInput, ctx: { ip: string; userId: string | null }, now = new Date()) {
  return withinLimits([[services.limiters.contactPerIp, ctx.ip]], 'TOO_MANY_CONTACTS', async () => {
    const priority = defaultPriority(input.category);
    const ticket = await inTransaction(services.db, async (trx) => {
      const row = await trx
        .insertInto('support_tickets')
        .values({
          requester_id: ctx.userId,
          requester_email: input.email,
          requester_name: input.name,
          participant_id: null,
          ride_id: null,
          category: input.category,
          priority,
          subject: subjectOf(input.message),
          assignee_id: null,
          waiting_since: now,
          sla_due_at: slaDueAt(now, priority),
          csat_rating: null,
          rated_at: null,
          resolved_at: null,
          closed_at: null,
          last_user_reply_at: now,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('support_messages').values({ ticket_id: row.id, author_id: ctx.userId, author_role: 'requester', body: input.message, created_at: now }).execute();
      return row;
    });
    const number = ticketNumber(ticket.number);
    await emailVisitor(services, ticket, `We received your message (${number})`, supportText.contact.thanks(number));
    return { number };
  });
}
