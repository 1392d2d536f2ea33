import { parseArgs } from 'node:util';
import { ensureAdmin } from '../admin/ensure-admin';
import { DataDirLockedError } from '../db/lock';
import { EnvError, parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { bootServices } from '../server';

const usage = 'Usage: npm run admin -- create --email EMAIL --password PASSWORD';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create') {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email || !values.password) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = parseEnv();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const { services, cleanup } = await bootServices(env, logger);
  try {
    const result = await ensureAdmin(services, values.email, values.password);
    console.log(
      result.created
        ? `Created admin ${values.email}.`
        : result.promoted
          ? `Promoted ${values.email} to admin.`
          : `${values.email} is already an admin.`,
    );
    console.log(`Admin panel: ${services.publicUrl}${services.adminPath}`);
  } finally {
    await cleanup();
  }
} catch (err) {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  const message = (err as { body?: { message?: string } }).body?.message ?? (err as Error).message;
  console.error(`Could not create the admin: ${message}`);
  process.exit(1);
}
