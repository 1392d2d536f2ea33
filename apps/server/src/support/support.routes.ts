import { supportRoutes as supportContract } from '@openride/shared/support/api';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
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
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env' | 'limiters' | 'logger' | 'messenger' | 'push'>;

/** Support tickets (issue 15, decision 0055): /support-tickets for riders, drivers and admins, and /contact. */
export function supportRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, supportContract);

  on('POST /api/support/tickets', async ({ user, body }) => ({ status: 201, body: { ticket: await openTicket(services, user.id, body) } }));
  on('GET /api/support/tickets', async ({ user }) => ({ status: 200, body: { tickets: await listMyTickets(services.db, user.id) } }));
  on('GET /api/support/tickets/:id', async ({ user, params }) => ({ status: 200, body: await getMyTicket(services.db, user.id, params.id) }));
  on('POST /api/support/tickets/:id/messages', async ({ user, params, body }) => ({
    status: 200,
    body: await replyToTicket(services, user.id, params.id, body),
  }));
  on('POST /api/support/tickets/:id/rating', async ({ user, params, body }) => ({
    status: 200,
    body: await rateTicket(services, user.id, params.id, body.rating),
  }));

  on('POST /api/support/contact', async ({ c, user, body }) => {
    const answer = await submitContact(services, body, { ip: clientIp(c, services.env.TRUST_PROXY), userId: user?.id ?? null });
    c.header('cache-control', 'no-store');
    return { status: 201, body: answer };
  });

  on('GET /api/admin/support-tickets', async ({ user, query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'support-tickets',
        SUPPORT_TICKETS_CSV,
        pageThrough((cursor) => listSupportTickets(services.db, user.id, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listSupportTickets(services.db, user.id, query, staff.cityIds) };
  });
  on('GET /api/admin/support-tickets/:id', async ({ user, params }) => ({ status: 200, body: await getTicketForAdmin(services.db, user.id, params.id) }));
  on('POST /api/admin/support-tickets/:id/messages', async ({ user, params, body }) => ({
    status: 200,
    body: await answerTicket(services, user.id, params.id, body),
  }));
  on('POST /api/admin/support-tickets/:id/assign', async ({ user, params, body }) => ({
    status: 200,
    body: await assignTicket(services, user.id, params.id, body.assignee_id),
  }));
  on('POST /api/admin/support-tickets/:id/priority', async ({ user, params, body }) => ({
    status: 200,
    body: await setTicketPriority(services, user.id, params.id, body.priority),
  }));
  on('POST /api/admin/support-tickets/:id/resolve', async ({ user, params }) => ({ status: 200, body: await resolveTicket(services, user.id, params.id) }));
  on('POST /api/admin/support-tickets/:id/reopen', async ({ user, params }) => ({ status: 200, body: await reopenTicket(services, user.id, params.id) }));

  return app;
}
