import { INVITATION_MACHINE } from '@openride/shared/corporate/membership-state';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';
import { requireCompanyAdmin } from './corporate.repo';
import { move } from '../lib/move';

/**
 * A company admin takes back a pending invitation (decision 0072): its link then answers INVITATION_INVALID, as a
 * replaced one does. One already accepted is refused (INVITATION_USED, 409: remove the person instead); one
 * already revoked changes nothing. Under the invitation's row lock, which accepting takes too, so a revoke and an
 * accept at once end one way or the other, never both. Audited `company.invite_revoke`.
 */
export async function revokeInvitation(db: Kysely<DB>, actorId: string, companyId: string, invitationId: string) {
  await requireCompanyAdmin(db, companyId, actorId);
  if (!isUuid(invitationId)) throw notFound('Invitation not found');
  await db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('company_invitations')
      .select(['id', 'email', 'role', 'status'])
      .where('id', '=', invitationId)
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) throw notFound('Invitation not found');
    if (invitation.status === 'accepted') throw domainError('INVITATION_USED');
    if (invitation.status === 'revoked') return;
    await move(trx, INVITATION_MACHINE, { table: 'company_invitations', id: invitationId, to: 'revoked', actor: 'company_admin' });
    await recordAudit(trx, {
      actorId,
      action: 'company.invite_revoke',
      entityType: 'company',
      entityId: companyId,
      before: { invitation_id: invitationId, email: invitation.email, role: invitation.role, status: 'pending' },
      after: { invitation_id: invitationId, status: 'revoked' },
    });
  });
}
