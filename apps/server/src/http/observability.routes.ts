import { timingSafeEqual } from 'node:crypto';
import { systemRoutes as systemContract } from '@openride/shared/system/api';
import { Hono } from 'hono';
import { pingDatabase } from '../db/ping';
import type { AppEnv } from './context';
import type { Ports } from '../ports';
import { mounter } from './mount';

const READY_TIMEOUT_MS = 2_000;

/** Resolves 'ok' if `check` answers in time, 'down' if it fails or hangs. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([check().then(() => 'ok' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Seeing a running server: `GET /api/health/ready` (the database and Redis answer) and `GET /metrics`
 * (Prometheus). /metrics is off in production unless METRICS_TOKEN is set, and then wants it as a Bearer
 * token; outside production it is open unless a token is set.
 */
export function observabilityRoutes(services: Pick<Ports, 'db' | 'env' | 'metrics'> & { redis: { ping(): Promise<string> } | null }) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, systemContract);

  on('GET /api/health/ready', async ({ c }) => {
    const [database, redis] = await Promise.all([
      probe(() => pingDatabase(services.db)),
      services.redis ? probe(() => services.redis!.ping()) : Promise.resolve('not_configured' as const),
    ]);
    if (database === 'ok' && redis !== 'down') return { status: 200, body: { status: 'ready' as const, database, redis } };
    // 503 is not a success status: written as a Response, with the same body.
    return c.json({ status: 'unavailable' as const, database, redis }, 503);
  });

  app.get('/metrics', async (c) => {
    const token = services.env.METRICS_TOKEN;
    if (!token && services.env.NODE_ENV === 'production') return c.text('Not found', 404);
    if (token) {
      const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) return c.text('Unauthorized', 401, { 'www-authenticate': 'Bearer' });
    }
    const { registry } = services.metrics;
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
  });

  return app;
}
