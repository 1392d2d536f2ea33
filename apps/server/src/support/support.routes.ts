import {
  adminTicketMessageSchema,
  assignTicketSchema,
  contactSchema,
  openTicketSchema,
  supportTicketsQuerySchema,
  ticketPrioritySchema,
  ticketRatingSchema,
  ticketReplySchema,
} from '@openride/shared/support/schemas';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { answerTicket } from './answer-ticket';
import { assignTicket } from './assign-ticket';
import { getTicketForAdmin } from './get-ticket-for-admin';
import { listSupportTickets, SUPPORT_TICKETS_CSV } from './list-support-tickets';
import { openTicket } from './open-ticket';
import { rateTicket } from './rate-ticket';
import { reopenTicket } from './reopen-ticket';
import { replyToTicket } from './reply-to-ticket';
import { resolveTicket } from './resolve-ticket';
import { setTicketPriority } from './set-ticket-priority';
import { submitContact } from './submit-contact';
import { getMyTicket, listMyTickets } from './user-tickets';

const EXPORT_PAGE = 500;

/** Support tickets (issue 15, decision 0055): /support-tickets for riders, drivers and admins, and /contact. */
export function supportRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/support-tickets', requireAdmin(services));
  app.use('/api/admin/support-tickets/*', requireAdmin(services));

  app.post('/api/support/tickets', async (c) => {
    const user = requireUser(c);
    const input = openTicketSchema.parse(await c.req.json());
    return c.json({ ticket: await openTicket(services, user.id, input) }, 201);
  });
  app.get('/api/support/tickets', async (c) => c.json({ tickets: await listMyTickets(services.db, requireUser(c).id) }));
  app.get('/api/support/tickets/:id', async (c) => c.json(await getMyTicket(services.db, requireUser(c).id, c.req.param('id'))));
  app.post('/api/support/tickets/:id/messages', async (c) => {
    const user = requireUser(c);
    const input = ticketReplySchema.parse(await c.req.json());
    return c.json(await replyToTicket(services, user.id, c.req.param('id'), input));
  });
  app.post('/api/support/tickets/:id/rating', async (c) => {
    const user = requireUser(c);
    const { rating } = ticketRatingSchema.parse(await c.req.json());
    return c.json(await rateTicket(services, user.id, c.req.param('id'), rating));
  });

  app.post('/api/support/contact', async (c) => {
    const input = contactSchema.parse(await c.req.json());
    const answer = await submitContact(services, input, { ip: clientIp(c, services.env.TRUST_PROXY), userId: c.get('user')?.id ?? null });
    c.header('cache-control', 'no-store');
    return c.json(answer, 201);
  });

  app.get('/api/admin/support-tickets', async (c) => {
    const adminId = requireUser(c).id;
    const query = supportTicketsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('support-tickets', SUPPORT_TICKETS_CSV, pageThrough((cursor) => listSupportTickets(services.db, adminId, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listSupportTickets(services.db, adminId, query));
  });
  app.get('/api/admin/support-tickets/:id', async (c) => c.json(await getTicketForAdmin(services.db, requireUser(c).id, c.req.param('id'))));
  app.post('/api/admin/support-tickets/:id/messages', async (c) => {
    const input = adminTicketMessageSchema.parse(await c.req.json());
    return c.json(await answerTicket(services, requireUser(c).id, c.req.param('id'), input));
  });
  app.post('/api/admin/support-tickets/:id/assign', async (c) => {
    const { assignee_id } = assignTicketSchema.parse(await c.req.json());
    return c.json(await assignTicket(services, requireUser(c).id, c.req.param('id'), assignee_id));
  });
  app.post('/api/admin/support-tickets/:id/priority', async (c) => {
    const { priority } = ticketPrioritySchema.parse(await c.req.json());
    return c.json(await setTicketPriority(services, requireUser(c).id, c.req.param('id'), priority));
  });
  app.post('/api/admin/support-tickets/:id/resolve', async (c) => c.json(await resolveTicket(services, requireUser(c).id, c.req.param('id'))));
  app.post('/api/admin/support-tickets/:id/reopen', async (c) => c.json(await reopenTicket(services, requireUser(c).id, c.req.param('id'))));

  return app;
}
