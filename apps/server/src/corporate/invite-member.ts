import type { InviteMemberInput } from '@openride/shared/corporate/schemas';
import { recordAudit } from '../audit/record-audit';
import { domainError } from '../lib/errors';
import { requireCompanyAdmin } from './corporate.repo';
import { emailInvitation, invitationView, writeInvitation } from './invitations';
import type { Ports } from '../ports';

/**
 * A company admin invites a person by email (decision 0067): an invitation with a random token, expiring, and an
 * email with the link /corporate-accounts?invite=TOKEN after commit. An active member already is refused.
 * Audited `company.invite`.
 */
export async function inviteMember(
  services: Pick<Ports, 'db' | 'messenger' | 'publicUrl' | 'logger'>,
  actorId: string,
  companyId: string,
  input: { email: string; role: InviteMemberInput['role'] & string },
) {
  const { db } = services;
  await requireCompanyAdmin(db, companyId, actorId);
  const result = await db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom('companies').select(['name']).where('id', '=', companyId).forNoKeyUpdate().executeTakeFirstOrThrow();
    const member = await trx
      .selectFrom('company_members as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.company_id', '=', companyId)
      .where('m.status', '=', 'active')
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', input.email))
      .executeTakeFirst();
    if (member) throw domainError('ALREADY_COMPANY_MEMBER');
    const written = await writeInvitation(trx, { companyId, email: input.email, role: input.role, invitedBy: actorId });
    await recordAudit(trx, {
      actorId,
      action: 'company.invite',
      entityType: 'company',
      entityId: companyId,
      before: null,
      after: { email: input.email, role: input.role, invitation_id: written.invitation.id },
    });
    return { ...written, companyName: company.name };
  });
  await emailInvitation(services, result.companyName, input.email, result.token);
  return invitationView(result.invitation);
}
