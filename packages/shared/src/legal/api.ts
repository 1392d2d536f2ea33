import { defineRoutes } from '../contract';
import { acceptLegalSchema, publishLegalSchema } from './schemas';
import { legalDocumentsResponseSchema, legalStatusSchema, legalVersionsResponseSchema, publishedLegalResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** /legal (issue 15, decision 0057): the Privacy Policy and Terms of Service, versioned, and who agreed to which. */
export const legalRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/public/legal',
    tag: 'legal',
    summary: 'The Terms of Service and Privacy Policy in force',
    description: 'Public. The newest version of each document.',
    auth: 'public',
    responses: { 200: { description: 'Both documents', schema: legalDocumentsResponseSchema } },
  },
  {
    method: 'GET',
    path: '/api/legal/status',
    tag: 'legal',
    summary: "The caller's acceptance: the current versions, the ones they agreed to, and whether they must agree again",
    auth: 'user',
    responses: { 200: { description: 'The status', schema: legalStatusSchema }, 401: { description: 'Not signed in' } },
  },
  {
    method: 'POST',
    path: '/api/legal/accept',
    tag: 'legal',
    summary: 'Agree to the current Terms of Service and Privacy Policy',
    description:
      'Records the acceptance of each version (once per version; repeating it changes nothing). Both versions must be the ones in force (409 otherwise: read them again).',
    auth: 'user',
    request: { body: acceptLegalSchema },
    responses: {
      200: { description: 'The status after accepting', schema: legalStatusSchema },
      400: { description: 'Malformed versions' },
      401: { description: 'Not signed in' },
      409: { description: 'A newer version was published since the page was read' },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/legal',
    tag: 'legal',
    summary: 'Every version of both documents, newest first',
    auth: 'admin',
    permission: 'legal.publish',
    responses: { 200: { description: 'The versions', schema: legalVersionsResponseSchema }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/legal',
    tag: 'legal',
    summary: 'Publish a new version of the Terms of Service or the Privacy Policy',
    description:
      'The next version number, in force at once; every user is asked to agree again when they next open the app. Audited (`legal.publish`) in the same transaction.',
    auth: 'admin',
    permission: 'legal.publish',
    request: { body: publishLegalSchema },
    responses: {
      201: { description: 'The new version', schema: publishedLegalResponseSchema },
      400: { description: 'An empty or too long document (nothing changes)' },
      ...refusals,
    },
  },
]);
