import { authWithRateLimitSchema } from '@openride/shared/auth/schemas';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { notFound } from '../lib/errors';
import { authWithRateLimit } from './auth-with-rate-limit';

/** better-auth's own email sign-in/up endpoints: closed, so nobody can go around the rate-limited entry. */
const CLOSED_AUTH_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

export function authRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/api/functions/auth-with-rate-limit', async (c) => {
    const input = authWithRateLimitSchema.parse(await c.req.json());
    const result = await authWithRateLimit(services, input, { ip: clientIp(c, services.env.TRUST_PROXY), headers: c.req.raw.headers });
    for (const cookie of result.headers?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true });
    return c.json(result.body, result.status as 200);
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    if (CLOSED_AUTH_PATHS.has(c.req.path)) throw notFound();
    return services.auth.handler(c.req.raw);
  });

  return app;
}
