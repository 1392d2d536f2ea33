import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore-backup';
import { BackupError } from '../backup/pg-tools';
import { EnvError, parseEnv } from '../env';

const usage = [
  'Usage: npm run restore -- FILE [--force]',
  '  Embedded mode (no DATABASE_URL): into DATA_DIR, which must be empty and not in use.',
  '  Scaled mode (DATABASE_URL set): pg_restore into that database, which must be empty and not in use.',
  '  --force replaces what the target holds.',
].join('\n');

let args;
try {
  args = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

/** FILE as the user typed it: relative to where they ran npm (npm runs scripts from the repository's root). */
const argumentPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const env = parseEnv();
  const started = performance.now();
  const result = await restoreBackup(env, argumentPath(args.positionals[0]!), { force: args.values.force });
  console.log(
    result.kind === 'pg_dump'
      ? `Restored ${args.positionals[0]} into the database of DATABASE_URL (${Math.round(performance.now() - started)} ms).`
      : `Restored ${args.positionals[0]} (made ${result.created_at}, ${result.files} other files) into DATA_DIR ${result.into} (${Math.round(performance.now() - started)} ms). Start the server on it.`,
  );
} catch (err) {
  if (err instanceof EnvError || err instanceof BackupError) {
    console.error(`Restore failed, nothing was changed: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
