import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { roleRoutes } from './auth/roles.routes';
import { devOutboxRoutes } from './dev/outbox.routes';
import { driverRoutes } from './drivers/drivers.routes';
import type { AppEnv, Services } from './http/context';
import { mountWebApp } from './http/static';
import { AppError } from './lib/errors';
import { notificationRoutes } from './notifications/notifications.routes';
import { otpRoutes } from './otp/otp.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { profileRoutes } from './profiles/profiles.routes';
import { pushRoutes } from './push/push.routes';
import { rideRoutes } from './rides/rides.routes';
import { demoEnabled } from './env';

/** Builds the HTTP app without listening: the server and the in-process API tests both use this. */
export function createApp(services: Services, opts: { webDist?: string } = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  app.use('/api/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(new AppError('BAD_REQUEST', 'Request body too large').toBody(), 413) }));

  // Who is calling. The session comes from better-auth's signed cookie cache: no database round trip
  // on hot paths (the 5-second notifications poll), a lookup only when the snapshot has expired.
  app.use('/api/*', async (c, next) => {
    if (c.req.path.startsWith('/api/auth/')) {
      c.set('user', null);
      return next();
    }
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null);
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
  app.route('/', authRoutes(services));
  app.route('/', otpRoutes(services));
  app.route('/', profileRoutes(services));
  app.route('/', roleRoutes(services));
  app.route('/', notificationRoutes(services));
  app.route('/', driverRoutes(services));
  app.route('/', pushRoutes(services));
  app.route('/', adminRoutes(services));
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
