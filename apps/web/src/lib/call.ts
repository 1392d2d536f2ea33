import type { ApiRoute } from '@openride/shared/api';
import type { RouteContract, RouteKey } from '@openride/shared/contract';
import type { z } from 'zod';
import { api } from './api';

/**
 * The web's one way to call the API (issue 28 §1, decision 0083): a route is named as its contract entry is
 * (`call('GET /api/admin/cities')`), its params, query and body are typed by the entry's schemas, and so is
 * the answer. Types only: no contract object reaches the bundle.
 */

/** Every route the API has, by name. */
export type ApiRouteKey = RouteKey<ApiRoute>;
/** The path of a route, as its contract writes it: for the few requests that cannot go through `call` (`satisfies ApiPath<'POST /api/files'>`). */
export type ApiPath<K extends ApiRouteKey> = K extends `${string} ${infer P}` ? P : never;
type Named<K extends string> = ApiRoute extends infer R ? (R extends RouteContract ? (RouteKey<R> extends K ? R : never) : never) : never;

type Part<R, P extends 'params' | 'query' | 'body'> = R extends { request: infer Req }
  ? Req extends Record<P, infer S extends z.ZodType>
    ? z.input<S>
    : never
  : never;
type Field<R, P extends 'params' | 'query' | 'body', Optional extends boolean> = [Part<R, P>] extends [never]
  ? object
  : Optional extends true
    ? { [K in P]?: Part<R, P> }
    : { [K in P]: Part<R, P> };

/** What a call sends: `params` and `body` when the route takes them, `query` (always optional) when it reads one. */
export type CallInput<K extends ApiRouteKey> = Field<Named<K>, 'params', false> & Field<Named<K>, 'query', true> & Field<Named<K>, 'body', false>;

type SuccessOf<R> = R extends { responses: infer Rs } ? Rs[Extract<keyof Rs, 200 | 201 | 202>] : never;
/** What a call answers: the body of the route's 2xx, as its schema reads it. */
export type CallResult<K extends ApiRouteKey> = SuccessOf<Named<K>> extends { schema: infer S extends z.ZodType } ? z.output<S> : null;

type Needs<K extends ApiRouteKey> = object extends CallInput<K> ? [input?: CallInput<K>, options?: CallOptions] : [input: CallInput<K>, options?: CallOptions];
/** `cache`: the browser cache mode (`'no-cache'` asks the server even for a cacheable public answer); `headers`: extra request headers. */
export type CallOptions = { signal?: AbortSignal; headers?: Record<string, string>; cache?: RequestCache };

/** `/api/admin/cities/:id` with `{ id: 'sf' }` → `/api/admin/cities/sf`; the query's defined values after `?`. */
export function pathOf(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}) {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * The address of a GET route, named and typed as `call` names a route and filled as `call` fills it, but not
 * fetched here: for the browser itself to open (an `<img src>`, a download link, a file in a new tab), or for
 * the admin kit's `DataTable` to page through (its `endpoint`).
 */
export function hrefOf<K extends ApiRouteKey & `GET ${string}`>(key: K, ...[input]: Needs<K>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return pathOf(key.slice(key.indexOf(' ') + 1), params, query);
}

export function call<K extends ApiRouteKey>(key: K, ...[input, options]: Needs<K>): Promise<CallResult<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as RouteContract['method'];
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  return api<CallResult<K>>(pathOf(key.slice(space + 1), params, query), {
    method,
    body,
    signal: options?.signal,
    headers: options?.headers,
    cache: options?.cache,
  });
}
