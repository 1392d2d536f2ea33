import { helpRoutes as helpContract } from '@openride/shared/help/api';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { createFaqEntry } from './create-faq-entry';
import { deleteFaqEntry } from './delete-faq-entry';
import { listFaq } from './help.repo';
import { moveFaqEntry } from './move-faq-entry';
import { updateFaqEntry } from './update-faq-entry';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** /help's FAQ (decision 0056): read by anyone (cacheable like the other public answers, decision 0036), edited by admins. */
export function helpRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const { db } = services;
  const on = mounter(app, services, helpContract);

  on('GET /api/public/faq', async ({ c }) => {
    const faq = await listFaq(db);
    c.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
    return { status: 200, body: faq };
  });

  on('POST /api/admin/faq', async ({ user, body }) => ({ status: 201, body: { entry: await createFaqEntry(db, user.id, body) } }));
  on('PUT /api/admin/faq/:id', async ({ user, params, body }) => ({ status: 200, body: { entry: await updateFaqEntry(db, user.id, params.id, body) } }));
  on('DELETE /api/admin/faq/:id', async ({ user, params }) => ({ status: 200, body: { entry: await deleteFaqEntry(db, user.id, params.id) } }));
  on('POST /api/admin/faq/:id/move', async ({ user, params, body }) => ({ status: 200, body: await moveFaqEntry(db, user.id, params.id, body) }));

  return app;
}
