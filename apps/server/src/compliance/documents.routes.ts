import { documentRoutes as documentContract } from '@openride/shared/compliance/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { getDocumentTypes, setDocumentTypes } from './document-types';
import { DOCUMENTS_CSV, listDocumentsForReview, reviewDocument } from './review-document';
import { listOwnDocuments, uploadDocument } from './upload-document';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'push'>;

/** Documents (issue 14, decision 0051): each city's requirements, a driver's uploads, the admins' review queue. */
export function documentRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, documentContract);

  on('GET /api/admin/document-types', async ({ query }) => ({ status: 200, body: await getDocumentTypes(db, query.city) }));
  on('PUT /api/admin/document-types', async ({ user, body }) => ({ status: 200, body: await setDocumentTypes(db, user.id, body) }));

  on('GET /api/drivers/me/documents', async ({ user }) => ({ status: 200, body: await listOwnDocuments(services, user.id) }));
  on('POST /api/drivers/me/documents', async ({ user, body }) => ({ status: 201, body: { document: await uploadDocument(services, user.id, body) } }));

  on('GET /api/admin/documents', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'documents',
        DOCUMENTS_CSV,
        pageThrough((cursor) => listDocumentsForReview(db, { ...query, cursor, limit: 500 }, staff.cityIds)),
      );
    return { status: 200, body: await listDocumentsForReview(db, query, staff.cityIds) };
  });
  on('POST /api/admin/documents/:id/review', async ({ user, params, body }) => ({
    status: 200,
    body: { document: await reviewDocument(services, user.id, params.id, body) },
  }));
  return app;
}
