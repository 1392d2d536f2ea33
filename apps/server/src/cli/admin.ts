import { parseArgs } from 'node:util';
import { ensureAdmin } from '../admin/ensure-admin';
import { createAdminResetLink } from '../auth/request-admin-password-reset';
import { DataDirLockedError } from '../db/lock';
import { EnvError, parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { bootServices } from '../server';
import { STAFF_ROLES, type StaffRole } from '@openride/shared/admin/permissions';
import { AppError } from '../lib/errors';
import { CLI_ACTOR, grantByEmail, revokeByEmail } from '../staff/staff';
import { resetTwoFactorByEmail } from '../auth/reset-two-factor';
import { twoFactorText } from '@openride/shared/admin/two-factor-text';

const usage = [
  'Usage: npm run admin -- create --email EMAIL --password PASSWORD',
  '       npm run admin -- reset-password --email EMAIL   (prints a single-use link, valid 30 minutes, to set a new password)',
  `       npm run admin -- grant --email EMAIL --role ROLE [--cities ID,ID]   (ROLE: ${STAFF_ROLES.join(', ')}; no --cities: every city)`,
  '       npm run admin -- revoke --email EMAIL   (off the staff: no console)',
  '       npm run admin -- reset-2fa --email EMAIL   (a lost authenticator: they set up two-factor sign-in again; run it with the server stopped)',
  'create makes an owner of every city.',
].join('\n');

const COMMANDS = ['create', 'reset-password', 'grant', 'revoke', 'reset-2fa'] as const;
const [command, ...rest] = process.argv.slice(2) as [(typeof COMMANDS)[number], ...string[]];
if (!COMMANDS.includes(command)) {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, cities: { type: 'string' } },
});
const role = values.role as StaffRole | undefined;
if (!values.email || (command === 'create' && !values.password) || (command === 'grant' && !STAFF_ROLES.includes(role!))) {
  console.error(usage);
  process.exit(2);
}
const cities = values.cities
  ? values.cities
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
  : null;

try {
  const env = parseEnv();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const { services, cleanup } = await bootServices(env, logger);
  try {
    if (command === 'grant') {
      const member = await grantByEmail(services.db, values.email, role!, cities?.length ? cities : null);
      if (!member) {
        console.error(`No account has the email ${values.email}: they sign up first (or an owner invites them from the Staff page).`);
        process.exitCode = 1;
      } else {
        console.log(`${member.email} is ${member.role} of ${member.city_ids ? member.city_ids.join(', ') : 'every city'}.`);
      }
    } else if (command === 'revoke') {
      const removed = await revokeByEmail(services.db, values.email);
      console.log(removed ? `${values.email} is off the staff.` : `${values.email} is not on the staff.`);
    } else if (command === 'reset-2fa') {
      // For a staff member who lost their authenticator (an owner above all: no other owner to reset theirs).
      const outcome = await resetTwoFactorByEmail(services.db, CLI_ACTOR, values.email);
      if (outcome === 'no-account') {
        console.error(`No account has the email ${values.email}.`);
        process.exitCode = 1;
      } else {
        console.log(outcome === 'reset' ? twoFactorText.cli.reset(values.email) : twoFactorText.cli.nothing(values.email));
      }
    } else if (command === 'reset-password') {
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
  if (err instanceof EnvError || err instanceof DataDirLockedError || err instanceof AppError) {
    console.error(err.message);
    process.exit(1);
  }
  const message = (err as { body?: { message?: string } }).body?.message ?? (err as Error).message;
  const what = {
    create: 'create the admin',
    'reset-password': 'make a reset link',
    grant: 'grant the role',
    revoke: 'revoke the role',
    'reset-2fa': 'reset two-factor sign-in',
  }[command];
  console.error(`Could not ${what}: ${message}`);
  process.exit(1);
}
