import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { spawnServer, type SpawnedServer } from '../../apps/server/test/spawn-server';
import type { BenchContext } from './types';

/** The secret every bench server signs sessions with, so the bench can hand out session cookies itself. */
export const BENCH_SECRET = 'openride-bench-secret-not-for-production-0123456789';

export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR and, for PostgreSQL, DATABASE_URL: what the server is started with. */
  env: Record<string, string>;
  /** Open it from the bench process (migrated), to seed rows before the server starts. PGlite allows one process at a time. */
  open(): Promise<Database>;
  drop(): Promise<void>;
};

/** A fresh database of the bench's own: a PGlite folder, or a new database on the PostgreSQL server. */
export async function createBenchDatabase(ctx: BenchContext, kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(ctx.tmpDir, `${kind}-`));
  const open = async (env: Record<string, string>) => {
    const db = await openDatabase({ dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL, poolSize: 4 });
    await migrateToLatest(db.db);
    return db;
  };
  if (kind === 'pglite') {
    const env = { DATA_DIR: dataDir };
    return { kind, env, open: () => open(env), drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  if (!ctx.postgresUrl) throw new Error('PostgreSQL is not reachable');
  const base = ctx.postgresUrl;
  const name = `openride_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  return {
    kind,
    env,
    open: () => open(env),
    async drop() {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * The real server as its own process (as `npm start` runs it), with the bench's secret, no demo city and
 * quiet logs. The load generator stays in the bench process: the two share this machine's two cores.
 */
export function startApp(db: BenchDatabase, env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer({ ...db.env, AUTH_SECRET: BENCH_SECRET, DEMO: '0', LOG_LEVEL: 'info', ...env }, { timeoutMs: 120_000 });
}

export type { SpawnedServer };
