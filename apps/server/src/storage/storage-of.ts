import path from 'node:path';
import type { Env } from '../env';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/** The uploads' storage this deployment uses: an S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads (decision 0045). */
export async function storageOf(env: Env): Promise<Storage> {
  if (env.S3_BUCKET) {
    // The schema refuses S3_BUCKET without both keys. The AWS SDK is loaded only here (it costs a quarter of
    // a second at every start of a server that keeps uploads on its disk).
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createLocalStorage(uploadsDirOf(env));
}

export const uploadsDirOf = (env: Pick<Env, 'DATA_DIR'>) => path.join(path.resolve(env.DATA_DIR), 'uploads');
