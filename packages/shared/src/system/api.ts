import { defineRoutes } from '../contract';
import { appConfigSchema, healthSchema, openApiDocumentSchema } from './views';

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
    path: '/api/config',
    tag: 'system',
    summary: "This deployment's map tiles, geocoder and demo mode",
    description: 'From `TILE_URL`, `TILE_ATTRIBUTION`, `GEOCODER_URL` and `DEMO`.',
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
]);
