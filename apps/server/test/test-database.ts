import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

export type TestDatabase = { env: { DATA_DIR: string; DATABASE_URL?: string }; drop(): Promise<void> };

/**
 * A database of this test's own, dropped afterwards: a fresh PGlite folder, or, when TEST_DATABASE_URL is
 * set, a new database created on that PostgreSQL server.
 *
 * Either starts as a copy of a migrated template (decision 0073): a new PGlite folder costs an initdb
 * (5–7 s) and the migrations another 1–2 s, and a test run starts two hundred servers. The copy holds
 * exactly what the migrations make of an empty database, so the server's start (migrations, a no-op
 * here, then everything else) runs as it does on a fresh machine. OPENRIDE_TEST_NO_TEMPLATE=1 turns it off;
 * `{ empty: true }` gives an empty one (a restore's target).
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-test-'));
  const useTemplate = !opts.empty && process.env.OPENRIDE_TEST_NO_TEMPLATE !== '1';
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    if (useTemplate) await copyDir(await pgliteTemplate(), path.join(dataDir, 'pgdata'));
    return { env: { DATA_DIR: dataDir }, drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `openride_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = useTemplate ? await postgresTemplate(base) : undefined;
  await withAdmin(base, async (admin) => {
    // Two databases copied from one template at the same moment: PostgreSQL refuses the second while the
    // first copy reads it (55006, "being accessed by other users"), so wait and try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await withAdmin(base, async (admin) => {
        // Without FORCE first: a pool client that is still closing would otherwise be killed mid-goodbye
        // and raise an unhandled error in the test process. FORCE only if connections never drain.
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.query(attempt < 50 ? `drop database if exists ${name}` : `drop database if exists ${name} with (force)`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const testRedisPrefix = () => `openride-test-${randomBytes(6).toString('hex')}`;

/**
 * What the template depends on: every migration's text, the PGlite version, and the day (migrations seed
 * a few rows stamped now(); a template never serves a run more than a day old).
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const dbDir = fileURLToPath(new URL('../src/db/', import.meta.url));
  const migrationsDir = path.join(dbDir, 'migrations');
  for (const file of [
    path.join(dbDir, 'migrate.ts'),
    ...fsSync
      .readdirSync(migrationsDir)
      .sort()
      .map((f) => path.join(migrationsDir, f)),
  ]) {
    hash.update(file.slice(dbDir.length)).update(fsSync.readFileSync(file));
  }
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pgliteDir = entry.slice(0, entry.indexOf(path.join('@electric-sql', 'pglite')) + path.join('@electric-sql', 'pglite').length);
  hash.update(JSON.parse(fsSync.readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')).version);
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

let key: string | undefined;
const getKey = () => (key ??= templateKey());

let pgliteTemplatePromise: Promise<string> | undefined;

/**
 * A migrated PGlite folder under the system's temp folder, built once per machine and key: the first
 * process to need it builds it beside the final place and renames it there (atomic), so racing
 * processes each build one and the first rename wins; nobody ever copies a half-built folder.
 */
function pgliteTemplate(): Promise<string> {
  pgliteTemplatePromise ??= (async () => {
    const final = path.join(os.tmpdir(), `openride-pgtemplate-${getKey()}`);
    if (fsSync.existsSync(final)) return path.join(final, 'pgdata');
    const building = `${final}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
    const { openDatabase, migrateToLatest } = await serverDatabaseCode();
    const database = await openDatabase({ dataDir: building });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    try {
      await fs.rename(building, final);
    } catch (err) {
      // Another process renamed its own first (ENOTEMPTY / EEXIST): use that one.
      if (!fsSync.existsSync(final)) throw err;
      await fs.rm(building, { recursive: true, force: true });
    }
    return path.join(final, 'pgdata');
  })();
  pgliteTemplatePromise.catch(() => {
    pgliteTemplatePromise = undefined;
  });
  return pgliteTemplatePromise;
}

/** `cp -a`: a PGlite folder is ~1,400 files, which fs.cp copies in 1.8 s and cp in 0.1 s. */
async function copyDir(from: string, to: string) {
  try {
    await promisify(execFile)('cp', ['-a', from, to]);
  } catch {
    await fs.rm(to, { recursive: true, force: true });
    await fs.cp(from, to, { recursive: true });
  }
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * A migrated template database on the test PostgreSQL server, built once per key under an advisory lock
 * (other processes wait for it, then find it), under a temporary name renamed when complete.
 */
function postgresTemplate(base: string): Promise<string> {
  postgresTemplatePromise ??= (async () => {
    const name = `openride_template_${getKey()}`;
    await withAdmin(base, async (admin) => {
      await admin.query('select pg_advisory_lock(hashtext($1))', ['openride-test-template']);
      try {
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(base);
        url.pathname = `/${building}`;
        const { openDatabase, migrateToLatest } = await serverDatabaseCode();
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 1 });
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } finally {
        await admin.query('select pg_advisory_unlock(hashtext($1))', ['openride-test-template']);
      }
    });
    return name;
  })();
  postgresTemplatePromise.catch(() => {
    postgresTemplatePromise = undefined;
  });
  return postgresTemplatePromise;
}

/** Loaded only to build a template: the browser tests import this file and need none of the server's code. */
async function serverDatabaseCode() {
  const [{ openDatabase }, { migrateToLatest }] = await Promise.all([import('../src/db/client'), import('../src/db/migrate')]);
  return { openDatabase, migrateToLatest };
}

async function withAdmin<T>(base: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
