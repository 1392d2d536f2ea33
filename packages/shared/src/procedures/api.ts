import { defineRoutes } from '../contract';
import { procedureCategoryParamsSchema, procedureInputSchema } from './schemas';
import { procedureResponseSchema, proceduresResponseSchema, procedureVersionsResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** /support-procedures (decision 0056): versioned step-by-step procedures and canned replies per support category. */
export const procedureRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/support-procedures',
    tag: 'support-procedures',
    summary: "Every category's current procedure",
    description: "One per support category, in the categories' order (bounded: seven), so one answer, not a page.",
    auth: 'admin',
    permission: 'support.handle',
    responses: { 200: { description: 'The current procedures', schema: proceduresResponseSchema }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/support-procedures/:category',
    tag: 'support-procedures',
    summary: "A category's current procedure (the newest version)",
    description: "What the ticket view's panel shows beside a ticket of that category.",
    auth: 'admin',
    permission: 'support.handle',
    request: { params: procedureCategoryParamsSchema },
    responses: {
      200: { description: 'The current version', schema: procedureResponseSchema },
      400: { description: 'Not a support category' },
      404: { description: 'No procedure for it' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/support-procedures/:category/versions',
    tag: 'support-procedures',
    summary: "Every version of a category's procedure, newest first",
    description: 'Versions are never changed or deleted: the history of what admins were told to do.',
    auth: 'admin',
    permission: 'support.handle',
    request: { params: procedureCategoryParamsSchema },
    responses: { 200: { description: 'The versions', schema: procedureVersionsResponseSchema }, 400: { description: 'Not a support category' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/support-procedures/:category/versions',
    tag: 'support-procedures',
    summary: 'Save an edit as a new version (it becomes the current one)',
    description:
      'The title, the ordered steps and the canned replies, all at once. `base_version` is the version edited: a newer one saved meanwhile answers 409 and nothing is written. Audited (`support_procedure.create`) in the same transaction.',
    auth: 'admin',
    permission: 'procedure.edit',
    request: { params: procedureCategoryParamsSchema, body: procedureInputSchema },
    responses: {
      201: { description: 'The new version', schema: procedureResponseSchema },
      400: { description: 'Not a support category, or an empty or too long step, title or reply (nothing changes)' },
      409: { description: 'Someone saved a newer version since `base_version` (nothing changes)' },
      ...refusals,
    },
  },
]);
