import { accountRoutes } from './account/account.routes';
import { randomUUID } from 'node:crypto';
import { API_ROUTES } from '@openride/shared/api';
import { type Context, Hono } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '@openride/shared/text';
import { adminRoutes } from './admin/admin.routes';
import { backupRoutes } from './backup/backup.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { cancellationRoutes } from './cancellation/cancellation.routes';
import { customerRoutes } from './customers/customers.routes';
import { operatorRideRoutes } from './rides/operator.routes';
import { adminPasswordRoutes } from './auth/admin-password.routes';
import { authRoutes } from './auth/auth.routes';
import { roleRoutes } from './auth/roles.routes';
import { devOutboxRoutes } from './dev/outbox.routes';
import { locationRoutes } from './dispatch/location.routes';
import { driverRoutes } from './drivers/drivers.routes';
import { financeRoutes } from './finance/finance.routes';
import { fileRoutes, UPLOAD_PATH } from './files/files.routes';
import type { AppEnv } from './http/context';
import type { Services } from './services';
import { openApiRoutes } from './http/openapi';
import { mounter } from './http/mount';
import { systemRoutes } from '@openride/shared/system/api';
import { observabilityRoutes } from './http/observability.routes';
import { contentSecurityPolicy, CSP_REPORT_PATH, inlineScriptHashes, trustedOriginsOf } from './http/csp';
import { fromOwnPages } from './http/same-origin';
import { cspReportRoutes } from './http/csp-report.routes';
import { mountWebApp } from './http/static';
import { ACCEPTED_REQUEST_ID, requestContext } from './lib/request-context';
import { AppError } from './lib/errors';
import { isDataException, isRetryableDbError } from './db/retryable';
import { lostRace } from './lib/transaction';
import { notificationRoutes } from './notifications/notifications.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { otpRoutes } from './otp/otp.routes';
import { paymentHistoryRoutes } from './payment-history/payment-history.routes';
import { vehicleRoutes } from './vehicles/vehicles.routes';
import { payoutRoutes } from './payouts/payouts.routes';
import { scheduleRoutes } from './schedule/schedule.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { insuranceRoutes } from './compliance/insurance.routes';
import { documentRoutes } from './compliance/documents.routes';
import { farePolicyRoutes } from './pricing/fare-policies.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { publicRoutes } from './public/public.routes';
import { createPrerenderer } from './public/prerender-pages';
import { legalRoutes } from './legal/legal.routes';
import { procedureRoutes } from './procedures/procedures.routes';
import { helpRoutes } from './help/help.routes';
import { profileRoutes } from './profiles/profiles.routes';
import { pushRoutes } from './notifications/push.routes';
import { refundRoutes } from './refunds/refunds.routes';
import { promotionRoutes } from './promotions/promotions.routes';
import { corporateInvoiceRoutes } from './corporate-invoices/corporate-invoices.routes';
import { corporateRoutes } from './corporate/corporate.routes';
import { staffRoutes } from './staff/staff.routes';
import { consoleSearchRoutes } from './console-search/console-search.routes';
import { supportRoutes } from './support/support.routes';
import { referralRoutes } from './referrals/referrals.routes';
import { safetyRoutes } from './safety/safety.routes';
import { rideRoutes } from './rides/rides.routes';
import { rideCheckRoutes } from './safety/ride-check.routes';
import { surgeRoutes } from './surge/surge.routes';
import { zoneRoutes } from './zones/zones.routes';
import { paymentRoutes } from './payments/payments.routes';
import { demoEnabled } from './env';
import { createSessionResolver } from './auth/session-cache';
import { videoRoutes } from './video/video.routes';

/** `METHOD path` of the writes whose contract takes no body: they accept an empty body with no content type. */
const BODYLESS_WRITES = new Set(API_ROUTES.filter((r) => r.method !== 'GET' && !r.request?.body).map((r) => `${r.method} ${r.path}`));

/** Answered without a session: no session is resolved for them (the backup route has its own token). */
const PUBLIC_PATHS = new Set([
  '/api/health',
  '/api/health/ready',
  '/api/config',
  '/api/openapi.json',
  '/api/docs',
  '/api/system/backup',
  CSP_REPORT_PATH,
  '/api/payments/stripe/webhook',
]);

