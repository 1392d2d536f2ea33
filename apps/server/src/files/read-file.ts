import { notFound } from '../lib/errors';
import type { StoredObject } from '../storage/storage';
import { canReadFile } from './can-read-file';
import { findFile, type FileRow } from './files.repo';
import type { Ports } from '../ports';

/**
 * GET /api/files/:id: the bytes of a file the reader may see (owner, admin, or a purpose's rule). A file
 * someone else owns answers exactly as one that does not exist, so ids cannot be probed.
 */
export async function readFile(
  services: Pick<Ports, 'db' | 'storage' | 'logger'>,
  userId: string,
  id: string,
): Promise<{ file: FileRow; object: StoredObject }> {
  const file = await findFile(services.db, id);
  if (!file || !(await canReadFile(services.db, userId, file))) throw notFound('File not found');
  const object = await services.storage.get(file.storage_key);
  if (!object) {
    services.logger.error({ fileId: file.id, key: file.storage_key }, 'a file row whose bytes are missing from storage');
    throw notFound('File not found');
  }
  return { file, object };
}
