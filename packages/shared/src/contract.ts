import { z } from 'zod';
import type { CityRecord } from './admin/city-scope';
import type { Permission } from './admin/permissions';
import { ERROR_CODES } from './errors';

/**
 * The wire contract of one HTTP route, as data (decision 0017): the server's OpenAPI document, the API
 * reference page, docs/api.md and the API tests' response checks are all generated from these entries, and
 * the web and the simulator read their response types from the same schemas. A route mounted without an
 * entry fails apps/server/test/openapi.test.ts.
 */
/** `backup-token`: a caller on the server's own machine showing the token the server wrote into DATA_DIR (decision 0028). */
export type RouteAuth = 'public' | 'user' | 'driver' | 'admin' | 'backup-token';

export type ResponseSpec = {
  /** One line: when this status is answered. */
  description: string;
  /** The body. Absent: the common error body (`errorBodySchema`) for a 4xx/5xx; for a 2xx, a body of `contentType` (an HTML page, say), or none at all (204). */
  schema?: z.ZodType;
  /** Defaults to application/json. Several: the body is one of them (a stored file is JPEG, PNG, WebP or PDF). */
  contentType?: string | readonly [string, ...string[]];
  /** Also answers `text/csv` (the listing kit's `format=csv`). */
  csv?: true;
};

export type RouteContract = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Hono syntax, exactly as mounted: `/api/rides/:id`. */
  path: string;
  /** Groups routes in the reference: the domain's name. */
  tag: string;
  summary: string;
  /** The rules a reader needs beyond the schemas: who may, what happens after, what it refuses. */
  description?: string;
  auth: RouteAuth;
  /**
   * An `admin` route's permission (issue 29 §2, decision 0089): `mount` refuses a staff member whose role
   * lacks it (403 STAFF_PERMISSION_REQUIRED); every admin route names one, other routes none.
   */
  permission?: Permission;
  /**
   * An admin route that acts on one record by id names the record's kind (and the path parameter holding its
   * id, `id` by default): `mount` answers 404 to a staff member whose cities do not include the record's
   * (issue 29 §3, decision 0091). A city named in the request itself (`city`, `city_id`, `city_ids` in the
   * path, query or body) is checked the same way without it.
   */
  cityOf?: { record: CityRecord; param?: string };
  /** Absent: mounted outside production only. */
  devOnly?: true;
  /** `bodyContentType` defaults to application/json (the only type other writes accept: the CSRF defence). */
  request?: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType; bodyContentType?: 'multipart/form-data' };
  /**
   * Every status the route answers on purpose. A status not listed whose code is 4xx/5xx carries the common
   * error body (`errorBodySchema`); a 2xx not listed is a contract breach.
   */
  responses: Record<number, ResponseSpec>;
};

/** Declares a domain's routes; a function only so each entry is checked against `RouteContract` where it is written. */
export const defineRoutes = <const T extends readonly RouteContract[]>(routes: T): T => routes;

/** `METHOD /path`: how a route is named where it is mounted or called (`'POST /api/rides'`). */
export type RouteKey<R> = R extends RouteContract ? `${R['method']} ${R['path']}` : never;
/** The entry of `routes` named `key`, with its literal types. */
export type RouteAt<T extends readonly RouteContract[], K extends string> = T[number] extends infer R
  ? R extends RouteContract
    ? RouteKey<R> extends K
      ? R
      : never
    : never
  : never;

/** The entry of a domain's routes named `'METHOD /path'` (a name that is not there does not compile). */
export function routeOf<const T extends readonly RouteContract[], K extends RouteKey<T[number]>>(routes: T, key: K): RouteAt<T, K> {
  const found = routes.find((route) => `${route.method} ${route.path}` === key);
  if (!found) throw new Error(`No route ${key} in this contract`);
  return found as RouteAt<T, K>;
}

/** The one error body of every route (except the `/api/functions/*` endpoints, which the spec's client reads as `{ success, error }` / `{ data, error }`). */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

/** A `{}` body, as the driver's step verbs take (nothing else is allowed in it). */
export const emptyBodySchema = z.strictObject({});

/** Timestamps as the server writes them: `Date#toJSON` (UTC, `Z`). */
export const timestampSchema = z.iso.datetime();

/** A uuid in the path. Anything else answers 404, as an id nobody holds does. */
export const idParamsSchema = z.object({ id: z.string() });
