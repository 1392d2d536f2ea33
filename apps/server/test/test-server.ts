import { parseEnv } from '../src/env';
import { createLogger } from '../src/lib/logger';
import { type RunningServer, type ServiceOverrides, startServer } from '../src/server';
import { TestClient } from './http-client';
import { freePort } from './test-accounts';
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

// Light helpers (no server code): the browser tests import them too, and loading the server's module graph
// in every browser test file cost seconds each.
export { freePort, GOOD_PASSWORD, signIn, signUp, uniqueEmail, uniquePhone, uniqueSpanishPhone } from './test-accounts';
