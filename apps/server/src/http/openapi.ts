import { API_ROUTES } from '@openride/shared/api';
import { errorBodySchema, type ResponseSpec, type RouteAuth, type RouteContract } from '@openride/shared/contract';
import { REALTIME_EVENTS } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './context';
import { mounter } from './mount';
import { systemRoutes } from '@openride/shared/system/api';
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

/** The dialect of every schema in the document (`z.toJSONSchema`'s target). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** One line per tag (a contract's `tag`: its domain). A tag without one fails `npm run lint:openapi` (tag-description). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: "Health, readiness, the deployment's settings for the web app, this document and the backup download.",
  auth: "Password sign-in and sign-up with rate limits, the first admin's password reset, roles.",
  otp: 'Sign-in codes sent by SMS and their check.',
  profiles: 'Who is signed in (`/api/me`) and their profile.',
  account: "The signed-in user's own settings: name, phone, email, password, saved places, emergency contacts, notification preferences.",
  drivers: "Applying to drive, the driver's own record and city, going online and offline.",
  rides: "Quotes, booking, the ride's life (accept, arrive, start, complete, cancel), messages, calls and ratings.",
  notifications: 'The bell: in-app notifications and their unread count.',
  push: 'Web push subscriptions.',
  admin: "The operators' console: users, drivers and their review, the audit log, dashboards and analytics.",
  pricing: 'Per-city fare policies, versioned, and the fare simulator.',
  cancellation: 'Per-city cancellation policies, versioned.',
  dev: 'Development only: the outbox of messages that would have been sent.',
  zones: 'Cities and their service zones.',
  surge: 'Surge pricing: the rule, per-zone multipliers, freezes and overrides.',
  public: 'Pages without a session: served cities, their prices and a fare estimate.',
  payments: "Payment history, receipts, saved cards and the payment provider's webhook.",
  refunds: "Riders' refund requests and the operators' decisions.",
  finance: 'Per-city financial settings, the finance dashboard and the ledger.',
  payouts: "Drivers' earnings and weekly statements; payout runs.",
  schedule: "Drivers' working hours and time off; schedule coverage.",
  dashboard: "The driver's own dashboard: today, stats, goal and demand nearby.",
  files: 'Uploads (JPEG, PNG, WebP, PDF) and their download by who may read them.',
  vehicles: "Drivers' vehicles, their photos and their review.",
  compliance: "Drivers' documents and vehicle insurance, and their review.",
  legal: 'Terms and privacy policy: published versions and acceptance.',
  privacy: "A user's data export and account deletion.",
  'support-procedures': "The support team's procedures by category, versioned.",
  help: 'Frequently asked questions: public reading, admin editing.',
  support: 'Support tickets, their messages and ratings, and the contact form.',
  referrals: "Referral codes and claims; the programs and flagged referrals' review.",
  safety: 'SOS alerts during a ride and their handling; ride checks.',
  promotions: 'Promo codes: rules, status, backtests and redemptions.',
  corporate: 'Companies, their members, invitations and policies; business rides and monthly invoices.',
  staff: 'Staff members, their roles and cities, and invitations to the staff (owners only).',
};

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

/**
 * What the shared middleware answers before a route's handler runs, declared on every operation it applies to
 * when the contract does not state it itself: 401 to a visitor on a signed-in route, 403 to anyone but an admin
 * on an admin route (Redocly's rules in redocly.yaml hold the document to it).
 */
const REFUSED_BEFORE_THE_HANDLER: Partial<Record<RouteAuth, Record<number, string>>> = {
  user: { 401: 'UNAUTHORIZED: not signed in, or the session has ended' },
  driver: { 401: 'UNAUTHORIZED: not signed in, or the session has ended' },
  admin: {
    401: 'UNAUTHORIZED: not signed in, or the session has ended',
    403: "FORBIDDEN: not staff; STAFF_PERMISSION_REQUIRED: the staff member's role lacks `x-permission`",
  },
};

