import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/lib/logger';
import { startServer } from '../src/server';
import { TestClient } from './http-client';
import { runToExit } from './spawn-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';
import { freePort, signIn, signUp } from './test-server';

/**
 * Backup and restore (decision 0028), through the commands an operator types (`npm run backup`,
 * `npm run restore`, run here as their own processes) and the data read back over HTTP from a server
 * started on the restored copy.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BACKUP = path.join(ROOT, 'apps/server/src/cli/backup.ts');
const RESTORE = path.join(ROOT, 'apps/server/src/cli/restore.ts');

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
}, 60_000);

async function tempDir(tag: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `openride-${tag}-`));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The real server in this process, on `env`'s database only (never the suite's TEST_DATABASE_URL unless given). */
async function startOn(env: Record<string, string>) {
  const port = await freePort();
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const server = await startServer(parsed, createLogger('silent'));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  cleanups.push(stop);
  return { ...server, client: () => new TestClient(server.url), stop };
}

const backup = (env: Record<string, string>, file: string) => runToExit(BACKUP, env, [file]);
const restore = (env: Record<string, string>, file: string, ...flags: string[]) => runToExit(RESTORE, env, [file, ...flags]);

/** A rider who signs up, then renames themselves: rows in the auth tables and in profiles. */
async function makeRider(client: TestClient, fullName: string) {
  const { email, status } = await signUp(client, { full_name: 'Before Rename' });
  expect(status).toBe(200);
  const renamed = await client.patch('/api/profiles/me', { full_name: fullName });
  expect(renamed.status).toBe(200);
  return email;
}

/** What a restored server must show: the rider signs in with their password, their old session still works, their profile is the backed-up one. */
async function expectRider(url: string, email: string, oldCookies: Map<string, string>, fullName: string) {
  const fresh = new TestClient(url);
  expect((await signIn(fresh, email)).status).toBe(200);
  expect((await fresh.get('/api/profiles/me')).body.full_name).toBe(fullName);
  const returning = new TestClient(url);
  for (const [k, v] of oldCookies) returning.cookies.set(k, v);
  const me = await returning.get('/api/me');
  expect(me.status).toBe(200);
  expect(me.body.user.email).toBe(email);
}

