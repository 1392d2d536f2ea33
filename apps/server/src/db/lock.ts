import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own: two processes opening one data folder would corrupt it. We hold a lock
 * on DATA_DIR for the life of the process (refreshed every few seconds, so a crashed holder's lock goes
 * stale and the next start can take it).
 */
export async function lockDataDir(dataDir: string, onCompromised: (err: Error) => void): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  await fs.mkdir(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '.openride.lock'),
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is in use by another OpenRide process. Stop that process first, or give this one another DATA_DIR (or DATABASE_URL).`,
      );
    }
    throw err;
  }
}
