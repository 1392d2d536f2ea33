import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { readTar, TarFormatError, TarWriter } from './tar';

/**
 * The embedded mode's backup file (decision 0028): a plain tar holding, in this order,
 *   openride-backup.json   what it is (format, version, when, the last migration applied)
 *   pgdata.tar.gz          PGlite's own dump of the database folder (`dumpDataDir`)
 *   files/<path>           every other file of DATA_DIR (uploads, when there are any)
 * The scaled mode's backup file is pg_dump's custom format, untouched.
 */

export const MANIFEST_NAME = 'openride-backup.json';
export const PGDATA_NAME = 'pgdata.tar.gz';
export const FILES_PREFIX = 'files/';
export const BACKUP_FORMAT = 'openride-backup';
export const BACKUP_VERSION = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  mode: 'embedded';
  created_at: string;
  /** The last migration the database had: a restore into an older OpenRide that lacks it is refused. */
  migration: string | null;
  files: number;
};

export class BackupFormatError extends Error {}

/** What DATA_DIR holds that is not data: the database folder (dumped by PGlite), the lock, the backup access file, a restore under way. */
const NOT_FILES = [/^pgdata$/, /^\.openride\.lock/, /^\.openride\.backup-access\.json$/, /^\.restore-/];
export const isDataDirBookkeeping = (topLevelName: string) => NOT_FILES.some((re) => re.test(topLevelName));

/** DATA_DIR's other regular files (relative paths, `/`-separated), with their sizes: what goes under `files/`. */
export async function listDataFiles(dataDir: string): Promise<Array<{ rel: string; size: number; mtime: number }>> {
  const out: Array<{ rel: string; size: number; mtime: number }> = [];
  const walk = async (dir: string, rel: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!rel && isDataDirBookkeeping(entry.name)) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      // Uploads under way (decision 0045): half-written, renamed away when complete; never part of a backup.
      if (childRel === 'uploads/.tmp') continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(abs, childRel);
      else if (entry.isFile()) {
        const stat = await fs.stat(abs);
        out.push({ rel: childRel, size: stat.size, mtime: stat.mtimeMs });
      }
    }
  };
  await walk(path.resolve(dataDir), '');
  return out;
}

/** The archive as a stream: the manifest, PGlite's dump, then DATA_DIR's other files. An error destroys the stream. */
export async function embeddedArchiveStream(opts: { dataDir: string; pgdata: Blob; migration: string | null }): Promise<Readable> {
  const files = await listDataFiles(opts.dataDir);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    mode: 'embedded',
    created_at: new Date().toISOString(),
    migration: opts.migration,
    files: files.length,
  };
  const pgdata = new Uint8Array(await opts.pgdata.arrayBuffer());
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const tar = new TarWriter(out);
  void (async () => {
    await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
    await tar.addBuffer(PGDATA_NAME, pgdata);
    for (const file of files) await tar.addFile(FILES_PREFIX + file.rel, path.join(opts.dataDir, file.rel), file.size, file.mtime);
    await tar.finish();
    out.end();
  })().catch((err: Error) => out.destroy(err));
  return out;
}

/** A path from the archive that stays inside DATA_DIR and is not one of its bookkeeping names. */
function safeRelativePath(rel: string) {
  const parts = rel.split('/');
  return (
    rel.length > 0 && !rel.includes('\\') && !rel.includes('\0') && parts.every((p) => p !== '' && p !== '.' && p !== '..') && !isDataDirBookkeeping(parts[0]!)
  );
}

export type EmbeddedArchive = { manifest: BackupManifest; pgdata: Buffer; files: Array<{ rel: string; data: Buffer }> };

/** Reads and checks a whole embedded backup. Throws BackupFormatError, in words, on anything that is not one. */
export function readEmbeddedArchive(buf: Buffer): EmbeddedArchive {
  let entries;
  try {
    entries = readTar(buf);
  } catch (err) {
    if (err instanceof TarFormatError) throw new BackupFormatError(`not an OpenRide backup, or a damaged one: ${err.message}`);
    throw err;
  }
  if (entries[0]?.name !== MANIFEST_NAME) throw new BackupFormatError(`not an OpenRide backup: it does not start with ${MANIFEST_NAME}`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(entries[0].data.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupFormatError(`not an OpenRide backup: ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.mode !== 'embedded') throw new BackupFormatError('not an OpenRide embedded-mode backup');
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupFormatError(
      `this backup has format version ${String(manifest.version)}; this OpenRide reads version ${BACKUP_VERSION} (use the OpenRide that made it)`,
    );
  }
  const pgdata = entries.find((e) => e.name === PGDATA_NAME)?.data;
  if (!pgdata || pgdata[0] !== 0x1f || pgdata[1] !== 0x8b) throw new BackupFormatError(`the backup is damaged: ${PGDATA_NAME} is missing or not gzip`);
  const files: EmbeddedArchive['files'] = [];
  for (const entry of entries.slice(1)) {
    if (entry.name === PGDATA_NAME) continue;
    const rel = entry.name.startsWith(FILES_PREFIX) ? entry.name.slice(FILES_PREFIX.length) : '';
    if (!safeRelativePath(rel)) throw new BackupFormatError(`the backup is damaged or unsafe: unexpected entry ${JSON.stringify(entry.name)}`);
    files.push({ rel, data: entry.data });
  }
  if (files.length !== manifest.files) throw new BackupFormatError(`the backup is incomplete: ${files.length} of ${manifest.files} files`);
  return { manifest, pgdata, files };
}