describe('embedded mode (PGlite): backup of DATA_DIR, restore into a fresh DATA_DIR', () => {
  it('backs up while the server runs, restores into a fresh DATA_DIR, and a server started there has the same data', async () => {
    const dirA = await tempDir('data-a');
    const a = await startOn({ DATA_DIR: dirA });
    const rider = a.client();
    const email = await makeRider(rider, 'Ada Backup');
    // A file beside the database (uploads, when there are some) travels with it.
    await fs.mkdir(path.join(dirA, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dirA, 'uploads', 'avatar.txt'), 'picture bytes');

    const out = await tempDir('backups');
    const file = path.join(out, 'while-running.backup');
    const made = await backup({ DATA_DIR: dirA }, file);
    expect(made.output).toContain('Backed up the running server');
    expect(made.code).toBe(0);
    // The server went on serving, and what changes after the backup is not in it.
    expect((await rider.patch('/api/profiles/me', { full_name: 'Changed After Backup' })).status).toBe(200);

    const dirB = path.join(await tempDir('data-b'), 'new-data');
    const restored = await restore({ DATA_DIR: dirB }, file);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(await fs.readFile(path.join(dirB, 'uploads', 'avatar.txt'), 'utf8')).toBe('picture bytes');
    await expect(fs.access(path.join(dirB, '.openride.backup-access.json'))).rejects.toThrow();

    const b = await startOn({ DATA_DIR: dirB });
    await expectRider(b.url, email, rider.cookies, 'Ada Backup');
    // The original is untouched by all this.
    expect((await rider.get('/api/profiles/me')).body.full_name).toBe('Changed After Backup');

    // Refusals change nothing: B's DATA_DIR is neither empty nor free.
    const notEmpty = await restore({ DATA_DIR: dirB }, file);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain('is not empty');
    const inUse = await restore({ DATA_DIR: dirB }, file, '--force');
    expect(inUse.code).toBe(1);
    expect(inUse.output).toContain('in use by a running OpenRide');
    expect((await b.client().get('/api/health/ready')).status).toBe(200);
    await expectRider(b.url, email, rider.cookies, 'Ada Backup');
    await b.stop();

    // With the server stopped, the command takes DATA_DIR's lock and copies it itself.
    await a.stop();
    const offline = path.join(out, 'stopped.backup');
    const madeOffline = await backup({ DATA_DIR: dirA }, offline);
    expect(madeOffline.output).toContain(`Backed up DATA_DIR ${dirA}`);
    expect(madeOffline.code).toBe(0);
    // --force replaces B's data with it (the server there is stopped now).
    const forced = await restore({ DATA_DIR: dirB }, offline, '--force');
    expect(forced.output).toContain('Restored');
    expect(forced.code).toBe(0);
    const b2 = await startOn({ DATA_DIR: dirB });
    await expectRider(b2.url, email, rider.cookies, 'Changed After Backup');
    await b2.stop();
  }, 300_000);

  it('refuses a file that is not a backup, a damaged one and the wrong mode, and changes nothing', async () => {
    const out = await tempDir('bad');
    // A real backup, straight from the route (the commands' own path is the test above).
    const dir = await tempDir('data-c');
    const server = await startOn({ DATA_DIR: dir });
    const access = JSON.parse(await fs.readFile(path.join(dir, '.openride.backup-access.json'), 'utf8')) as { url: string; token: string };
    const res = await fetch(`${access.url}/api/system/backup`, { headers: { authorization: `Bearer ${access.token}` } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    await server.stop();
    const good = path.join(out, 'good.backup');
    await fs.writeFile(good, bytes);

    const junk = path.join(out, 'notes.txt');
    await fs.writeFile(junk, 'not a backup at all\n'.repeat(100));
    const cut = path.join(out, 'cut.backup');
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const fakeDump = path.join(out, 'fake.dump');
    await fs.writeFile(fakeDump, 'PGDMP\x01\x0f\x00');
    const missing = path.join(out, 'never-created');
    const empty = await tempDir('empty');

    // Every refusal at once (each is its own process and none may touch its target).
    const [notBackup, noFile, damaged, intoPostgres, intoDataDir, again, inside] = await Promise.all([
      restore({ DATA_DIR: missing }, junk),
      restore({ DATA_DIR: missing }, path.join(out, 'nope.backup')),
      // Cut short: the archive is read whole and checked before DATA_DIR is touched.
      restore({ DATA_DIR: empty }, cut),
      // An embedded backup is not restored into PostgreSQL, nor a pg_dump file into a DATA_DIR.
      restore({ DATA_DIR: empty, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, good),
      restore({ DATA_DIR: empty }, fakeDump),
      // A backup never overwrites a file, nor lands inside DATA_DIR (every later backup would carry it).
      backup({ DATA_DIR: dir }, good),
      backup({ DATA_DIR: dir }, path.join(dir, 'backups', 'x.backup')),
    ]);
    expect(notBackup.output).toContain('is not an OpenRide backup');
    expect(noFile.output).toContain('no such file');
    expect(damaged.output).toContain('cut short');
    expect(intoPostgres.output).toContain('unset DATABASE_URL');
    expect(intoDataDir.output).toContain('set DATABASE_URL');
    expect(again.output).toContain('exists already');
    expect(inside.output).toContain('inside DATA_DIR');
    for (const run of [notBackup, noFile, damaged, intoPostgres, intoDataDir, again, inside]) expect(run.code).toBe(1);
    await expect(fs.access(missing)).rejects.toThrow();
    expect(await fs.readdir(empty)).toEqual([]);
    expect(await fs.readFile(good)).toEqual(bytes);
    await expect(fs.access(path.join(dir, 'backups'))).rejects.toThrow();
  }, 240_000);

  it('serves GET /api/system/backup only to this machine with the token from DATA_DIR', async () => {
    const dir = await tempDir('data-d');
    const server = await startOn({ DATA_DIR: dir });
    const access = JSON.parse(await fs.readFile(path.join(dir, '.openride.backup-access.json'), 'utf8')) as { url: string; token: string };
    expect((await fs.stat(path.join(dir, '.openride.backup-access.json'))).mode & 0o077).toBe(0);
    const url = `${access.url}/api/system/backup`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${'0'.repeat(64)}` } })).status).toBe(401);
    // Through a proxy (a forwarded header on a server told of none): not this machine, even with the token.
    expect((await fetch(url, { headers: { authorization: `Bearer ${access.token}`, 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${access.token}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/x-tar');
    const body = Buffer.from(await ok.arrayBuffer());
    expect(body.toString('utf8', 0, 20)).toBe('openride-backup.json');
    await server.stop();
    // The access file goes with the server.
    await expect(fs.access(path.join(dir, '.openride.backup-access.json'))).rejects.toThrow();
  }, 120_000);
});

async function otherConnections(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await c.end();
  return rows[0]!.n;
}

/** A server's pool closes its connections as it stops; PostgreSQL lists them a moment longer. */
async function untilNoConnections(databaseUrl: string) {
  for (let i = 0; i < 100 && (await otherConnections(databaseUrl)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('scaled mode (PostgreSQL): pg_dump, then pg_restore into a fresh database', () => {
  const redis = (): Record<string, string> => (process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {});
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of databases) await db.drop();
  });

  it('dumps the running database, restores it into an empty one, and a server there has the same data', async () => {
    // B is empty, as a restore's target must be (not a copy of the migrated template).
    const [dbA, dbB] = [await createTestDatabase(), await createTestDatabase({ empty: true })];
    databases.push(dbA, dbB);
    const urlA = dbA.env.DATABASE_URL!;
    const urlB = dbB.env.DATABASE_URL!;
    const onA = { DATA_DIR: dbA.env.DATA_DIR, DATABASE_URL: urlA };
    const onB = { DATA_DIR: dbB.env.DATA_DIR, DATABASE_URL: urlB };
    const a = await startOn({ ...onA, ...redis() });
    const rider = a.client();
    const email = await makeRider(rider, 'Grace Dump');

    const out = await tempDir('dumps');
    const file = path.join(out, 'openride.dump');
    const made = await backup({ DATABASE_URL: urlA }, file);
    expect(made.output).toContain('pg_dump');
    expect(made.code).toBe(0);
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');
    expect((await rider.patch('/api/profiles/me', { full_name: 'Changed After Dump' })).status).toBe(200);

    const restored = await restore({ DATABASE_URL: urlB }, file);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    const b = await startOn({ ...onB, ...redis() });
    await expectRider(b.url, email, rider.cookies, 'Grace Dump');

    // While a server uses the database, a restore is refused, --force or not.
    const inUse = await restore({ DATABASE_URL: urlB }, file, '--force');
    expect(inUse.code).toBe(1);
    expect(inUse.output).toContain('other connection(s)');
    await b.stop();
    await a.stop();
    await untilNoConnections(urlB);
    const notEmpty = await restore({ DATABASE_URL: urlB }, file);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain('is not empty');
    const junk = path.join(out, 'junk.dump');
    await fs.writeFile(junk, 'hello');
    const bad = await restore({ DATABASE_URL: urlB }, junk, '--force');
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('is not an OpenRide backup');
    // A file that starts like a dump but is not one: pg_restore refuses it before the database is touched.
    const fake = path.join(out, 'fake.dump');
    await fs.writeFile(fake, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(200, 7)]));
    const fakeRes = await restore({ DATABASE_URL: urlB }, fake, '--force');
    expect(fakeRes.code).toBe(1);
    expect(fakeRes.output).toContain('not a readable pg_dump archive');

    // Nothing of that reached B; --force (servers stopped) replaces its contents with the dump's.
    const b2 = await startOn({ ...onB, ...redis() });
    await expectRider(b2.url, email, rider.cookies, 'Grace Dump');
    const riderOnB = new TestClient(b2.url);
    expect((await signIn(riderOnB, email)).status).toBe(200);
    expect((await riderOnB.patch('/api/profiles/me', { full_name: 'Changed On B' })).status).toBe(200);
    await b2.stop();
    await untilNoConnections(urlB);
    const forced = await restore({ DATABASE_URL: urlB }, file, '--force');
    expect(forced.output).toContain('Restored');
    expect(forced.code).toBe(0);
    const b3 = await startOn({ ...onB, ...redis() });
    await expectRider(b3.url, email, rider.cookies, 'Grace Dump');
    await b3.stop();
    await untilNoConnections(urlB);
    await untilNoConnections(urlA);
  }, 300_000);
});