/** Builds the HTTP app without listening: the server and the in-process API tests both use this. */
export function createApp(services: Services, opts: { webDist?: string } = {}) {
  const app = new Hono<AppEnv>();

  // prom-client hashes a label set on every inc/observe; the children for a method, route and status are
  // looked up once and kept (routes are patterns, so the set is small: bounded anyway).
  const httpChildren = new Map<string, { observe(seconds: number): void }>();
  const httpMetricsOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = httpChildren.get(key);
    if (!child) {
      const count = services.metrics.httpRequests.labels(method, route, String(status));
      const duration = services.metrics.httpDuration.labels(method, route);
      child = {
        observe(seconds) {
          count.inc();
          duration.observe(seconds);
        },
      };
      if (httpChildren.size >= 2_000) httpChildren.clear();
      httpChildren.set(key, child);
    }
    return child;
  };

  // Every request: an id (the caller's X-Request-Id when plausible, else ours), returned as a header and
  // carried by every log line the request causes; one log line when it is answered; the HTTP metrics.
  app.use('*', async (c, next) => {
    const given = c.req.header('x-request-id');
    const reqId = given && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await requestContext.run({ reqId }, next);
    // On the response's own headers: c.header() after next() copies the whole response every call (Hono
    // re-creates a finalized response), which was most of this middleware's cost (a CPU profile, issue 11).
    c.res.headers.set('x-request-id', reqId);
    // After next(): the pattern of the handler that answered (not the catch-all that also matches).
    // Never the raw path: a label per address a scanner invents would grow /metrics without bound.
    const route = routePath(c) || '(unmatched)';
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    httpMetricsOf(c.req.method, route, status).observe(seconds);
    services.logger.info({ reqId, method: c.req.method, route, path: c.req.path, status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
  });

  app.use('*', secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  // One strict policy for every response, built once (decision 0025); only the WebSocket's host varies.
  const csp = contentSecurityPolicy({
    tileUrl: services.env.TILE_URL,
    geocoderUrl: services.env.GEOCODER_URL,
    development: services.env.NODE_ENV === 'development',
    scriptHashes: inlineScriptHashes(opts.webDist),
    stripe: services.payments?.kind === 'stripe',
  });
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('content-security-policy', csp(c.req.header('host')));
  });
  const limitBody = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(new AppError('BAD_REQUEST', 'Request body too large').toBody(), 413) });
  // GET and HEAD carry no body (fetch's Request refuses one), and asking for it would make the Node adapter
  // build a full web Request (with an AbortSignal) for every poll: decision 0013.
  // The upload streams up to UPLOAD_MAX_BYTES under its own limit (files/upload-file.ts).
  const isUpload = (c: { req: { method: string; path: string } }) => c.req.method === 'POST' && c.req.path === UPLOAD_PATH;
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c) ? next() : limitBody(c, next)));

  // No path segment or query value of this API holds a control character (a NUL would reach PostgreSQL's
  // text and make it raise): refused before any route reads them (issue 11, finding 5).
  app.use('/api/*', async (c, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.raw.url.slice(c.req.raw.url.indexOf('/', 8)));
    } catch {
      return c.json(new AppError('BAD_REQUEST', 'Malformed URL').toBody(), 400);
    }
    if (hasControlCharacter(decoded)) return c.json(new AppError('BAD_REQUEST', CONTROL_CHARACTER_MESSAGE).toBody(), 400);
    return next();
  });

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
    if (path.startsWith('/api/auth/') || path.startsWith('/api/public/') || PUBLIC_PATHS.has(path)) {
      c.set('user', null);
      return next();
    }
    c.set('user', await sessions.resolve(c.req.raw.headers));
    return next();
  });

  // A write whose contract takes no body (a DELETE, a ticket's `resolve`) may come with no body and no content
  // type, as third-party clients send it (decision 0082). A browser sends such a POST cross-site without asking
  // first (`sendBeacon`), so it is answered only from this site's pages, by the upload's origin rule.
  const trustedOrigins = trustedOriginsOf(services.env, services.publicUrl);
  const isBodylessWrite = (c: Context<AppEnv>) => {
    const length = c.req.header('content-length');
    if ((length !== undefined && length !== '0') || c.req.header('transfer-encoding')) return false;
    const handler = matchedRoutes(c).find((r) => r.method === c.req.method);
    return handler !== undefined && BODYLESS_WRITES.has(`${handler.method} ${handler.path}`) && fromOwnPages((name) => c.req.header(name), trustedOrigins);
  };

  // Our JSON endpoints accept JSON only: a cross-site form cannot send it without a CORS preflight,
  // which we never grant, so cookie-authenticated writes are safe from CSRF.
  app.use('/api/*', async (c, next) => {
    // The browser posts CSP reports as application/csp-report: they change nothing but a log line.
    // The upload is multipart/form-data: it checks the Origin itself (files.routes.ts), as the WebSocket does.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !c.req.path.startsWith('/api/auth/') && c.req.path !== CSP_REPORT_PATH && !isUpload(c)) {
      const type = c.req.header('content-type') ?? '';
      if (!type.startsWith('application/json') && !(type === '' && isBodylessWrite(c))) {
        return c.json(new AppError('BAD_REQUEST', 'Content-Type must be application/json').toBody(), 415);
      }
    }
    return next();
  });

  const system = mounter(app, services, systemRoutes);
  system('GET /api/health', () => ({ status: 200, body: { status: 'ok' as const } }));
  app.route('/', observabilityRoutes(services));
  app.route('/', backupRoutes(services));
  // What the web app needs to know about this deployment: map tiles, geocoder, demo mode. Public.
  system('GET /api/config', () => ({
    status: 200,
    body: {
      map: { tile_url: services.env.TILE_URL || null, attribution: services.env.TILE_ATTRIBUTION },
      geocoder_url: services.env.GEOCODER_URL ?? null,
      demo: demoEnabled(services.env),
      calls: services.telephony !== null,
      default_country: services.env.DEFAULT_COUNTRY,
      payments: {
        provider: services.payments?.kind ?? null,
        publishable_key: services.payments?.publishableKey ?? null,
        test_mode: services.payments?.testMode ?? false,
      },
    },
  }));
  app.route('/', openApiRoutes({ production: services.env.NODE_ENV === 'production' }));
  app.route('/', authRoutes(services));
  app.route('/', adminPasswordRoutes(services));
  app.route('/', otpRoutes(services));
  app.route('/', profileRoutes(services));
  app.route('/', accountRoutes(services));
  app.route('/', roleRoutes(services));
  app.route('/', notificationRoutes(services));
  app.route('/', privacyRoutes(services));
  app.route('/', locationRoutes(services));
  app.route('/', driverRoutes(services));
  app.route('/', payoutRoutes(services));
  app.route('/', scheduleRoutes(services));
  app.route('/', dashboardRoutes(services));
  app.route('/', vehicleRoutes(services));
  app.route('/', complianceRoutes(services));
  app.route('/', insuranceRoutes(services));
  app.route('/', documentRoutes(services));
  app.route('/', pushRoutes(services));
  app.route('/', adminRoutes(services));
  app.route('/', staffRoutes(services));
  app.route('/', consoleSearchRoutes(services));
  app.route('/', analyticsRoutes(services));
  app.route('/', videoRoutes(services));
  app.route('/', customerRoutes(services));
  app.route('/', cancellationRoutes(services));
  app.route('/', procedureRoutes(services));
  app.route('/', helpRoutes(services));
  app.route('/', operatorRideRoutes(services));
  app.route('/', zoneRoutes(services));
  app.route('/', surgeRoutes(services));
  // Pricing first: its POST /api/rides/quote is more specific than the rides routes.
  app.route('/', pricingRoutes(services));
  app.route('/', publicRoutes(services));
  app.route('/', legalRoutes(services));
  app.route('/', farePolicyRoutes(services));
  app.route('/', paymentHistoryRoutes(services));
  app.route('/', refundRoutes(services));
  app.route('/', supportRoutes(services));
  app.route('/', referralRoutes(services));
  app.route('/', safetyRoutes(services));
  app.route('/', promotionRoutes(services));
  app.route('/', corporateInvoiceRoutes(services));
  app.route('/', corporateRoutes(services));
  app.route('/', financeRoutes(services));
  app.route('/', paymentRoutes(services));
  app.route('/', fileRoutes(services));
  app.route('/', rideCheckRoutes(services));
  app.route('/', rideRoutes(services));
  if (services.env.NODE_ENV !== 'production') {
    app.route('/', devOutboxRoutes(services));
    app.route('/', cspReportRoutes(services));
  }

  app.all('/api/*', (c) => c.json(new AppError('NOT_FOUND', 'Not found').toBody(), 404));

  if (opts.webDist) {
    const prerender = createPrerenderer(services);
    const onPrerenderError = (err: unknown, path: string) => services.logger.warn({ err, path }, 'pre-render failed: the plain app shell was served');
    if (!mountWebApp(app, opts.webDist, { prerender, onPrerenderError }))
      services.logger.warn({ webDist: opts.webDist }, 'web app not built: run `npm run build` (npm start does it for you)');
  }

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    if (err instanceof ZodError) {
      return c.json(new AppError('BAD_REQUEST', err.issues[0]?.message ?? 'Invalid input', err.issues).toBody(), 400);
    }
    if (err instanceof SyntaxError) return c.json(new AppError('BAD_REQUEST', 'Malformed JSON').toBody(), 400);
    // PostgreSQL's data exceptions (class 22: a NUL in text, a malformed uuid, a date out of range, a number
    // too large) come from input the edge should have refused; defence in depth, they stay a 400 with words
    // and are logged so the schema that let them through can be tightened (issue 11, finding 5).
    if (isDataException(err)) {
      services.logger.warn({ err, path: c.req.path }, 'input refused by the database (a schema should have refused it)');
      return c.json(new AppError('BAD_REQUEST', 'Invalid input').toBody(), 400);
    }
    // A deadlock or serialization failure outside inTransaction (which retries them): a race lost, not a
    // fault of the request. 409 with words, logged so that the lock order can be fixed (decision 0021).
    if (isRetryableDbError(err)) {
      services.logger.warn({ err, path: c.req.path }, 'transaction lost a race (deadlock or serialization failure)');
      return c.json(lostRace().toBody(), 409);
    }
    services.logger.error({ err, path: c.req.path }, 'unhandled error');
    return c.json(new AppError('INTERNAL', 'An unexpected error occurred. Please try again.').toBody(), 500);
  });

  return app;
}
