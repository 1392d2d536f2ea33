import type { DataExport } from '@openride/shared/privacy/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { PERSONAL_TABLES, personalRows, personOf, tableExists } from './personal-data';

/**
 * "Download my data" (decision 0059): every table of the registry (personal-data.ts), the caller's rows of
 * each, as rider and as driver, secrets left out. Read from one snapshot (repeatable read), so the tables
 * agree with each other.
 */
export async function exportMyData(db: Kysely<DB>, userId: string, now = new Date()): Promise<DataExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const who = await personOf(trx, userId);
      const tables: DataExport['tables'] = {};
      for (const entry of PERSONAL_TABLES) {
        if (entry.optional && !(await tableExists(trx, entry.table))) continue;
        tables[entry.table] = await personalRows(trx, entry, who);
      }
      return { format: 'openride-data-export/1' as const, exported_at: now.toISOString(), user_id: userId, tables };
    });
}

/** openride-data-YYYY-MM-DD.json (the UTC date of the export). */
export const exportFileName = (now: Date) => `openride-data-${now.toISOString().slice(0, 10)}.json`;
