import { z } from 'zod';
import { defineRoutes } from '../contract';
import { faqEntryInputSchema, faqMoveSchema } from './schemas';
import { faqEntryResponseSchema, faqResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const idParams = z.object({ id: z.string() });

/** The public FAQ of /help and its admin edits (decision 0056). */
export const helpRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/public/faq',
    tag: 'help',
    summary: 'The FAQ: every topic with its questions and answers, in order',
    description: 'Public, no sign-in. Cacheable for 60 s (as the other public answers, decision 0036).',
    auth: 'public',
    responses: { 200: { description: 'The FAQ', schema: faqResponseSchema } },
  },
  {
    method: 'POST',
    path: '/api/admin/faq',
    tag: 'help',
    summary: 'Add a question and answer at the end of a topic',
    description: 'Audited (`faq.create`) in the same transaction.',
    auth: 'admin',
    permission: 'faq.edit',
    request: { body: faqEntryInputSchema },
    responses: {
      201: { description: 'The entry', schema: faqEntryResponseSchema },
      400: { description: 'An empty or too long question or answer, an unknown topic (nothing changes)' },
      ...refusals,
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/faq/:id',
    tag: 'help',
    summary: "Change an entry's question, answer or topic",
    description: 'An entry moved to another topic goes to its end. Audited (`faq.update`, the fields changed) in the same transaction.',
    auth: 'admin',
    permission: 'faq.edit',
    request: { params: idParams, body: faqEntryInputSchema },
    responses: {
      200: { description: 'The entry as saved', schema: faqEntryResponseSchema },
      400: { description: 'Bad input (nothing changes)' },
      404: { description: 'No such entry' },
      ...refusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/faq/:id',
    tag: 'help',
    summary: 'Delete an entry',
    description: 'Audited (`faq.delete`, the entry as it was) in the same transaction.',
    auth: 'admin',
    permission: 'faq.edit',
    request: { params: idParams },
    responses: { 200: { description: 'The entry as it was', schema: faqEntryResponseSchema }, 404: { description: 'No such entry' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/faq/:id/move',
    tag: 'help',
    summary: 'Move an entry one place up or down within its topic',
    description: 'Swaps it with its neighbour; at the top (or bottom) nothing changes. Audited (`faq.reorder`) in the same transaction.',
    auth: 'admin',
    permission: 'faq.edit',
    request: { params: idParams, body: faqMoveSchema },
    responses: {
      200: { description: 'The whole FAQ in its new order', schema: faqResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such entry' },
      ...refusals,
    },
  },
]);
