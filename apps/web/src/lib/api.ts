import { uiText } from '@openride/shared/ui-text';
import { reportAnswer, reportNetworkFailure } from './network-status';

/** What a person reads when a request got no answer at all (offline, server unreachable). */
export const NETWORK_ERROR_TEXT = uiText.network.failed;
export const NETWORK_ERROR_CODE = 'NETWORK';

/** Thrown for any non-2xx response (status 0 and code NETWORK: no answer at all); `code` and `message` come from the wire shape `{ error: { code, message } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type ApiOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The browser cache mode: 'no-cache' asks the server even for a cacheable public answer (and refreshes the cached copy). */
  cache?: RequestCache;
  /** Extra request headers (the device id of decision 0064). */
  headers?: Record<string, string>;
};

function errorFromBody(body: unknown): { code?: string; message?: string } {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return {
        code: typeof code === 'string' ? code : undefined,
        message: typeof message === 'string' ? message : undefined,
      };
    }
  }
  return {};
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Same-origin JSON request: the session cookie authenticates, so no token handling here. */
export async function api<T>(path: string, { method = 'GET', body, signal, cache, headers }: ApiOptions = {}): Promise<T> {
  // The server takes writes as JSON only (its CSRF rule answers 415 to anything else), so a write without a
  // body sends an empty object: a DELETE or an action's POST cannot be refused for having nothing to say.
  const payload = body === undefined && method !== 'GET' ? {} : body;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...headers, ...(payload === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal,
      ...(cache ? { cache } : {}),
    });
  } catch (error) {
    // An abort is ours (a query cancelled); anything else means no answer at all. The browser's text for
    // that ("Failed to fetch", "Load failed") never reaches a screen: ours does (issue 17 §3).
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR_TEXT, NETWORK_ERROR_CODE);
  }
  reportAnswer(response.status);
  const data = await readBody(response);
  if (!response.ok) {
    const { code, message } = errorFromBody(data);
    throw new ApiError(response.status, message || response.statusText || `Request failed (${response.status})`, code, data);
  }
  return data as T;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** No answer at all: offline, or the server could not be reached. */
export const isNetworkError = (error: unknown): error is ApiError => error instanceof ApiError && error.code === NETWORK_ERROR_CODE;

/** The server refused with a domain code (a 4xx with `code`): its words are the code's (errorText). */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status >= 400 && error.status < 500 && Boolean(error.code);
