import { type SeparationOfDuties, separationOfDutiesSchema } from '@openride/shared/admin/staff';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import { setSetting } from '../lib/settings';

/** Where the owners' separation-of-duties switches live (issue 29 §5, decision 0092). */
const KEY = 'separation_of_duties';
const OFF: SeparationOfDuties = { payout_runs: false };

/** The switches as an owner last saved them; all off until then (the default). */
export async function separationOfDuties(db: Kysely<DB>): Promise<SeparationOfDuties> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return OFF;
  const parsed = separationOfDutiesSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : OFF;
}

export const saveSeparationOfDuties = (db: Kysely<DB>, value: SeparationOfDuties) => setSetting(db, KEY, JSON.stringify(value));

/**
 * Refuses the approval of what `approverId` prepared when the owners asked for two people (403
 * SEPARATION_OF_DUTIES). Read in the approval's transaction, after its row lock.
 */
export async function requireSecondPerson(db: Kysely<DB>, duty: keyof SeparationOfDuties, preparedBy: string | null, approverId: string) {
  if (preparedBy !== approverId) return;
  if ((await separationOfDuties(db))[duty]) throw domainError('SEPARATION_OF_DUTIES');
}
