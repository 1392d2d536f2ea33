import { defineRoutes } from '../contract';
import { outboxSchema } from './views';

export const devRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/dev/outbox',
    tag: 'dev',
    summary: 'Emails and texts the server would have sent (not mounted in production)',
    auth: 'public',
    devOnly: true,
    responses: { 200: { description: 'Newest first, 200 at most', schema: outboxSchema } },
  },
]);
