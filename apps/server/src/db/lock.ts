import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** Whether a process with this id runs on this machine (EPERM: it does, under another user). */
function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data folder would corrupt it. We hold a lock
 * on DATA_DIR for the life of the process (refreshed every few seconds, so a crashed holder's lock goes
 * stale and the next start can take it). The holder's process id and host are written beside the lock:
 * when the holder is a process of this machine that no longer exists (a crash, a kill -9), the lock is
 * taken over at once instead of after the 15 s staleness — a crashed server comes back immediately.
 */
export async function lockDataDir(dataDir: string, onCompromised: (err: Error) => void): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const lockfilePath = path.join(dir, '.openride.lock');
  const holderPath = path.join(dir, '.openride.lock.holder');
  const take = async () => {
    const release = await lockfile.lock(dir, { lockfilePath, stale: 15_000, update: 5_000, realpath: false, onCompromised });
    await fs.writeFile(holderPath, JSON.stringify({ pid: process.pid, host: os.hostname() }));
    return release;
  };
  try {
    try {
      return await take();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      const holder = await fs
        .readFile(holderPath, 'utf8')
        .then((t) => JSON.parse(t) as { pid?: number; host?: string })
        .catch(() => null);
      if (!holder?.pid || holder.host !== os.hostname() || holder.pid === process.pid || isAlive(holder.pid)) throw err;
      await fs.rm(lockfilePath, { recursive: true, force: true });
      return await take();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is in use by another OpenRide process. Stop that process first, or give this one another DATA_DIR (or DATABASE_URL).`,
      );
    }
    throw err;
  }
}
