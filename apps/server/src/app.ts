import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { adminRoutes } from './admin/admin.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { customerRoutes } from './customers/customers.routes';
import { operatorRideRoutes } from './rides/operator.routes';
import { adminPasswordRoutes } from './auth/admin-password.routes';
import { authRoutes } from './auth/auth.routes';
import { roleRoutes } from './auth/roles.routes';
import { devOutboxRoutes } from './dev/outbox.routes';
import { locationRoutes } from './dispatch/location.routes';
import { driverRoutes } from './drivers/drivers.routes';
import type { AppEnv, Services } from './http/context';
import { openApiRoutes } from './http/openapi';
import { mountWebApp } from './http/static';
import { AppError } from './lib/errors';
import { notificationRoutes } from './notifications/notifications.routes';
import { otpRoutes } from './otp/otp.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { profileRoutes } from './profiles/profiles.routes';
import { pushRoutes } from './push/push.routes';
import { rideRoutes } from './rides/rides.routes';
import { demoEnabled } from './env';
import { createSessionResolver } from './auth/session-cache';

/** Answered the same for everyone: no session is resolved for them. */
const PUBLIC_PATHS = new Set(['/api/health', '/api/config', '/api/openapi.json', '/api/docs']);

/** Builds the HTTP app without listening: the server and the in-process API tests both use this. */
export function createApp(services: Services, opts: { webDist?: string } = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  const limitBody = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(new AppError('BAD_REQUEST', 'Request body too large').toBody(), 413) });
  // GET and HEAD carry no body (fetch's Request refuses one), and asking for it would make the Node adapter
  // build a full web Request (with an AbortSignal) for every poll: decision 0013.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  // Who is calling. The session comes from better-auth's signed cookie cache: no database round trip
  // on hot paths (the 5-second notifications poll), a lookup only when the snapshot has expired. The
  // verified snapshot is remembered per Cookie header until it expires (decision 0013); public routes
  // that never read the user skip the work.
  const sessions = createSessionResolver({
    getSession: (headers) => services.auth.api.getSession({ headers }),
    cookieNames: async () => {
      const { authCookies } = await services.auth.$context;
      return { sessionToken: authCookies.sessionToken.name, sessionData: authCookies.sessionData.name };
    },
  });
  app.use('/api/*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/auth/') || PUBLIC_PATHS.has(path)) {
      c.set('user', null);
      return next();
    }
    c.set('user', await sessions.resolve(c.req.raw.headers));
    return next();
  });

  // Our JSON endpoints accept JSON only: a cross-site form cannot send it without a CORS preflight,
  // which we never grant, so cookie-authenticated writes are safe from CSRF.
  app.use('/api/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !c.req.path.startsWith('/api/auth/')) {
      const type = c.req.header('content-type') ?? '';
      if (!type.startsWith('application/json')) {
        return c.json(new AppError('BAD_REQUEST', 'Content-Type must be application/json').toBody(), 415);
      }
    }
    return next();
  });

  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  // What the web app needs to know about this deployment: map tiles, geocoder, demo mode. Public.
  app.get('/api/config', (c) =>
    c.json({
      map: { tile_url: services.env.TILE_URL || null, attribution: services.env.TILE_ATTRIBUTION },
      geocoder_url: services.env.GEOCODER_URL ?? null,
      demo: demoEnabled(services.env),
    }),
  );
  app.route('/', openApiRoutes({ production: services.env.NODE_ENV === 'production' }));
  app.route('/', authRoutes(services));
  app.route('/', adminPasswordRoutes(services));
  app.route('/', otpRoutes(services));
  app.route('/', profileRoutes(services));
  app.route('/', roleRoutes(services));
  app.route('/', notificationRoutes(services));
  app.route('/', locationRoutes(services));
  app.route('/', driverRoutes(services));
  app.route('/', pushRoutes(services));
  app.route('/', adminRoutes(services));
  app.route('/', analyticsRoutes(services));
  app.route('/', customerRoutes(services));
  app.route('/', operatorRideRoutes(services));
  // Pricing first: its POST /api/rides/quote is more specific than the rides routes.
  app.route('/', pricingRoutes(services));
  app.route('/', rideRoutes(services));
  if (services.env.NODE_ENV !== 'production') app.route('/', devOutboxRoutes(services));

  app.all('/api/*', (c) => c.json(new AppError('NOT_FOUND', 'Not found').toBody(), 404));

  if (opts.webDist) {
    if (!mountWebApp(app, opts.webDist)) services.logger.warn({ webDist: opts.webDist }, 'web app not built: run `npm run build` (npm start does it for you)');
  }

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    if (err instanceof ZodError) {
      return c.json(new AppError('BAD_REQUEST', err.issues[0]?.message ?? 'Invalid input', err.issues).toBody(), 400);
    }
    if (err instanceof SyntaxError) return c.json(new AppError('BAD_REQUEST', 'Malformed JSON').toBody(), 400);
    services.logger.error({ err, path: c.req.path }, 'unhandled error');
    return c.json(new AppError('INTERNAL', 'An unexpected error occurred. Please try again.').toBody(), 500);
  });

  return app;
}
