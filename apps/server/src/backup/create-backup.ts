import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import type { Env } from '../env';
import { readBackupAccess } from './backup-access';
import { readEmbeddedArchive } from './backup-archive';
import { embeddedBackup } from './embedded-backup';
import { BackupError, pgConnection, runPgTool } from './pg-tools';

export type BackupResult = { file: string; bytes: number; how: 'pg_dump' | 'running server' | 'data folder' };

export const hasEmbeddedDatabase = (dataDir: string) =>
  fs.access(path.join(path.resolve(dataDir), 'pgdata', 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/** Asks the server that holds DATA_DIR for its backup (GET /api/system/backup) and writes it to `partial`. */
async function fromRunningServer(dataDir: string, partial: string) {
  const access = await readBackupAccess(dataDir);
  if (!access) {
    throw new BackupError(
      `DATA_DIR ${path.resolve(dataDir)} is held by another OpenRide process that serves no backup (a server still starting, or \`npm run admin\`): try again in a moment.`,
    );
  }
  let res: Response;
  try {
    res = await fetch(`${access.url}/api/system/backup`, { headers: { authorization: `Bearer ${access.token}` } });
  } catch (err) {
    throw new BackupError(`DATA_DIR is in use, but the server that holds it does not answer at ${access.url}: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    const message = await res
      .json()
      .then((b: { error?: { message?: string } }) => b.error?.message)
      .catch(() => undefined);
    throw new BackupError(`the running server refused the backup (${res.status}${message ? `: ${message}` : ''})`);
  }
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(partial, { flags: 'wx' }));
}

/** No server holds DATA_DIR: take its lock ourselves (no server can start meanwhile) and dump it. */
async function fromDataFolder(dataDir: string, partial: string) {
  const release = await lockDataDir(dataDir, (err) => {
    console.error(`lost the DATA_DIR lock during the backup: ${err.message}`);
    process.exit(1);
  });
  try {
    const database = await openDatabase({ dataDir });
    try {
      await pipeline(await embeddedBackup(database, dataDir), createWriteStream(partial, { flags: 'wx' }));
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

/**
 * `npm run backup -- FILE` (decision 0028). Scaled mode: pg_dump's custom format. Embedded mode: the
 * running server's consistent copy when one holds DATA_DIR, else a copy taken under DATA_DIR's lock.
 * Either way the file is written beside its name, read back and checked, and only then renamed into
 * place: a FILE that exists is a complete backup.
 */
export async function createBackup(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  if (
    await fs.access(target).then(
      () => true,
      () => false,
    )
  )
    throw new BackupError(`${target} exists already: give the backup a new name.`);
  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.DATABASE_URL && !path.relative(dataDir, target).startsWith('..')) {
    throw new BackupError(`${target} is inside DATA_DIR ${dataDir}: every later backup would carry it. Write it somewhere else.`);
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  await fs.rm(partial, { force: true });
  let how: BackupResult['how'];
  try {
    if (env.DATABASE_URL) {
      const { dbname, env: pgEnv } = pgConnection(env.DATABASE_URL);
      await runPgTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', dbname], pgEnv);
      await runPgTool('pg_restore', ['--list', partial]);
      how = 'pg_dump';
    } else {
      if (!(await hasEmbeddedDatabase(env.DATA_DIR)))
        throw new BackupError(`There is no OpenRide database in DATA_DIR ${path.resolve(env.DATA_DIR)} (no pgdata/PG_VERSION).`);
      try {
        await fromDataFolder(env.DATA_DIR, partial);
        how = 'data folder';
      } catch (err) {
        if (!(err instanceof DataDirLockedError)) throw err;
        await fs.rm(partial, { force: true });
        await fromRunningServer(env.DATA_DIR, partial);
        how = 'running server';
      }
      readEmbeddedArchive(await fs.readFile(partial));
    }
    await fs.rename(partial, target);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  return { file: target, bytes: (await fs.stat(target)).size, how };
}
