import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * How `npm run backup` reaches the server that holds DATA_DIR (decision 0028): the server writes its
 * loopback address and a random token into DATA_DIR, readable by its owner only. Whoever can read the
 * file can read the database files anyway, so the token grants nothing new; it is removed at shutdown and
 * never goes into a backup.
 */
export const BACKUP_ACCESS_FILE = '.openride.backup-access.json';

export type BackupAccess = { url: string; token: string; pid: number };

/** The address this machine reaches a server listening on `host:port` at. */
export function loopbackUrl(host: string, port: number) {
  if (host === '0.0.0.0' || host === '' || host === 'localhost' || host === '127.0.0.1') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '::1') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

export async function publishBackupAccess(dataDir: string, access: BackupAccess): Promise<() => Promise<void>> {
  const file = path.join(path.resolve(dataDir), BACKUP_ACCESS_FILE);
  await fs.rm(file, { force: true });
  await fs.writeFile(file, JSON.stringify(access), { mode: 0o600, flag: 'wx' });
  return () => fs.rm(file, { force: true });
}

export async function readBackupAccess(dataDir: string): Promise<BackupAccess | null> {
  const text = await fs.readFile(path.join(path.resolve(dataDir), BACKUP_ACCESS_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    const access = JSON.parse(text) as BackupAccess;
    return typeof access.url === 'string' && typeof access.token === 'string' ? access : null;
  } catch {
    return null;
  }
}
