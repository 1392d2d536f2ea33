import { faqEntryInputSchema, faqMoveSchema } from '@openride/shared/help/schemas';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { createFaqEntry } from './create-faq-entry';
import { deleteFaqEntry } from './delete-faq-entry';
import { listFaq } from './help.repo';
import { moveFaqEntry } from './move-faq-entry';
import { updateFaqEntry } from './update-faq-entry';

/** /help's FAQ (decision 0056): read by anyone (cacheable like the other public answers, decision 0036), edited by admins. */
export function helpRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { db } = services;
  app.use('/api/admin/faq', requireAdmin(services));
  app.use('/api/admin/faq/*', requireAdmin(services));

  app.get('/api/public/faq', async (c) => {
    const faq = await listFaq(db);
    c.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
    return c.json(faq);
  });

  app.post('/api/admin/faq', async (c) => c.json({ entry: await createFaqEntry(db, requireUser(c).id, faqEntryInputSchema.parse(await c.req.json())) }, 201));
  app.put('/api/admin/faq/:id', async (c) => c.json({ entry: await updateFaqEntry(db, requireUser(c).id, c.req.param('id'), faqEntryInputSchema.parse(await c.req.json())) }));
  app.delete('/api/admin/faq/:id', async (c) => c.json({ entry: await deleteFaqEntry(db, requireUser(c).id, c.req.param('id')) }));
  app.post('/api/admin/faq/:id/move', async (c) => c.json(await moveFaqEntry(db, requireUser(c).id, c.req.param('id'), faqMoveSchema.parse(await c.req.json()))));

  return app;
}
