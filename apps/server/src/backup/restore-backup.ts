import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { MIGRATION_NAMES } from '../db/migrate';
import type { Env } from '../env';
import { BackupFormatError, type EmbeddedArchive, isDataDirBookkeeping, MANIFEST_NAME, readEmbeddedArchive } from './backup-archive';
import { BackupError, pgConnection, runPgTool } from './pg-tools';
import { firstEntryName } from './tar';

export type BackupKind = 'embedded' | 'pg_dump';

/** What a file is, from its first bytes; a BackupError in words when it is no backup of ours. */
export async function backupKindOf(file: string): Promise<BackupKind> {
  let head: Buffer;
  try {
    const handle = await fs.open(file, 'r');
    try {
      head = Buffer.alloc(512);
      const { bytesRead } = await handle.read(head, 0, 512, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `${file}: no such file` : code === 'EISDIR' ? `${file} is a folder, not a backup file` : (err as Error).message);
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (firstEntryName(head) === MANIFEST_NAME) return 'embedded';
  if (head.toString('utf8').includes('PostgreSQL database dump')) {
    throw new BackupError(`${file} is a plain SQL dump: restore it with psql, or make the backup with \`npm run backup\` (custom format).`);
  }
  throw new BackupError(`${file} is not an OpenRide backup (neither \`npm run backup\`'s embedded archive nor a pg_dump custom-format file).`);
}

/** DATA_DIR's entries other than the lock (a stopped server leaves its holder file behind). */
async function dataDirContents(dataDir: string): Promise<string[] | null> {
  try {
    return (await fs.readdir(dataDir)).filter((name) => !name.startsWith('.openride.lock'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Restores an embedded backup into DATA_DIR, which must be empty (or `force`). Everything is checked and
 * the database opened in a staging folder inside DATA_DIR before anything is moved into place; a failure
 * leaves DATA_DIR as it was.
 */
async function restoreEmbedded(dataDir: string, archive: EmbeddedArchive, force: boolean) {
  const dir = path.resolve(dataDir);
  const { migration } = archive.manifest;
  if (migration && !MIGRATION_NAMES.includes(migration)) {
    throw new BackupError(
      `This backup comes from a newer OpenRide (its database has migration ${migration}, unknown here): restore it with that version or newer.`,
    );
  }
  const before = await dataDirContents(dir);
  if (before?.length && !force) {
    throw new BackupError(
      `DATA_DIR ${dir} is not empty (${before.slice(0, 5).join(', ')}${before.length > 5 ? ', …' : ''}). Restore into an empty folder, or add --force to replace what it holds.`,
    );
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dir, (err) => {
      console.error(`lost the DATA_DIR lock during the restore: ${err.message}`);
      process.exit(1);
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`DATA_DIR ${dir} is in use by a running OpenRide: stop it, then restore.`);
    throw err;
  }
  const stage = path.join(dir, `.restore-${randomBytes(4).toString('hex')}`);
  try {
    try {
      await fs.mkdir(stage);
      const pglite = await PGlite.create(path.join(stage, 'pgdata'), { loadDataDir: new Blob([new Uint8Array(archive.pgdata)]) });
      try {
        await pglite.query('select name from kysely_migration limit 1');
      } finally {
        await pglite.close();
      }
    } catch (err) {
      throw new BackupError(`the backup's database could not be opened, so nothing was restored: ${(err as Error).message}`);
    }
    for (const file of archive.files) {
      const target = path.join(stage, 'files', ...file.rel.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.data);
    }
    // Everything is in the staging folder: only now does DATA_DIR change.
    if (force) {
      for (const name of await fs.readdir(dir)) {
        if (name.startsWith('.openride.lock') || path.join(dir, name) === stage) continue;
        await fs.rm(path.join(dir, name), { recursive: true, force: true });
      }
    }
    await fs.rename(path.join(stage, 'pgdata'), path.join(dir, 'pgdata'));
    for (const name of await fs.readdir(path.join(stage, 'files')).catch(() => [] as string[])) {
      if (isDataDirBookkeeping(name)) continue;
      await fs.rename(path.join(stage, 'files', name), path.join(dir, name));
    }
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
    await release();
    // A refused restore into a folder that did not exist, or was empty, leaves no lock holder file behind.
    if (!before?.length && !(await hasDatabase(dir))) {
      if (before === null) await fs.rm(dir, { recursive: true, force: true });
      else await fs.rm(path.join(dir, '.openride.lock.holder'), { force: true });
    }
  }
}

const hasDatabase = (dir: string) =>
  fs.access(path.join(dir, 'pgdata', 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/** Restores a pg_dump custom-format file into DATABASE_URL's database, in one transaction. */
async function restorePostgres(databaseUrl: string, file: string, force: boolean) {
  try {
    await runPgTool('pg_restore', ['--list', file]);
  } catch (err) {
    throw new BackupError(`${file} is not a readable pg_dump archive: ${(err as Error).message}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  let tables: number;
  let others: number;
  try {
    await client.connect();
    const res = await client.query<{ tables: number; others: number }>(
      `select
         (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%') as tables,
         (select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as others`,
    );
    ({ tables, others } = res.rows[0]!);
  } catch (err) {
    throw new BackupError(`could not reach the database of DATABASE_URL: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  if (others > 0) throw new BackupError(`${others} other connection(s) use this database: stop every OpenRide server on it, then restore.`);
  if (tables > 0 && !force) {
    throw new BackupError(
      `The database of DATABASE_URL is not empty (${tables} tables, sequences or views). Restore into a new database, or add --force to replace its contents.`,
    );
  }
  const { dbname, env } = pgConnection(databaseUrl);
  if (!force || tables === 0) {
    await runPgTool('pg_restore', ['--dbname', dbname, '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], env);
    return;
  }
  // Replacing a database's contents: pg_restore --clean cannot drop pg-boss's partitioned job tables
  // ("cannot drop inherited constraint"). So the schemas go first and the archive is replayed, in ONE
  // transaction through psql: a restore that fails leaves the old contents as they were.
  const schemas = await schemasOf(databaseUrl);
  const drop = [...schemas.map((s) => `DROP SCHEMA ${quoteIdent(s)} CASCADE;`), 'CREATE SCHEMA IF NOT EXISTS public;'].join('\n') + '\n';
  await replay(dbname, env, drop, file);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function schemasOf(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const res = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by nspname`,
    );
    return res.rows.map((r) => r.name);
  } finally {
    await client.end().catch(() => {});
  }
}

/** `prelude`, then the archive as SQL (pg_restore -f -), into psql as one transaction that stops at the first error. */
function replay(dbname: string, env: Record<string, string>, prelude: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const childEnv = { ...process.env, ...env };
    const psql = spawn('psql', ['--dbname', dbname, '--single-transaction', '--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-f', '-'], {
      env: childEnv,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const dump = spawn('pg_restore', ['--no-owner', '--no-privileges', '-f', '-', file], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    psql.stderr.on('data', (d) => (errors += d));
    dump.stderr.on('data', (d) => (errors += d));
    const missing = (tool: string) => (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`${tool} is not installed. Install PostgreSQL's client tools (Debian/Ubuntu: apt-get install postgresql-client).`)
          : err,
      );
    psql.once('error', missing('psql'));
    dump.once('error', missing('pg_restore'));
    psql.stdin.on('error', () => {}); // psql stopped at an error: its exit code says so
    psql.stdin.write(prelude);
    dump.stdout.pipe(psql.stdin);
    const closed = (child: typeof psql | typeof dump) => new Promise<number | null>((done) => child.once('close', done));
    void Promise.all([closed(dump), closed(psql)]).then(([dumpCode, psqlCode]) => {
      if (dumpCode === 0 && psqlCode === 0) resolve();
      else reject(new BackupError(`restore failed (pg_restore exit ${dumpCode}, psql exit ${psqlCode}):\n${errors.trim()}`));
    });
  });
}

/**
 * `npm run restore -- FILE [--force]` (decision 0028): an embedded backup into DATA_DIR (DATABASE_URL
 * unset), a pg_dump file into DATABASE_URL's database. Refuses the other mode's file, a file that is no
 * backup, a target in use or not empty (without --force); a refusal changes nothing.
 */
export async function restoreBackup(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, file: string, opts: { force?: boolean } = {}) {
  const source = path.resolve(file);
  const kind = await backupKindOf(source);
  if (env.DATABASE_URL) {
    if (kind !== 'pg_dump')
      throw new BackupError(`${source} is an embedded-mode (PGlite) backup, and DATABASE_URL is set: unset DATABASE_URL to restore it into a DATA_DIR.`);
    await restorePostgres(env.DATABASE_URL, source, opts.force ?? false);
    return { kind, into: 'DATABASE_URL' };
  }
  if (kind !== 'embedded') throw new BackupError(`${source} is a PostgreSQL (pg_dump) backup: set DATABASE_URL to the database to restore it into.`);
  let archive: EmbeddedArchive;
  try {
    archive = readEmbeddedArchive(await fs.readFile(source));
  } catch (err) {
    if (err instanceof BackupFormatError) throw new BackupError(`${source}: ${err.message}`);
    throw err;
  }
  await restoreEmbedded(env.DATA_DIR, archive, opts.force ?? false);
  return { kind, into: path.resolve(env.DATA_DIR), created_at: archive.manifest.created_at, files: archive.files.length };
}
