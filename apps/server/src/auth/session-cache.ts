import { withSessionId } from '../http/context';
import type { SessionUser } from '../ports';

/** What better-auth's getSession answers, as much of it as we read. */
type SessionResult = {
  session: { id: string; token: string; expiresAt: Date | string };
  user: { id: string; email: string; name: string };
} | null;

export type SessionResolverOptions = {
  /** better-auth's `auth.api.getSession`: verifies the signed cookies (and reads the database when it must). */
  getSession: (headers: Headers) => Promise<SessionResult>;
  /** Cookie names better-auth uses (they carry a `__Secure-` prefix behind HTTPS). */
  cookieNames: () => Promise<{ sessionToken: string; sessionData: string }>;
  /** Most distinct cookie headers remembered (least recently used go first). */
  maxEntries?: number;
  /** Longest a remembered answer is reused; never past the signed snapshot's own expiry. */
  maxAgeMs?: number;
  now?: () => number;
};

type Entry = { user: SessionUser; validUntil: number };

/**
 * Who is calling, for every /api/* request, without redoing better-auth's cookie-cache verification
 * (HMAC + JSON) on every poll. Decision 0013.
 *
 * - No session cookie: nobody, without asking better-auth (it would answer null without one).
 * - Otherwise better-auth decides. When it answered from the signed snapshot (the `session_data` cookie),
 *   the answer is remembered under the exact Cookie header it came from, until the earliest of: the
 *   snapshot's signed expiry, the session's expiry, `maxAgeMs`. Within that time better-auth itself would
 *   answer the same for the same bytes (it trusts the snapshot without a database read), so sign-out and
 *   revocation keep exactly the window decision 0001 documents, never a longer one.
 * - Any other bytes (a tampered snapshot, a forged token) are a different key: a miss, verified afresh.
 * - Refusals and database-backed answers are not remembered.
 */
export function createSessionResolver(opts: SessionResolverOptions) {
  const maxEntries = opts.maxEntries ?? 10_000;
  const maxAgeMs = opts.maxAgeMs ?? 30_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let names: { sessionToken: string; sessionData: string } | null = null;

  async function resolve(headers: Headers): Promise<SessionUser | null> {
    const cookie = headers.get('cookie');
    names ??= await opts.cookieNames();
    if (!cookie || !cookie.includes(`${names.sessionToken}=`)) return null;

    const hit = entries.get(cookie);
    if (hit) {
      entries.delete(cookie);
      if (hit.validUntil > now()) {
        entries.set(cookie, hit); // most recently used goes last
        return hit.user;
      }
    }

    // A tampered or truncated snapshot cookie makes better-auth throw while decoding it: whoever sends one
    // is signed out (401 on signed-in routes), not a server error (issue 11, finding 5).
    const result = await opts.getSession(headers).catch(() => null);
    if (!result) return null;
    const user = withSessionId({ id: result.user.id, email: result.user.email, name: result.user.name }, result.session.id);
    const until = snapshotValidUntil(cookie, names.sessionData, result);
    if (until !== null) {
      const validUntil = Math.min(until, now() + maxAgeMs);
      if (validUntil > now()) {
        entries.set(cookie, { user, validUntil });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
    }
    return user;
  }

  return { resolve, size: () => entries.size, clear: () => entries.clear() };
}

/**
 * The end of the snapshot better-auth just accepted, if the answer came from it: the snapshot names the same
 * session and user, and is still within its signed expiry. Null otherwise (answer from the database).
 */
function snapshotValidUntil(cookie: string, dataName: string, result: NonNullable<SessionResult>): number | null {
  const raw = readCookie(cookie, dataName);
  if (!raw) return null;
  let payload: { expiresAt?: unknown; session?: { session?: { token?: unknown; expiresAt?: unknown }; user?: { id?: unknown } } };
  try {
    payload = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const snap = payload?.session;
  if (typeof payload?.expiresAt !== 'number' || snap?.session?.token !== result.session.token || snap?.user?.id !== result.user.id) return null;
  const sessionEnd = new Date(result.session.expiresAt).getTime();
  if (!Number.isFinite(sessionEnd)) return null;
  return Math.min(payload.expiresAt, sessionEnd);
}

/** One cookie's value from a Cookie header; null when absent or present more than once (ambiguous). */
function readCookie(header: string, name: string): string | null {
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  if (found === null) return null;
  try {
    return decodeURIComponent(found);
  } catch {
    return null;
  }
}
