import { type ContactInput, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { withinLimits } from '../lib/rate-limit';
import { inTransaction } from '../lib/transaction';
import { emailVisitor } from './email-visitor';
import { insertTicket } from './support.repo';
import type { Ports } from '../ports';

/**
 * /contact's form (decision 0055): a ticket from anyone, a visitor's with the email they gave (answers go
 * there) and a signed-in user's attached to their account (it shows on their /support-tickets). At most
 * CONTACTS_PER_HOUR per network address (TOO_MANY_CONTACTS); a refused message gives its point back.
 */
export async function submitContact(
  services: Pick<Ports, 'db' | 'limiters' | 'messenger' | 'logger'>,
  input: ContactInput,
  ctx: { ip: string; userId: string | null },
  now = new Date(),
) {
  return withinLimits([[services.limiters.contactPerIp, ctx.ip]], 'TOO_MANY_CONTACTS', async () => {
    const ticket = await inTransaction(services.db, (trx) =>
      insertTicket(
        trx,
        { requester_id: ctx.userId, requester_email: input.email, requester_name: input.name, category: input.category, message: input.message },
        now,
      ),
    );
    const number = ticketNumber(ticket.number);
    await emailVisitor(services, ticket, `We received your message (${number})`, supportText.contact.thanks(number));
    return { number };
  });
}
