import type { FileView } from '@openride/shared/files/views';
import type { Kysely, Selectable } from 'kysely';
import type { DB, FilesTable } from '../db/schema';

export type FileRow = Selectable<FilesTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file that has not been deleted; null for an unknown id (or one that is not a uuid). */
export async function findFile(db: Kysely<DB>, id: string): Promise<FileRow | null> {
  if (!UUID.test(id)) return null;
  return (await db.selectFrom('files').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()) ?? null;
}

export async function insertFile(db: Kysely<DB>, row: Omit<FileRow, 'created_at' | 'deleted_at' | 'id'> & { id: string }): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

export function fileView(row: FileRow): FileView {
  return {
    id: row.id,
    purpose: row.purpose as FileView['purpose'],
    content_type: row.content_type,
    size: row.size_bytes,
    sha256: row.sha256,
    name: row.name,
    created_at: row.created_at.toISOString(),
  };
}
