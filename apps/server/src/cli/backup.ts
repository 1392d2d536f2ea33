import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupFormatError } from '../backup/backup-archive';
import { createBackup } from '../backup/create-backup';
import { BackupError } from '../backup/pg-tools';
import { DataDirLockedError } from '../db/lock';
import { EnvError, parseEnv } from '../env';

const usage = [
  'Usage: npm run backup -- FILE',
  '  Embedded mode (no DATABASE_URL): a consistent copy of DATA_DIR, from the running server if one holds it.',
  '  Scaled mode (DATABASE_URL set): pg_dump in its custom format.',
].join('\n');

const { positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`);

/** FILE as the user typed it: relative to where they ran npm (npm runs scripts from the repository's root). */
const argumentPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const env = parseEnv();
  const started = performance.now();
  const result = await createBackup(env, argumentPath(positionals[0]!));
  const source = result.how === 'pg_dump' ? 'pg_dump of DATABASE_URL' : result.how === 'running server' ? 'the running server' : `DATA_DIR ${env.DATA_DIR}`;
  console.log(`Backed up ${source} to ${result.file} (${size(result.bytes)}, ${Math.round(performance.now() - started)} ms).`);
} catch (err) {
  if (err instanceof EnvError || err instanceof BackupError || err instanceof BackupFormatError || err instanceof DataDirLockedError) {
    console.error(`Backup failed: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
