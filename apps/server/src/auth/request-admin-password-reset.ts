import { randomUUID } from 'node:crypto';
import { ADMIN_RESET_LINK_MINUTES, type adminPasswordResetRequestSchema } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import type { z } from 'zod';
import { isAdmin } from '../roles/roles.repo';
import type { Ports } from '../ports';
import { AppError } from '../lib/errors';
import { randomToken } from '../lib/settings';
import { ADMIN_RESET_PREFIX, adminResetIdentifier } from './admin-reset-token';
import { take } from '../lib/rate-limit';

/**
 * /reset-admin-password, step 1. Answers the same whether or not the email belongs to an admin (nobody
 * learns who the admins are); only an admin gets an email, with a single-use link valid 30 minutes. A
 * new request replaces the admin's earlier pending link.
 */
export async function requestAdminPasswordReset(
  services: Pick<Ports, 'db' | 'limiters' | 'messenger' | 'publicUrl'>,
  { email }: z.output<typeof adminPasswordResetRequestSchema>,
  ctx: { ip: string },
) {
  if (!(await take(services.limiters.adminResetPerIp, ctx.ip))) throw new AppError('RATE_LIMITED', 'Too many reset requests. Please try again later.');
  const link = await createAdminResetLink(services, email);
  if (link) {
    await services.messenger.send({
      channel: 'email',
      to: link.email,
      subject: `Reset your ${messages.app.name} administrator password`,
      body:
        `Someone asked to reset the password of your ${messages.app.name} administrator account.\n\n` +
        `Open this link within ${ADMIN_RESET_LINK_MINUTES} minutes to choose a new password (it works once):\n${link.url}\n\n` +
        `Setting a new password signs you out everywhere. If it wasn't you, ignore this email.`,
    });
  }
}

/** The link for that admin, or null when the email is not an admin's. Also used by `npm run admin -- reset-password`. */
export async function createAdminResetLink(services: Pick<Ports, 'db' | 'messenger' | 'publicUrl'>, email: string) {
  const normalized = email.trim().toLowerCase();
  const user = await services.db.selectFrom('user').select(['id', 'email']).where('email', '=', normalized).executeTakeFirst();
  if (!user || !(await isAdmin(services.db, user.id))) return null;
  const token = randomToken(32);
  const now = new Date();
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verification').where('identifier', 'like', `${ADMIN_RESET_PREFIX}%`).where('value', '=', user.id).execute();
    await trx
      .insertInto('verification')
      .values({
        id: randomUUID(),
        identifier: adminResetIdentifier(token),
        value: user.id,
        expiresAt: new Date(now.getTime() + ADMIN_RESET_LINK_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  return { email: user.email, url: `${services.publicUrl}/reset-admin-password?token=${token}` };
}
