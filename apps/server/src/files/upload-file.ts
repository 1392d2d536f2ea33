import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { displayFileName, type FileContentType, filePurposeSchema } from '@openride/shared/files/schemas';
import { AppError, badRequest, domainError } from '../lib/errors';
import { type FileRow, insertFile } from './files.repo';
import { lazily } from '../lib/lazily';
import type { Ports } from '../ports';

/** Enough for every signature we accept (file-type reads at most this much for these formats). */
const HEAD_BYTES = 4100;
/** What a multipart body carries besides the file: boundaries, part headers and the purpose field. */
export const ENVELOPE_BYTES = 64 * 1024;
/**
 * Decoded pixels an image may have (a 48-megapixel phone photo is 8000 × 6000): a small file that inflates
 * to gigabytes of pixels is refused as unreadable, not decoded.
 */
const MAX_PIXELS = 50_000_000;

/** sharp, loaded at the first photo rather than at every server start; operations are not cached between uploads: each image is seen once. */
const loadSharp = lazily(async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
});

/** The sniffed types we keep, by what file-type calls them (an animated PNG is still a PNG). */
const ACCEPTED = new Map<string, FileContentType>([
  ['image/jpeg', 'image/jpeg'],
  ['image/png', 'image/png'],
  ['image/apng', 'image/png'],
  ['image/webp', 'image/webp'],
  ['application/pdf', 'application/pdf'],
]);

export const tooLarge = (maxBytes: number) => domainError('FILE_TOO_LARGE', `This file is too large. The limit is ${formatMegabytes(maxBytes)}.`);

const formatMegabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

type Stored = { key: string; contentType: FileContentType; size: number; sha256: string };

/**
 * POST /api/files (decision 0045): reads a multipart body as a stream, one file field `file` and a `purpose`
 * field. The file is checked by its first bytes (JPEG, PNG, WebP, PDF), images are re-encoded by sharp
 * (orientation applied, EXIF, GPS and every other metadata dropped), PDFs kept as received; the bytes go to
 * storage as they arrive, counted and hashed on the way. Crossing UPLOAD_MAX_BYTES stops the put at once.
 * The row is written only once the bytes are stored; a refused upload keeps nothing. The rest of a refused
 * body is read and dropped (bounded by the limit) so the client reads our answer instead of a reset.
 */
export async function uploadFile(
  services: Pick<Ports, 'db' | 'storage' | 'env' | 'logger'>,
  ownerId: string,
  request: { contentType: string; body: Readable },
): Promise<FileRow> {
  const maxBytes = services.env.UPLOAD_MAX_BYTES;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.contentType },
      // Browsers write the file name's UTF-8 bytes as they are.
      defParamCharset: 'utf8',
      // busboy stops handing over file bytes one past the limit (we refuse at that byte) and drops the rest.
      limits: { files: 1, fileSize: maxBytes + 1, fields: 4, fieldSize: 256, fieldNameSize: 64, parts: 8, headerPairs: 20 },
    });
  } catch {
    throw badRequest('The upload must be multipart/form-data with a boundary.');
  }

  let purpose: string | undefined;
  let name: string | null = null;
  let storing: { done: Promise<Stored>; abort(err: Error): void } | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (field, value) => {
      if (field === 'purpose') purpose = value;
    });
    parser.on('file', (field, file, info) => {
      if (field !== 'file' || storing) {
        file.resume();
        return;
      }
      name = displayFileName(info.filename);
      storing = storeFile(services, file, maxBytes);
      // Awaited below, once the whole body has been read.
      storing.done.catch(() => {});
    });
    parser.on('close', resolve);
    parser.on('error', reject);
  });

  // The whole body may not exceed the file's limit plus its envelope: past that the request is cut off.
  let received = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > maxBytes + ENVELOPE_BYTES) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });

  let failure: unknown;
  try {
    await Promise.all([pipeline(request.body, bounded, parser), parsed]);
  } catch (err) {
    failure = err;
    storing?.abort(err instanceof Error ? err : new Error(String(err)));
  }
  const outcome = storing
    ? await storing.done.then(
        (stored) => ({ stored }),
        (error: unknown) => ({ error }),
      )
    : undefined;
  const discard = async (stored: Stored) => {
    await services.storage.delete(stored.key).catch((err: unknown) => services.logger.error({ err, key: stored.key }, 'could not delete a refused upload'));
  };

  if (failure !== undefined) {
    if (outcome && 'stored' in outcome) await discard(outcome.stored);
    if (outcome && 'error' in outcome && outcome.error instanceof AppError) throw outcome.error;
    if (failure instanceof AppError) throw failure;
    throw badRequest('The upload was cut off or is not valid multipart/form-data.');
  }
  if (outcome && 'error' in outcome) throw outcome.error;
  const checked = filePurposeSchema.safeParse(purpose);
  if (!checked.success) {
    if (outcome) await discard(outcome.stored);
    throw badRequest(purpose === undefined ? 'Say what the file is for in the field "purpose".' : (checked.error.issues[0]?.message ?? 'Invalid purpose'));
  }
  if (!outcome) throw badRequest('Add the file in the field "file".');

  const { stored } = outcome;
  try {
    return await insertFile(services.db, {
      id: stored.key.slice(stored.key.lastIndexOf('/') + 1),
      owner_id: ownerId,
      purpose: checked.data,
      storage_key: stored.key,
      content_type: stored.contentType,
      size_bytes: stored.size,
      sha256: stored.sha256,
      name,
    });
  } catch (err) {
    await discard(stored);
    throw err;
  }
}

