import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabase = { env: { DATA_DIR: string; DATABASE_URL?: string }; drop(): Promise<void> };

/**
 * A database of this test's own, dropped afterwards: a fresh PGlite folder, or, when TEST_DATABASE_URL is
 * set, a new database created on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-test-'));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    return { env: { DATA_DIR: dataDir }, drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `openride_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // Without FORCE first: a pool client that is still closing would otherwise be killed mid-goodbye
      // and raise an unhandled error in the test process. FORCE only if connections never drain.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(attempt < 50 ? `drop database if exists ${name}` : `drop database if exists ${name} with (force)`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const testRedisPrefix = () => `openride-test-${randomBytes(6).toString('hex')}`;
