import { defineRoutes } from '../contract';
import { appConfigSchema, cspReportSchema, healthSchema, openApiDocumentSchema, readinessSchema } from './views';

export const systemRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/health',
    tag: 'system',
    summary: 'Liveness',
    auth: 'public',
    responses: { 200: { description: 'Up', schema: healthSchema } },
  },
  {
    method: 'GET',
    path: '/api/health/ready',
    tag: 'system',
    summary: 'Readiness: the database (and Redis, when configured) answer',
    description: 'For a load balancer: 503 while a part this process needs does not answer within 2 s.',
    auth: 'public',
    responses: { 200: { description: 'Ready', schema: readinessSchema }, 503: { description: 'Not ready', schema: readinessSchema } },
  },
  {
    method: 'GET',
    path: '/api/config',
    tag: 'system',
    summary: "This deployment's map tiles, geocoder, demo mode, calls and card payments",
    description:
      'From `TILE_URL`, `TILE_ATTRIBUTION`, `GEOCODER_URL`, `DEMO`, the telephony provider and the payment provider (`STRIPE_*`, or the test card provider outside production).',
    auth: 'public',
    responses: { 200: { description: 'The configuration', schema: appConfigSchema } },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'system',
    summary: 'This document: OpenAPI 3.1, generated from packages/shared/src/*/api.ts',
    auth: 'public',
    responses: { 200: { description: 'The document', schema: openApiDocumentSchema } },
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'system',
    summary: 'The API reference page, rendered from this document',
    auth: 'public',
    responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
  },
  {
    method: 'GET',
    path: '/api/system/backup',
    tag: 'system',
    summary: "A consistent backup of the running embedded server's data (what `npm run backup` downloads)",
    description:
      "Embedded mode (PGlite) only: a tar of `openride-backup.json`, PGlite's dump of the database taken between transactions, and DATA_DIR's other files. Answers callers on the same machine (loopback) with `Authorization: Bearer <token>`, the token the server writes into `DATA_DIR/.openride.backup-access.json`; 403 from elsewhere, 401 without the token, 409 on PostgreSQL (use pg_dump). Decision 0028.",
    auth: 'backup-token',
    responses: {
      200: { description: 'The backup archive', contentType: 'application/x-tar' },
      401: { description: 'No or wrong token' },
      403: { description: 'Not from this machine' },
      409: { description: 'The server runs on PostgreSQL: back it up with pg_dump' },
    },
  },
  {
    method: 'POST',
    path: '/api/csp-report',
    tag: 'system',
    summary: 'A Content-Security-Policy violation the browser reports (not mounted in production)',
    description:
      'The policy names this endpoint in development only (`report-uri`); the report is logged as a warning and changes nothing. Takes `application/csp-report` (and JSON) without the JSON-only rule: a browser sends it that way.',
    auth: 'public',
    devOnly: true,
    request: { body: cspReportSchema },
    responses: { 204: { description: 'Logged; no body' }, 400: { description: 'Not a CSP report' } },
  },
]);
