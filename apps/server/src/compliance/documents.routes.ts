import { adminDocumentsQuerySchema, documentReviewSchema, documentTypesInputSchema, documentTypesQuerySchema, documentUploadSchema } from '@openride/shared/compliance/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { getDocumentTypes, setDocumentTypes } from './document-types';
import { DOCUMENTS_CSV, listDocumentsForReview, reviewDocument } from './review-document';
import { listOwnDocuments, uploadDocument } from './upload-document';

/** Documents (issue 14, decision 0051): each city's requirements, a driver's uploads, the admins' review queue. */
export function documentRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  for (const path of ['/api/admin/document-types', '/api/admin/documents', '/api/admin/documents/*']) app.use(path, requireAdmin(services));

  app.get('/api/admin/document-types', async (c) => c.json(await getDocumentTypes(db, documentTypesQuerySchema.parse(c.req.query()).city)));
  app.put('/api/admin/document-types', async (c) => c.json(await setDocumentTypes(db, requireUser(c).id, documentTypesInputSchema.parse(await c.req.json()))));

  app.get('/api/drivers/me/documents', async (c) => c.json(await listOwnDocuments(services, requireUser(c).id)));
  app.post('/api/drivers/me/documents', async (c) => {
    const user = requireUser(c);
    const input = documentUploadSchema.parse(await c.req.json());
    return c.json({ document: await uploadDocument(services, user.id, input) }, 201);
  });

  app.get('/api/admin/documents', async (c) => {
    const query = adminDocumentsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('documents', DOCUMENTS_CSV, pageThrough((cursor) => listDocumentsForReview(db, { ...query, cursor, limit: 500 })));
    return c.json(await listDocumentsForReview(db, query));
  });
  app.post('/api/admin/documents/:id/review', async (c) => {
    const admin = requireUser(c);
    const input = documentReviewSchema.parse(await c.req.json());
    return c.json({ document: await reviewDocument(services, admin.id, c.req.param('id'), input) });
  });
  return app;
}
