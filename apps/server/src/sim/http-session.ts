import type { SimStats } from './sim-stats';

export type HttpResult = { status: number; body: any };

/** A request that never got an answer (refused, reset, timed out): worth retrying, unlike a 4xx. */
export class NetworkError extends Error {}

/**
 * What a phone's HTTP stack does for the app: keeps the session cookie, sends JSON with the app's Origin
 * (the server's CSRF check wants it), times out. Latencies of the calls named in `timed` go to the stats.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  /** Where the latencies of timed calls go. */
  stats: SimStats | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly opts: { stats?: SimStats; timeoutMs?: number; forwardedFor?: string; origin?: string } = {},
  ) {
    this.stats = opts.stats;
  }

  /** The app's origin: the server's public URL, which may differ from the address we reach it at. */
  get origin() {
    return this.opts.origin ?? this.baseUrl;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, json?: unknown, timed?: string): Promise<HttpResult> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.forwardedFor) headers['x-forwarded-for'] = this.opts.forwardedFor;
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body: json !== undefined ? JSON.stringify(json) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
      text = await res.text();
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new NetworkError(`${method} ${path}: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
    }
    if (timed) this.stats?.latency(timed, performance.now() - started);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body };
  }

  get(path: string, timed?: string) {
    return this.request('GET', path, undefined, timed);
  }
  post(path: string, json: unknown = {}, timed?: string) {
    return this.request('POST', path, json, timed);
  }
  patch(path: string, json: unknown) {
    return this.request('PATCH', path, json);
  }

  /** Sign in through the app's entry (auth-with-rate-limit); the session cookie is kept. */
  async signIn(email: string, password: string): Promise<HttpResult> {
    this.cookies.clear();
    return this.post('/api/functions/auth-with-rate-limit', { action: 'signin', email, password });
  }
}

/** The body's error message, whichever of the two error shapes the endpoint uses. */
export function errorText(res: HttpResult): string {
  const e = res.body?.error;
  if (typeof e === 'string') return e;
  return e?.message ?? (typeof res.body === 'string' ? res.body.slice(0, 200) : `HTTP ${res.status}`);
}
