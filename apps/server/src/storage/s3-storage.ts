import { type Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type Storage } from './storage';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible server other than AWS (MinIO, R2, s3rver in the tests): path-style addressing then. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** 5 MB parts, one in flight: a streamed put holds at most about one part in memory, whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Objects in an S3 bucket through the official AWS SDK v3; streamed puts through lib-storage's multipart Upload. */
export function createS3Storage(opts: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default CRC32 trailers (aws-chunked bodies) are not
    // understood by every S3-compatible server.
    ...(opts.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  });
  const Bucket = opts.bucket;

  return {
    kind: 's3',
    client,
    async put(key, body, { contentType }) {
      assertStorageKey(key);
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      body.once('error', (err) => count.destroy(err));
      // A failed part aborts the multipart upload (leavePartsOnError false): no half object stays.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body.pipe(count), ContentType: contentType },
        queueSize: 1,
        partSize: PART_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return { stream: out.Body as Readable, size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}
