import { API_ROUTES } from '@openride/shared/api';
import { errorBodySchema, type RouteContract } from '@openride/shared/contract';
import { z } from 'zod';
import { checkAgainstDocument } from './openapi-validator';

const compiled = API_ROUTES.map((route) => ({
  route,
  params: (route.path.match(/:/g) ?? []).length,
  regex: new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
}));

/** The contract a request hits, as Hono would pick it: a static segment wins over a parameter (`/api/rides/active` over `/api/rides/:id`). */
export function contractFor(method: string, pathname: string): RouteContract | undefined {
  const hits = compiled.filter((c) => c.route.method === method && c.regex.test(pathname)).sort((a, b) => a.params - b.params);
  return hits[0]?.route;
}

/** better-auth's own handler: the library's contract, not ours (packages/shared/src/auth/api.ts). */
const UNCONTRACTED = /^\/api\/auth\//;

/**
 * Every JSON answer of our API must match its contract (decision 0017): a 2xx its declared schema, an error
 * its declared schema or else the common error body. A mismatch throws with the zod issues, so a test that
 * sees a drifted shape fails where it made the request.
 */
export function checkContract(method: string, url: URL, status: number, body: unknown, contentType: string) {
  const { pathname } = url;
  if (!pathname.startsWith('/api/') || UNCONTRACTED.test(pathname)) return;
  const route = contractFor(method === 'HEAD' ? 'GET' : method, pathname);
  const spec = route?.responses[status];
  let schema: z.ZodType | undefined;
  if (spec) schema = spec.schema ?? (status >= 400 ? errorBodySchema : undefined);
  else if (status >= 400) schema = errorBodySchema;
  else if (route) throw new Error(`${method} ${pathname} answered ${status}, which its contract (${route.method} ${route.path}) does not list`);
  else throw new Error(`${method} ${pathname} answered ${status} but no contract matches it`);
  // The same answer through a standard JSON Schema 2020-12 validator, against the OpenAPI document (decision 0082).
  if (route && method !== 'HEAD') checkAgainstDocument(route, status, contentType, body, body !== null);
  if (!schema) {
    const declared = typeof spec?.contentType === 'string' ? [spec.contentType] : spec?.contentType;
    if (declared && !declared.some((type) => contentType.startsWith(type)))
      throw new Error(`${method} ${pathname} answered ${contentType}, its contract says ${declared.join(' or ')}`);
    if (!declared && body !== null)
      throw new Error(`${method} ${pathname} ${status} has a body, its contract says none: ${JSON.stringify(body).slice(0, 200)}`);
    return;
  }
  if (method === 'HEAD') return;
  if (spec?.csv && contentType.startsWith('text/csv')) return;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${method} ${pathname} ${status} does not match its contract${route ? ` (${route.method} ${route.path})` : ' (error body)'}:\n${z.prettifyError(result.error)}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** A tiny browser-like HTTP client: keeps cookies, sends JSON, sets Origin like a page of the app would. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    // `origin: ''`: no Origin at all, as a script or another server sends.
    if (headers.origin === '') delete headers.origin;
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const url = new URL(path, this.baseUrl);
    const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
    const res = await fetch(url, {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    checkContract(method, url, res.status, body, res.headers.get('content-type') ?? '');
    return { status: res.status, body, headers: res.headers };
  }

  get(path: string) {
    return this.request(path);
  }
  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json });
  }
  patch(path: string, json: unknown) {
    return this.request(path, { method: 'PATCH', json });
  }
  put(path: string, json: unknown) {
    return this.request(path, { method: 'PUT', json });
  }
  delete(path: string) {
    // No body and no content type: every DELETE's contract takes no body (decision 0082).
    return this.request(path, { method: 'DELETE' });
  }
}
