import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Kysely<DB>;
  /** Raw SQL on the same pool (pg-boss's `db` in embedded mode, where PGlite's one connection is shared). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /**
   * Embedded mode only: PGlite's dump of its folder (a tar.gz), taken while holding the pool's one
   * connection, so no transaction is half done in it, after a checkpoint (decision 0028).
   */
  dumpPgdata?: () => Promise<Blob>;
};

/**
 * One code path for both modes: Kysely over a `pg` Pool. In embedded mode the Pool talks to PGlite
 * through its node-postgres adapter (not kysely-pglite, which lost a committed row under concurrent
 * transactions). PGlite is single-connection, so the pool holds exactly one client: transactions
 * serialize, and idle clients are never closed (closing would end the shared PGlite connection).
 */
/** SQL that starts with this marker, e.g. `/* prepared: notifications_poll *\/ select …`, runs as a named statement. */
const PREPARED = /^\/\* prepared: ([a-z0-9_]+) \*\//;

/**
 * Hot queries marked in their text are sent as named prepared statements: each connection parses and
 * plans them once, then only binds and executes (decision 0013). Unmarked queries are untouched, so the
 * number of statements a connection keeps stays bounded by the marked ones.
 */
function prepareMarkedQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && args.length === 2 && Array.isArray(values)) {
      const name = PREPARED.exec(text)?.[1];
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}

/**
 * Raw SQL on a client checked out of the pool and given back without an error, as Kysely does. `pool.query`
 * would release the client with the statement's error, and pg's pool destroys a client released that way:
 * on PGlite that ends the one shared connection under whatever runs next (a statement pg-boss sends right
 * after a refused one failed with 'Connection terminated unexpectedly' or read another query's rows). A
 * client whose connection really broke is still dropped: the pool checks it on release.
 */
function executeSqlOn(pool: pg.Pool) {
  return async (text: string, values?: unknown[]) => {
    const client = await pool.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('connect', prepareMarkedQueries);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { kind: 'postgres', db, executeSql: executeSqlOn(pool), close: () => db.destroy() };
  }
  const dir = path.resolve(opts.dataDir, 'pgdata');
  await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  pool.on('connect', prepareMarkedQueries);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    db,
    async dumpPgdata() {
      const client = await pool.connect();
      try {
        await client.query('checkpoint');
        return await pglite.dumpDataDir('gzip');
      } finally {
        client.release();
      }
    },
    executeSql: executeSqlOn(pool),
    async close() {
      await db.destroy();
      // close() checkpoints and flushes PGlite's files: without it a fast exit could lose the last writes.
      await pglite.close();
    },
  };
}
