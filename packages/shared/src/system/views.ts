import { z } from 'zod';

/** The deployment's own answers (decision 0017): apps/server/src/app.ts. */
export const healthSchema = z.strictObject({ status: z.literal('ok') });

/** What the web app needs to know about this deployment: map tiles, geocoder, demo mode. */
export const appConfigSchema = z.strictObject({
  map: z.strictObject({ tile_url: z.string().nullable(), attribution: z.string() }),
  geocoder_url: z.string().nullable(),
  demo: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** An OpenAPI 3.1 document: checked for its shape here, in full by the test that builds it. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });
