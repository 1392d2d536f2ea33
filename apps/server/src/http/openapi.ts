import { API_ROUTES } from '@openride/shared/api';
import { errorBodySchema, type RouteContract } from '@openride/shared/contract';
import { REALTIME_EVENTS } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './context';
import { openApiPath, renderApiReferenceHtml } from './openapi-html';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). Requests are described as a client sends them
 * (`io: 'input'`: defaults optional, coerced query numbers as numbers); responses as the server writes them.
 * Transforms have no JSON Schema: they are described by their input or output type (`unrepresentable: 'any'`).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}


/** The routes this deployment mounts: the dev outbox is not mounted in production, so it is not documented there. */
export function documentedRoutes(opts: { production: boolean }): readonly RouteContract[] {
  return API_ROUTES.filter((route) => !(route.devOnly && opts.production));
}

const SESSION_SCHEME = 'session';
const BACKUP_SCHEME = 'backupToken';

function parametersOf(route: RouteContract) {
  const parameters: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.request?.params],
    ['query', route.request?.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  return parameters;
}

function operationOf(route: RouteContract) {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    const schema = spec.schema ?? (Number(status) >= 400 ? errorBodySchema : undefined);
    responses[status] = {
      description: spec.description,
      ...(schema
        ? { content: { [spec.contentType ?? 'application/json']: { schema: jsonSchemaOf(schema, 'output') }, ...(spec.csv ? { 'text/csv': {} } : {}) } }
        : spec.contentType
          ? { content: { [spec.contentType]: {} } }
          : {}),
    };
  }
  responses.default = { description: 'Any other error: the common error body', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  const parameters = parametersOf(route);
  const body = route.request?.body;
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    'x-auth': route.auth,
    security: route.auth === 'public' ? [] : [{ [route.auth === 'backup-token' ? BACKUP_SCHEME : SESSION_SCHEME]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { [route.request?.bodyContentType ?? 'application/json']: { schema: jsonSchemaOf(body, 'input') } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route this deployment mounts, generated from the contracts in packages/shared. */
export function buildOpenApiDocument(opts: { production: boolean; version?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of documentedRoutes(opts)) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'OpenRide API',
      version: opts.version ?? '0.1.0',
      description: [
        'Everything is JSON under `/api`. Writes must send `Content-Type: application/json` (415 otherwise: the CSRF defence), except the upload `POST /api/files` (multipart/form-data, with its own origin check).',
        'The session is better-auth\'s cookie, set by `POST /api/functions/auth-with-rate-limit`; `x-auth` says who may call a route',
        '(`user`: signed in, 401 otherwise; `driver`: a signed-in user acting on their own driver record; `admin`: 403 to anyone else).',
        'Errors use one body, `{ "error": { "code", "message", "details"? } }`, except the `/api/functions/*` endpoints, which answer the shapes the spec\'s client reads on every status.',
        'better-auth\'s own `/api/auth/*` (sign-out, session, password reset) is the library\'s and not listed here; its email sign-in and sign-up are closed (404).',
        'Socket events (`GET /ws`): `x-realtime-events`.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(documentedRoutes(opts).map((r) => r.tag))].map((name) => ({ name })),
    paths,
    /** Socket frames have no place in OpenAPI: the data of each event, by name (`{ type: 'event', channel, event, data }`). */
    'x-realtime-events': Object.fromEntries(Object.entries(REALTIME_EVENTS).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output')])),
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'Set by POST /api/functions/auth-with-rate-limit' },
        [BACKUP_SCHEME]: { type: 'http', scheme: 'bearer', description: 'The token a running embedded server writes into DATA_DIR/.openride.backup-access.json (decision 0028)' },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** `GET /api/openapi.json` and `GET /api/docs`: public, built once per app (the contracts do not change at run time). */
export function openApiRoutes(opts: { production: boolean }) {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;
  let html: string | undefined;
  const doc = () => (document ??= buildOpenApiDocument(opts));
  app.get('/api/openapi.json', (c) => c.json(doc()));
  app.get('/api/docs', (c) => c.html((html ??= renderApiReferenceHtml(documentedRoutes(opts), doc()))));
  return app;
}
