import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { BENCH_SECRET } from './app';

export type SeededUser = { id: string; email: string; name: string; token: string; createdAt: Date; expiresAt: Date };

/**
 * Many accounts at once, written straight to the database before the server starts (signing up 10,000
 * people through the API would spend the run hashing passwords): users, profiles, optional extra roles and
 * one live session each. They sign in with the session token, exactly as a browser holding the cookie does.
 */
export async function seedUsers(db: Kysely<DB>, count: number, opts: { prefix: string; role?: 'driver' | 'admin'; chunk?: number }): Promise<SeededUser[]> {
  const users: SeededUser[] = [];
  const chunk = opts.chunk ?? 1000;
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  for (let start = 0; start < count; start += chunk) {
    const batch: SeededUser[] = [];
    for (let i = start; i < Math.min(count, start + chunk); i++) {
      batch.push({
        id: `${opts.prefix}-${i}`,
        email: `${opts.prefix}-${i}@bench.openride.test`,
        name: `${opts.prefix} ${i}`,
        token: randomBytes(24).toString('base64url'),
        createdAt: now,
        expiresAt,
      });
    }
    await db
      .insertInto('user')
      .values(batch.map((u) => ({ id: u.id, name: u.name, email: u.email, emailVerified: false, createdAt: now, updatedAt: now })))
      .execute();
    await db
      .insertInto('profiles')
      .values(batch.map((u) => ({ id: u.id, full_name: u.name })))
      .execute();
    if (opts.role)
      await db
        .insertInto('user_roles')
        .values(batch.map((u) => ({ user_id: u.id, role: opts.role! })))
        .execute();
    await db
      .insertInto('session')
      .values(batch.map((u) => ({ id: `s-${u.id}`, token: u.token, userId: u.id, expiresAt, createdAt: now, updatedAt: now })))
      .execute();
    users.push(...batch);
  }
  return users;
}

/** The signed session cookie better-auth (better-call) sets: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
export function sessionTokenCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * The signed session snapshot (better-auth's "compact" cookie cache, `better-auth.session_data`) that the
 * server hands a browser on its first request and then trusts without a database read for 5 minutes:
 * base64url of `{ session, expiresAt, signature }`, the signature an HMAC-SHA256 (base64url, no padding)
 * of the snapshot and its expiry under the server's secret. The bench writes it itself, with the secret it
 * started the server with, because asking the server for 18,000 of them spends minutes on a database that
 * the measurement then never reads; browserCookies() checks a sample against the server.
 */
export function sessionDataCookie(u: SeededUser, maxAgeSeconds = 300): string {
  const iso = (d: Date) => d.toISOString();
  const sessionData = {
    session: {
      id: `s-${u.id}`,
      token: u.token,
      userId: u.id,
      expiresAt: iso(u.expiresAt),
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.createdAt),
      ipAddress: null,
      userAgent: null,
    },
    user: { id: u.id, name: u.name, email: u.email, emailVerified: false, image: null, createdAt: iso(u.createdAt), updatedAt: iso(u.createdAt) },
    updatedAt: Date.now(),
    version: '1',
  };
  const expiresAt = Date.now() + maxAgeSeconds * 1000;
  const signature = createHmac('sha256', BENCH_SECRET)
    .update(JSON.stringify({ ...sessionData, expiresAt }))
    .digest('base64url');
  return `better-auth.session_data=${Buffer.from(JSON.stringify({ session: sessionData, expiresAt, signature })).toString('base64url')}`;
}

/**
 * What a signed-in browser sends: the session cookie plus the signed session snapshot (cookie cache), so
 * that requests need no database read. Written locally (sessionDataCookie); a sample is checked against the
 * server, which must serve it from the snapshot (it answers a snapshot it refuses with a new one).
 */
export async function browserCookies(baseUrl: string, users: SeededUser[], _concurrency = 16): Promise<string[]> {
  const cookies = users.map((u) => `${sessionTokenCookie(u.token)}; ${sessionDataCookie(u)}`);
  for (const i of new Set([0, Math.floor(users.length / 2), users.length - 1])) {
    if (i < 0 || i >= users.length) continue;
    const res = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: cookies[i]! } });
    const body = res.ok ? ((await res.json()) as { user?: { id: string } } | null) : null;
    if (body?.user?.id !== users[i]!.id) throw new Error(`the session cookies of ${users[i]!.email} were not accepted (${res.status})`);
    // The server answers from a snapshot it accepts without setting cookies; a refused one is replaced.
    if (res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data='))) {
      throw new Error(`the server did not take the session snapshot of ${users[i]!.email}`);
    }
  }
  return cookies;
}
