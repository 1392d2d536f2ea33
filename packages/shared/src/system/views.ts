import { z } from 'zod';
import { text } from '../text';

/** The deployment's own answers (decision 0017): apps/server/src/app.ts. */
export const healthSchema = z.strictObject({ status: z.literal('ok') });

/** `GET /api/health/ready`: whether the parts a request needs answer (Redis only in scaled mode). */
export const readinessSchema = z.strictObject({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'not_configured']),
});

/** What the web app needs to know about this deployment: map tiles, geocoder, demo mode. */
export const appConfigSchema = z.strictObject({
  map: z.strictObject({ tile_url: z.string().nullable(), attribution: z.string() }),
  geocoder_url: z.string().nullable(),
  demo: z.boolean(),
  /** Whether riders and drivers can call each other through a masked number (a telephony provider is set). */
  calls: z.boolean(),
  /** The deployment's country (ISO 3166-1 alpha-2, DEFAULT_COUNTRY, decision 0094): phone fields start on its numbers. */
  default_country: z.string(),
  /** How riders may pay by card (decision 0038): Stripe, the offline test card provider (never in production), or none. */
  payments: z.strictObject({
    provider: z.enum(['stripe', 'test']).nullable(),
    /** Stripe's publishable key, for Stripe Elements in the browser. */
    publishable_key: z.string().nullable(),
    /** No real card is charged: the screens say so. */
    test_mode: z.boolean(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** An OpenAPI 3.1 document: checked for its shape here, in full by the test that builds it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * A Content-Security-Policy violation as a browser reports it: `report-uri` sends `{ "csp-report": {…} }`
 * (application/csp-report), the Reporting API a list of `{ type, body }`. Bounded; the fields are the
 * browser's and only logged.
 */
export const cspReportSchema = z.union([
  z.object({ 'csp-report': z.looseObject({ 'document-uri': text().min(1).max(4096), 'violated-directive': text().min(1).max(200) }) }),
  z
    .array(
      z.looseObject({
        type: z.literal('csp-violation'),
        body: z.looseObject({ documentURL: text().min(1).max(4096), effectiveDirective: text().min(1).max(200) }),
      }),
    )
    .min(1)
    .max(100),
]);
