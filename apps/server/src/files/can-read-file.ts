import type { FilePurpose } from '@openride/shared/files/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isAdmin } from '../roles/roles.repo';
import type { FileRow } from './files.repo';

/** Whether `userId` may read a file beyond its owner and the admins: one rule per purpose. */
export type FileReadRule = (db: Kysely<DB>, userId: string, file: FileRow) => Promise<boolean>;

/**
 * The seam later slices fill in (issue 14): a document reviewer, the driver's fleet manager, a support agent
 * on the ticket a photo belongs to. Empty today: only the owner and admins read a file.
 */
export const FILE_READ_RULES: Partial<Record<FilePurpose, FileReadRule>> = {};

/** Who may read a stored file: its owner, an admin, or whoever the purpose's rule admits. Everyone else sees 404. */
export async function canReadFile(db: Kysely<DB>, userId: string, file: FileRow, rules: Partial<Record<string, FileReadRule>> = FILE_READ_RULES): Promise<boolean> {
  if (file.owner_id === userId) return true;
  if (await isAdmin(db, userId)) return true;
  const rule = rules[file.purpose];
  return rule ? rule(db, userId, file) : false;
}
