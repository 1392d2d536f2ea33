import type { FilePurpose } from '@openride/shared/files/schemas';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { isAdmin } from '../roles/roles.repo';
import type { FileRow } from './files.repo';

/** Whether `userId` may read a file beyond its owner and the admins: one rule per purpose. */
export type FileReadRule = (db: Kysely<DB>, userId: string, file: FileRow) => Promise<boolean>;

/**
 * The seam later slices fill in (issue 14): a document reviewer, the driver's fleet manager, the people on the
 * support ticket a photo belongs to.
 */
export const FILE_READ_RULES: Partial<Record<FilePurpose, FileReadRule>> = {
  // A support ticket's photo (decision 0055): the users on the ticket it is attached to — its requester and
  // a lost-item ticket's other party — when the message is not an internal note.
  ticket_photo: async (db, userId, file) =>
    Boolean(
      await db
        .selectFrom('support_messages as m')
        .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
        .select('m.id')
        .where(sql<boolean>`${file.id}::uuid = any(m.file_ids)`)
        .where('m.internal', '=', false)
        .where((eb) => eb.or([eb('t.requester_id', '=', userId), eb.and([eb('t.participant_id', '=', userId), eb('t.category', '=', 'lost_item')])]))
        .executeTakeFirst(),
    ),
};

/** Who may read a stored file: its owner, an admin, or whoever the purpose's rule admits. Everyone else sees 404. */
export async function canReadFile(
  db: Kysely<DB>,
  userId: string,
  file: FileRow,
  rules: Partial<Record<string, FileReadRule>> = FILE_READ_RULES,
): Promise<boolean> {
  if (file.owner_id === userId) return true;
  if (await isAdmin(db, userId)) return true;
  const rule = rules[file.purpose];
  return rule ? rule(db, userId, file) : false;
}
