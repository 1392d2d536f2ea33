import net from 'node:net';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/lib/logger';
import { type RunningServer, type ServiceOverrides, startServer } from '../src/server';
import { TestClient } from './http-client';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';

export type TestServer = RunningServer & { client(): TestClient; stop(): Promise<void> };

/** The real server, in process, on a free port, on a database of its own (PGlite, or PostgreSQL + Redis in CI). */
export async function startTestServer(extraEnv: Record<string, string> = {}, overrides: ServiceOverrides = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const server = await startServerOn(database, extraEnv, overrides);
  return {
    ...server,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * The real server on a test database it does not own: stopping it leaves the data in place, so another
 * server can start on the same DATA_DIR or database (a restart).
 */
export async function startServerOn(database: TestDatabase, extraEnv: Record<string, string> = {}, overrides: ServiceOverrides = {}): Promise<TestServer> {
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent',
    ...database.env,
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    ...extraEnv,
  });
  const server = await startServer(env, createLogger(env.LOG_LEVEL), overrides);
  return { ...server, client: () => new TestClient(server.url), stop: () => server.close() };
}

/** A port nobody listens on, so that PUBLIC_URL (links in emails, trusted origin) is known before start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;
/** A 10-digit phone nobody else in this process has: sign-up refuses a phone another account holds. */
export const uniquePhone = () => `415${String(2_000_000 + ((process.pid * 1000 + counter++) % 8_000_000)).padStart(7, '0')}`;
export const GOOD_PASSWORD = 'Ride4Fun-Kx9q';

export async function signUp(client: TestClient, opts: { email?: string; password?: string; full_name?: string; phone?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const res = await client.post('/api/functions/auth-with-rate-limit', {
    action: 'signup',
    email,
    password: opts.password ?? GOOD_PASSWORD,
    options: { data: { full_name: opts.full_name ?? 'Test Rider', phone: opts.phone ?? uniquePhone() } },
  });
  return { ...res, email };
}

export function signIn(client: TestClient, email: string, password = GOOD_PASSWORD) {
  return client.post('/api/functions/auth-with-rate-limit', { action: 'signin', email, password });
}
