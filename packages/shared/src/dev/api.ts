import { defineRoutes } from '../contract';
import { outboxSchema } from './views';

export const devRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/dev/outbox',
    tag: 'dev',
    summary: 'Emails and texts the server would have sent (not mounted in production)',
    description:
      'Every reset link and one-time code lands here, so it answers only a request from the machine itself (the socket peer and, with TRUST_PROXY, the client the proxies name are loopback; without TRUST_PROXY a request carrying proxy headers is not local) or a signed-in administrator.',
    auth: 'public',
    devOnly: true,
    responses: {
      200: { description: 'Newest first, 200 at most', schema: outboxSchema },
      403: { description: 'Neither from this machine nor an administrator' },
    },
  },
]);