/** A route's declared media types: several when the body is one of them (a stored file). */
const mediaTypesOf = (contentType: string | readonly string[] | undefined) =>
  typeof contentType === 'string' ? [contentType] : (contentType ?? ['application/json']);

function operationOf(route: RouteContract) {
  const responses: Record<string, unknown> = {};
  const stated = Object.entries(REFUSED_BEFORE_THE_HANDLER[route.auth] ?? {}).map(([status, description]): [string, ResponseSpec] => [status, { description }]);
  for (const [status, spec] of [...Object.entries(route.responses), ...stated]) {
    if (status in responses) continue;
    const schema = spec.schema ?? (Number(status) >= 400 ? errorBodySchema : undefined);
    const types = mediaTypesOf(spec.contentType);
    responses[status] = {
      description: spec.description,
      ...(schema
        ? {
            content: {
              ...Object.fromEntries(types.map((type) => [type, { schema: jsonSchemaOf(schema, 'output') }])),
              ...(spec.csv ? { 'text/csv': {} } : {}),
            },
          }
        : spec.contentType
          ? { content: Object.fromEntries(types.map((type) => [type, {}])) }
          : {}),
    };
  }
  responses.default = {
    description: 'Any other error: the common error body',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  const parameters = parametersOf(route);
  const body = route.request?.body;
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    'x-auth': route.auth,
    ...(route.permission ? { 'x-permission': route.permission } : {}),
    // The record whose city a staff member of some cities must hold (decision 0091), else 404.
    ...(route.cityOf ? { 'x-city-of': route.cityOf.record } : {}),
    security: route.auth === 'public' ? [] : [{ [route.auth === 'backup-token' ? BACKUP_SCHEME : SESSION_SCHEME]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: { [route.request?.bodyContentType ?? 'application/json']: { schema: jsonSchemaOf(body, 'input') } } } }
      : {}),
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
    // The schemas are JSON Schema 2020-12 (`prefixItems` tuples: a [lat, lng] pair): named, so that a validator
    // does not read them as draft-04/07, where `items: false` refuses every tuple (decision 0082).
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'OpenRide API',
      version: opts.version ?? '0.1.0',
      description: [
        'Everything is JSON under `/api`. Writes with a body must send `Content-Type: application/json` (415 otherwise: the CSRF defence), except the upload `POST /api/files` (multipart/form-data, with its own origin check).',
        'A write whose operation has no `requestBody` may send no body and no content type, from a page of this deployment (its `Origin`) or a client that is not a browser (no `Origin`).',
        "The session is better-auth's cookie, set by `POST /api/functions/auth-with-rate-limit`; `x-auth` says who may call a route",
        "(`user`: signed in, 401 otherwise; `driver`: a signed-in user acting on their own driver record; `admin`: staff whose role holds the operation's `x-permission`, 403 to anyone else).",
        'Errors use one body, `{ "error": { "code", "message", "details"? } }`, except the `/api/functions/*` endpoints, which answer the shapes the spec\'s client reads on every status.',
        "better-auth's own `/api/auth/*` (sign-out, session, password reset) is the library's and not listed here; its email sign-in and sign-up are closed (404).",
        'Socket events (`GET /ws`): `x-realtime-events`.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(documentedRoutes(opts).map((r) => r.tag))].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths,
    /** Socket frames have no place in OpenAPI: the data of each event, by name (`{ type: 'event', channel, event, data }`). */
    'x-realtime-events': Object.fromEntries(Object.entries(REALTIME_EVENTS).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output')])),
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'Set by POST /api/functions/auth-with-rate-limit' },
        [BACKUP_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token a running embedded server writes into DATA_DIR/.openride.backup-access.json (decision 0028)',
        },
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
  const on = mounter(app, null, systemRoutes);
  on('GET /api/openapi.json', () => ({ status: 200, body: doc() }));
  on('GET /api/docs', ({ c }) => c.html((html ??= renderApiReferenceHtml(documentedRoutes(opts), doc()))));
  return app;
}
