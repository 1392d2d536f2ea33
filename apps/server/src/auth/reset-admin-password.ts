import type { adminPasswordResetSchema } from '@openride/shared/auth/schemas';
import { hashPassword } from 'better-auth/crypto';
import type { z } from 'zod';
import type { Ports } from '../ports';
import { AppError } from '../lib/errors';
import { adminResetIdentifier } from './admin-reset-token';
import { isCommonPassword } from './leaked-password';
import { isAdmin } from '../roles/roles.repo';

export const ADMIN_RESET_LINK_INVALID = 'This reset link is invalid, has expired or was already used. Ask for a new one.';

/**
 * /reset-admin-password, step 2: the link's token sets a new password once. The token row is deleted by
 * the same statement that finds it (two tabs submitting at once: one wins), then the password changes and
 * every session of that admin ends, in one transaction.
 */
export async function resetAdminPassword(services: Pick<Ports, 'db' | 'logger'>, { token, password }: z.output<typeof adminPasswordResetSchema>) {
  if (isCommonPassword(password)) throw new AppError('BAD_REQUEST', 'This password has appeared in a data breach. Please choose another.');
  // better-auth's own hasher (scrypt), the one its sign-in verifies against. Not `$context.password`: our
  // leaked-password plugin wraps that one and needs a better-auth endpoint around it (checked above instead).
  const hash = await hashPassword(password);
  const userId = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('verification')
      .where('identifier', '=', adminResetIdentifier(token))
      .where('expiresAt', '>', new Date())
      .returning('value')
      .executeTakeFirst();
    if (!row) return null;
    if (!(await isAdmin(trx, row.value))) return null;
    const updated = await trx
      .updateTable('account')
      .set({ password: hash, updatedAt: new Date() })
      .where('userId', '=', row.value)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    await trx.deleteFrom('session').where('userId', '=', row.value).execute();
    return row.value;
  });
  if (!userId) throw new AppError('BAD_REQUEST', ADMIN_RESET_LINK_INVALID);
  services.logger.info({ userId }, 'admin password reset through a reset link; every session of that admin ended');
}
