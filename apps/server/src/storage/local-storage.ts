import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type Storage } from './storage';

/** Where half-written files wait for their rename: inside the root, so the rename never crosses a file system. */
const TEMP_DIR = '.tmp';
const TYPE_SUFFIX = '.type';

/**
 * Files on local disk under `root` (DATA_DIR/uploads). Each put writes to a temporary file, fsyncs it and
 * renames it into place, so a crash or a refused stream never leaves half a file under its key. Keys are
 * checked (`isStorageKey`) and resolved inside `root` before any file system call.
 */
export async function createLocalStorage(root: string): Promise<Storage> {
  const base = path.resolve(root);
  await fsp.mkdir(path.join(base, TEMP_DIR), { recursive: true });

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const resolved = path.resolve(base, ...key.split('/'));
    // Belt and braces: the key pattern already forbids `..`, absolute paths and backslashes.
    if (!resolved.startsWith(base + path.sep) || resolved.startsWith(path.join(base, TEMP_DIR) + path.sep))
      throw new Error(`storage key outside the uploads folder: ${key}`);
    return resolved;
  };

  async function writeAtomically(target: string, body: Readable): Promise<number> {
    const temp = path.join(base, TEMP_DIR, `${randomUUID()}.part`);
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, count, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      const handle = await fsp.open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
      return size;
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  return {
    kind: 'local',
    async put(key, body, { contentType }) {
      const target = pathOf(key);
      const size = await writeAtomically(target, body);
      // The type beside the bytes (a disk has no object metadata); the files table holds it too.
      await fsp.writeFile(`${target}${TYPE_SUFFIX}`, contentType, { mode: 0o600 });
      return { size };
    },
    async get(key) {
      const target = pathOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(target, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const { size } = await handle.stat();
      const contentType = await fsp.readFile(`${target}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream');
      return { stream: handle.createReadStream(), size, contentType };
    },
    async delete(key) {
      const target = pathOf(key);
      await fsp.rm(target, { force: true });
      await fsp.rm(`${target}${TYPE_SUFFIX}`, { force: true });
    },
    async exists(key) {
      try {
        return (await fsp.stat(pathOf(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    close() {},
  };
}
