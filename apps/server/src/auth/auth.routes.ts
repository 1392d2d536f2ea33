import { authRoutes as authContract } from '@openride/shared/auth/api';
import { betterAuthPassThrough } from '@openride/shared/auth/schemas';
import { hasControlCharacter } from '@openride/shared/text';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { badRequest, notFound, unauthorized } from '../lib/errors';
import { authWithRateLimit } from './auth-with-rate-limit';
import { twoFactorRoutes } from './two-factor.routes';
import type { Auth } from './auth';
import type { Ports } from '../ports';

type PassThrough = { query?: z.ZodType; body?: z.ZodType };

/** `GET /api/auth/reset-password/<token>` → its entry; a token with a slash or a control character names none. */
function passThroughOf(method: string, path: string): PassThrough | undefined {
  const exact = (betterAuthPassThrough as Record<string, PassThrough>)[`${method} ${path}`];
  if (exact) return exact;
  const token = method === 'GET' && path.startsWith('/api/auth/reset-password/') ? path.slice('/api/auth/reset-password/'.length) : null;
  if (token && !token.includes('/') && token.length <= 200 && !hasControlCharacter(token)) return betterAuthPassThrough['GET /api/auth/reset-password/:token'];
  return undefined;
}

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'limiters' | 'logger' | 'otpKey'> & { auth: Auth };

export function authRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, authContract);
  // Staff two-factor sign-in (decision 0090): the second step of a staff member's sign-in.
  app.route('/', twoFactorRoutes(services));

  on('POST /api/functions/auth-with-rate-limit', async ({ c, body }) => {
    const result = await authWithRateLimit(services, body, { ip: clientIp(c, services.env.TRUST_PROXY), headers: c.req.raw.headers });
    for (const cookie of result.headers?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true });
    if (result.status === 200) return { status: 200, body: result.body };
    // `{ data, error }` on a refusal too, with its status (400, 401, 409, 422, 429): written as a Response.
    return c.json(result.body, result.status as ContentfulStatusCode);
  });

  /**
   * better-auth's own handler, only for the endpoints the app calls (sign-out, the session, the password
   * reset), each parsed with its schema first: every other path (its email sign-in/up, which would go around
   * the rate-limited entry; update-user, which stored `true` as a name) answers 404 (issue 11, finding 5).
   */
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const entry = passThroughOf(c.req.method, c.req.path);
    if (!entry) throw notFound();
    if (entry.query) entry.query.parse(c.req.query());
    if (c.req.method === 'GET') return passThrough(services, c.req.raw);
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/json')) throw badRequest('Content-Type must be application/json');
    const sent = await c.req.text();
    // better-auth takes a blank body as `{}` on some endpoints and logs a parse error on others: send it `{}`.
    const body = sent.trim() === '' ? '{}' : sent;
    entry.body?.parse(JSON.parse(body));
    return passThrough(services, new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body }));
  });

  return app;
}

/**
 * A tampered `session_data` cookie makes better-auth's session read throw (a 500 of its own): whoever sends
 * one is treated as signed out, as every other route does (app.ts): the session probe answers `null` (what
 * it answers a visitor), anything else 401.
 */
async function passThrough(services: Pick<Ports, 'logger'> & { auth: Auth }, request: Request): Promise<Response> {
  const res = await services.auth.handler(request);
  if (res.status < 500) return res;
  const path = new URL(request.url).pathname;
  services.logger.warn({ path, status: res.status }, 'better-auth failed on a request: answered as signed out');
  if (path === '/api/auth/get-session') return Response.json(null, { status: 200 });
  return Response.json(unauthorized().toBody(), { status: 401 });
}
