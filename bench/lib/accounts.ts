import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { BENCH_SECRET } from './app';

export type SeededUser = { id: string; email: string; token: string };

/**
 * Many accounts at once, written straight to the database before the server starts (signing up 10,000
 * people through the API would spend the run hashing passwords): users, profiles, optional extra roles and
 * one live session each. They sign in with the session token, exactly as a browser holding the cookie does.
 */
export async function seedUsers(db: Kysely<DB>, count: number, opts: { prefix: string; role?: 'driver' | 'admin'; chunk?: number }): Promise<SeededUser[]> {
  const users: SeededUser[] = [];
  const chunk = opts.chunk ?? 1000;
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  for (let start = 0; start < count; start += chunk) {
    const batch: SeededUser[] = [];
    for (let i = start; i < Math.min(count, start + chunk); i++) {
      batch.push({ id: `${opts.prefix}-${i}`, email: `${opts.prefix}-${i}@bench.openride.test`, token: randomBytes(24).toString('base64url') });
    }
    const now = new Date();
    await db.insertInto('user').values(batch.map((u, j) => ({ id: u.id, name: `${opts.prefix} ${start + j}`, email: u.email, emailVerified: false, createdAt: now, updatedAt: now }))).execute();
    await db.insertInto('profiles').values(batch.map((u, j) => ({ id: u.id, full_name: `${opts.prefix} ${start + j}` }))).execute();
    if (opts.role) await db.insertInto('user_roles').values(batch.map((u) => ({ user_id: u.id, role: opts.role! }))).execute();
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
 * What a signed-in browser sends: the session cookie plus the signed session snapshot (cookie cache) the
 * server hands out on the first request, so that later requests need no database read. Fetched once per
 * user, `concurrency` at a time.
 */
export async function browserCookies(baseUrl: string, users: SeededUser[], concurrency = 16): Promise<string[]> {
  const out = new Array<string>(users.length);
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const i = next++;
      const token = sessionTokenCookie(users[i]!.token);
      const res = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: token } });
      if (!res.ok) throw new Error(`get-session for ${users[i]!.email}: ${res.status}`);
      const body = (await res.json()) as { user?: { id: string } } | null;
      if (body?.user?.id !== users[i]!.id) throw new Error(`the session cookie of ${users[i]!.email} was not accepted`);
      const cache = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => c.startsWith('better-auth.session_data='));
      out[i] = [token, ...cache].join('; ');
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
