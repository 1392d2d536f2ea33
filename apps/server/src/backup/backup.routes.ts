import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { systemRoutes as systemContract } from '@openride/shared/system/api';
import { Hono } from 'hono';
import { isLocalRequest } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { AppError, forbidden } from '../lib/errors';
import type { Ports } from '../ports';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env'> & { backup: { token: string; archive(): Promise<Readable> } | null };

/**
 * `GET /api/system/backup`: the running embedded server's consistent backup, for `npm run backup` on the
 * same machine (decision 0028). It answers loopback callers that show the token the server wrote into
 * DATA_DIR (backup-access.ts), nobody else; a server on PostgreSQL answers 409 (pg_dump is the way there).
 */
export function backupRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, systemContract);
  // The contract's auth is `backup-token`: mount leaves the caller to this handler (loopback and the token).
  on('GET /api/system/backup', async ({ c }) => {
    const backup = services.backup;
    if (!backup)
      throw new AppError('CONFLICT', 'This server keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump (`npm run backup -- FILE` runs it).');
    if (!isLocalRequest(c, services.env.TRUST_PROXY)) throw forbidden('Backups are served to this machine only.');
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, backup.token))
      throw new AppError('UNAUTHORIZED', `A backup needs the token the server wrote into DATA_DIR: run \`npm run backup -- FILE\`.`);
    const archive = await backup.archive();
    return c.body(Readable.toWeb(archive) as ReadableStream, 200, {
      'content-type': 'application/x-tar',
      'content-disposition': `attachment; filename="openride-${new Date().toISOString().replace(/[:.]/g, '-')}.backup"`,
      'cache-control': 'no-store',
    });
  });
  return app;
}
