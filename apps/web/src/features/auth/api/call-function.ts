import type { ApiPath, ApiRouteKey } from '@/lib/call';

/** The contract's `/api/functions/*` endpoints, by name. */
type FunctionName = ApiRouteKey extends infer K ? (K extends `POST /api/functions/${infer N}` ? N : never) : never;

/**
 * The `/api/functions/*` endpoints answer with their own body shape (e.g. `{ data, error, rateLimited }`),
 * also on 4xx, so the body is returned whatever the status; only an unreadable answer throws.
 */
export async function callFunction<T extends object>(name: FunctionName, body: unknown): Promise<{ status: number; body: Partial<T> }> {
  // A plain fetch, not `call`: these endpoints' 4xx bodies are answers to read, not errors to throw.
  const response = await fetch(`/api/functions/${name}` satisfies ApiPath<`POST /api/functions/${FunctionName}`>, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') {
    throw new Error(response.statusText || `Request failed (${response.status})`);
  }
  return { status: response.status, body: parsed as Partial<T> };
}

/** An error field may be a plain string or the wire shape `{ code, message }`. */
export function errorText(error: unknown): { message?: string; code?: string } {
  if (typeof error === 'string') return { message: error };
  if (error && typeof error === 'object') {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return { message: typeof message === 'string' ? message : undefined, code: typeof code === 'string' ? code : undefined };
  }
  return {};
}