/**
 * Takes busboy's file stream over: its bytes are counted into a stream of ours (so that stopping ours never
 * stalls the parser: busboy's stream is only ever resumed, never destroyed), sniffed, re-encoded when an
 * image, hashed and put in storage.
 */
function storeFile(services: Pick<Ports, 'storage'>, file: Readable, maxBytes: number): { done: Promise<Stored>; abort(err: Error): void } {
  const source = new PassThrough();
  let received = 0;
  let stopped = false;
  const stop = (err?: Error) => {
    if (stopped) return;
    stopped = true;
    source.destroy(err);
    // From now on busboy's bytes are dropped as they come.
    file.resume();
  };
  file.on('data', (chunk: Buffer) => {
    if (stopped) return;
    received += chunk.length;
    if (received > maxBytes) return stop(tooLarge(maxBytes));
    if (!source.write(chunk)) {
      file.pause();
      source.once('drain', () => file.resume());
    }
  });
  file.once('end', () => {
    if (!stopped) source.end();
  });
  file.once('error', (err) => stop(err));
  // Whoever stops reading ours (a refused type, a failed decode, a failed put) lets busboy go on.
  source.once('close', () => {
    stopped = true;
    file.resume();
  });

  const done = (async (): Promise<Stored> => {
    try {
      const { head, rest } = await readHead(source, HEAD_BYTES);
      if (head.length === 0) throw badRequest('The file is empty.');
      const sniffed = await fileTypeFromBuffer(head);
      const contentType = sniffed ? ACCEPTED.get(sniffed.mime) : undefined;
      if (!contentType) {
        throw domainError(
          'FILE_TYPE_NOT_ALLOWED',
          `This file type is not accepted${sniffed ? ` (the file is ${sniffed.ext.toUpperCase()})` : ''}. Upload a JPEG, PNG or WebP photo, or a PDF.`,
        );
      }
      const now = new Date();
      const key = `files/${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, next) {
          hash.update(chunk);
          next(null, chunk);
        },
      });
      let undecodable = false;
      let flowing: Promise<void>;
      if (contentType === 'application/pdf') {
        flowing = pipeline(rest, hashing);
      } else {
        const sharp = await loadSharp();
        // rotate() first applies the EXIF orientation to the pixels; without withMetadata() sharp writes none.
        const image = sharp({ limitInputPixels: MAX_PIXELS })
          .rotate()
          .toFormat(contentType === 'image/jpeg' ? 'jpeg' : contentType === 'image/png' ? 'png' : 'webp');
        image.once('error', () => {
          undecodable = true;
        });
        flowing = pipeline(rest, image, hashing);
      }
      const putting = services.storage.put(key, hashing, { contentType });
      // A put that fails without reading on (a lost connection to S3) must not leave the pipeline waiting.
      putting.catch((err: unknown) => hashing.destroy(err instanceof Error ? err : new Error(String(err))));
      const [flow, put] = await Promise.allSettled([flowing, putting]);
      if (flow.status === 'rejected' || put.status === 'rejected') {
        await services.storage.delete(key).catch(() => {});
        const err: unknown = flow.status === 'rejected' ? flow.reason : (put as PromiseRejectedResult).reason;
        if (err instanceof AppError) throw err;
        if (undecodable) throw domainError('FILE_UNREADABLE');
        throw err;
      }
      return { key, contentType, size: put.value.size, sha256: hash.digest('hex') };
    } finally {
      stop();
    }
  })();
  return { done, abort: (err) => stop(err) };
}

/** The first `bytes` (or all, if fewer) and a stream of the whole: the head, then the rest as it comes. */
async function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const rest = Readable.from(
    (async function* () {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  return { head, rest };
}
