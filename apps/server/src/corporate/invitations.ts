import { INVITATION_MACHINE } from '@openride/shared/corporate/membership-state';
import { createHash, randomBytes } from 'node:crypto';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { INVITATION_TTL_DAYS } from '@openride/shared/corporate/schemas';
import { messages } from '@openride/shared/messages';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { moveAll } from '../lib/move';
import type { Ports } from '../ports';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Writes an invitation in the caller's transaction: a random 256-bit token (only its hash is kept), expiring in
 * INVITATION_TTL_DAYS; a pending invitation to the same address is revoked first (its link stops working).
 */
export async function writeInvitation(
  trx: Kysely<DB>,
  input: { companyId: string; email: string; role: 'admin' | 'member'; invitedBy: string | null },
  now = new Date(),
) {
  await moveAll(trx, INVITATION_MACHINE, {
    table: 'company_invitations',
    to: 'revoked',
    actor: 'company_admin',
    where: (eb) => eb.and([eb('company_id', '=', input.companyId), eb('email', '=', input.email)]),
  });
  const token = randomBytes(32).toString('base64url');
  const invitation = await trx
    .insertInto('company_invitations')
    .values({
      company_id: input.companyId,
      email: input.email,
      role: input.role,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      invited_by: input.invitedBy,
    })
    .returning(['id', 'email', 'role', 'status', 'expires_at', 'created_at'])
    .executeTakeFirstOrThrow();
  return { invitation, token };
}

export const invitationView = (
  i: { id: string; email: string; role: 'admin' | 'member'; status: 'pending' | 'accepted' | 'revoked'; expires_at: Date | string; created_at: Date | string },
  now = new Date(),
) => ({
  ...i,
  expired: new Date(i.expires_at).getTime() <= now.getTime(),
  expires_at: new Date(i.expires_at).toISOString(),
  created_at: new Date(i.created_at).toISOString(),
});

/** The invitation email, after the invitation committed, through the messenger (the dev outbox, or SMTP by a job). */
export async function emailInvitation(services: Pick<Ports, 'messenger' | 'publicUrl' | 'logger'>, companyName: string, email: string, token: string) {
  const link = `${services.publicUrl}/corporate-accounts?invite=${encodeURIComponent(token)}`;
  try {
    await services.messenger.send({
      channel: 'email',
      to: email,
      subject: corporateText.email.subject(companyName),
      body: corporateText.email.body(companyName, link, messages.app.name),
    });
  } catch (err) {
    // The invitation stands; the company admin can invite again (a new link) if the email did not leave.
    services.logger.error({ err, email }, 'company invitation email failed');
  }
}
