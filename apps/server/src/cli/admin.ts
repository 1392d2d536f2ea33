import { parseArgs } from 'node:util';
import { ensureAdmin } from '../admin/ensure-admin';
import { createAdminResetLink } from '../auth/request-admin-password-reset';
import { DataDirLockedError } from '../db/lock';
import { EnvError, parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { bootServices } from '../server';

const usage = [
  'Usage: npm run admin -- create --email EMAIL --password PASSWORD',
  '       npm run admin -- reset-password --email EMAIL   (prints a single-use link, valid 30 minutes, to set a new password)',
].join('\n');

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create' && command !== 'reset-password') {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email || (command === 'create' && !values.password)) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = parseEnv();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const { services, cleanup } = await bootServices(env, logger);
  try {
    if (command === 'reset-password') {
      // For an operator locked out of email: the same link /reset-admin-password would send.
      const link = await createAdminResetLink(services, values.email);
      if (!link) {
        console.error(`${values.email} is not an administrator here.`);
        process.exitCode = 1;
      } else {
        console.log(`Open this link within 30 minutes to set a new password for ${link.email} (it works once; every session of that admin ends):`);
        console.log(link.url);
      }
    } else {
      const result = await ensureAdmin(services, values.email, values.password!);
      console.log(
        result.created ? `Created admin ${values.email}.` : result.promoted ? `Promoted ${values.email} to admin.` : `${values.email} is already an admin.`,
      );
      console.log(`Admin panel: ${services.publicUrl}${services.adminPath}`);
    }
  } finally {
    await cleanup();
  }
} catch (err) {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  const message = (err as { body?: { message?: string } }).body?.message ?? (err as Error).message;
  console.error(`Could not ${command === 'create' ? 'create the admin' : 'make a reset link'}: ${message}`);
  process.exit(1);
}
