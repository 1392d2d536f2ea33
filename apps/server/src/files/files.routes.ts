import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileRoutes as fileContract } from '@openride/shared/files/api';
import { Hono } from 'hono';
import { closeAfterAnswer } from '../http/close-after-answer';
import type { AppEnv } from '../http/context';
import { trustedOriginsOf } from '../http/csp';
import { mounter } from '../http/mount';
import { fromOwnPages } from '../http/same-origin';
import { AppError, badRequest, domainError, forbidden } from '../lib/errors';
import { take } from '../lib/rate-limit';
import { fileView } from './files.repo';
import { readFile } from './read-file';
import { ENVELOPE_BYTES, tooLarge, uploadFile } from './upload-file';
import type { Ports } from '../ports';

/** The one write under /api that is not JSON: app.ts lets it past the JSON-only rule and the 64 KB body limit. */
export const UPLOAD_PATH = '/api/files';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' } as const;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'logger' | 'publicUrl' | 'storage' | 'usage'>;

export function fileRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const trustedOrigins = trustedOriginsOf(services.env, services.publicUrl);
  const on = mounter(app, services, fileContract);

  // mount refuses a signed-out caller (401) before the handler runs: that refusal too is given with the body
  // unread, so the connection closes cleanly after it (decision 0077), as every refusal below.
  app.use(UPLOAD_PATH, async (c, next) => {
    if (c.req.method === 'POST' && !c.get('user')) closeAfterAnswer(c);
    await next();
  });

  // The contract's body is multipart: mount leaves it unread, and the handler streams it from the request.
  on('POST /api/files', async ({ c, user }) => {
    const contentType = c.req.header('content-type') ?? '';
    try {
      // A cross-site page may post a multipart form without asking first (unlike JSON), carrying the cookie:
      // the Origin the browser writes is the defence, with the WebSocket's rule. Sec-Fetch-Site backs it up
      // for a browser that sent no Origin.
      if (!fromOwnPages((name) => c.req.header(name), trustedOrigins)) {
        throw forbidden("Uploads are accepted only from this site's own pages.");
      }
      if (!/^multipart\/form-data\s*;/i.test(contentType)) {
        closeAfterAnswer(c);
        return c.json(new AppError('BAD_REQUEST', 'Content-Type must be multipart/form-data').toBody(), 415);
      }
      if (!(await take(services.usage.uploadPerUser, user.id))) throw domainError('TOO_MANY_UPLOADS');
      // An honest Content-Length over the limit is refused before a byte is read.
      const declared = Number(c.req.header('content-length'));
      if (Number.isFinite(declared) && declared > services.env.UPLOAD_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge(services.env.UPLOAD_MAX_BYTES);
    } catch (err) {
      // Refused with the body unread: the client reads the answer, then the connection closes cleanly (decision 0077).
      closeAfterAnswer(c);
      throw err;
    }
    // The Node request itself when the server runs on Node: read with backpressure, so what the server holds is
    // what is in flight. Through the Fetch adapter's web stream (Readable.toWeb) a fast client on a loaded machine
    // got the whole body queued ahead of a slow consumer: 12.5 MB held for a 10 MB upload (files.test).
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const body = incoming ?? (c.req.raw.body ? Readable.fromWeb(c.req.raw.body as NodeReadableStream<Uint8Array>) : null);
    if (!body) throw badRequest('The upload is empty.');
    const row = await uploadFile(services, user.id, { contentType, body });
    return { status: 201, body: { file: fileView(row) } };
  });

  on('GET /api/files/:id', async ({ c, user, params }) => {
    const { file, object } = await readFile(services, user.id, params.id);
    return c.body(Readable.toWeb(object.stream) as ReadableStream, 200, {
      'content-type': file.content_type,
      'content-length': String(object.size),
      // Shown in the browser, never run: the type is the one we sniffed and stored, and nosniff holds it there.
      'content-disposition': `inline; filename="${file.id}.${EXTENSIONS[file.content_type]}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
