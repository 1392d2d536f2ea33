import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../db/client';
import { embeddedArchiveStream } from './backup-archive';

/** The last migration the database has applied (the manifest records it). */
async function lastMigration(database: Database): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(database.db).catch(() => ({ rows: [] }));
  return rows[0]?.name ?? null;
}

/**
 * A consistent backup of an embedded database and DATA_DIR's other files, as a stream of the archive
 * (backup-archive.ts). The server calls it for GET /api/system/backup; `npm run backup` calls it itself
 * when no server holds DATA_DIR.
 */
export async function embeddedBackup(database: Database, dataDir: string): Promise<Readable> {
  if (!database.dumpPgdata) throw new Error('not an embedded database');
  const migration = await lastMigration(database);
  const pgdata = await database.dumpPgdata();
  return embeddedArchiveStream({ dataDir, pgdata, migration });
}
