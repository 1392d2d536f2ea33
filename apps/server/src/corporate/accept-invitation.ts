import { INVITATION_MACHINE, MEMBER_MACHINE } from '@openride/shared/corporate/membership-state';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import type { SessionUser } from '../ports';
import { domainError } from '../lib/errors';
import { myCompanies } from './corporate.repo';
import { hashToken } from './invitations';
import { move, moveAll } from '../lib/move';

function invitationByToken(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('company_invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['i.id', 'i.company_id', 'i.email', 'i.role', 'i.status', 'i.expires_at', 'c.name as company_name'])
    .where('i.token_hash', '=', hashToken(token));
}

/** What a link is for: the company and the address invited (to the signed-in holder of the link). */
export async function previewInvitation(db: Kysely<DB>, token: string, now = new Date()) {
  const i = await invitationByToken(db, token).executeTakeFirst();
  if (!i || i.status === 'revoked') throw domainError('INVITATION_INVALID');
  return { company_name: i.company_name, email: i.email, role: i.role, status: i.status, expired: new Date(i.expires_at).getTime() <= now.getTime() };
}

/**
 * The invitee accepts, signed in with the address invited (decision 0067): once (a used link is refused), before
 * it expires, by that account only. A removed member invited again is active again; the role is the invitation's.
 */
export async function acceptInvitation(db: Kysely<DB>, user: SessionUser, token: string, now = new Date()) {
  const companyId = await db.transaction().execute(async (trx) => {
    const i = await invitationByToken(trx, token).forUpdate('i').executeTakeFirst();
    if (!i || i.status === 'revoked') throw domainError('INVITATION_INVALID');
    if (i.status === 'accepted') throw domainError('INVITATION_USED');
    if (new Date(i.expires_at).getTime() <= now.getTime()) throw domainError('INVITATION_EXPIRED');
    if (user.email.toLowerCase() !== i.email) throw domainError('INVITATION_WRONG_ACCOUNT');
    const joined = await trx
      .insertInto('company_members')
      .values({ company_id: i.company_id, user_id: user.id, role: i.role, monthly_budget_cents: null })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!joined) {
      // A membership row already there: a removed member is active again; either way the role is the invitation's.
      const membership = { role: i.role, removed_at: null, joined_at: now };
      const member = (eb: ExpressionBuilder<DB, 'company_members'>) => eb.and([eb('company_id', '=', i.company_id), eb('user_id', '=', user.id)]);
      const rejoined = await moveAll(trx, MEMBER_MACHINE, { table: 'company_members', to: 'active', actor: 'invitee', set: membership, where: member });
      if (rejoined.length === 0) await trx.updateTable('company_members').set(membership).where(member).execute();
    }
    await move(trx, INVITATION_MACHINE, {
      table: 'company_invitations',
      id: i.id,
      to: 'accepted',
      actor: 'invitee',
      set: { accepted_by: user.id, accepted_at: now },
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'company.member_add',
      entityType: 'company',
      entityId: i.company_id,
      before: null,
      after: { user_id: user.id, role: i.role, invitation_id: i.id },
    });
    return i.company_id;
  });
  const company = (await myCompanies(db, user.id)).find((c) => c.company_id === companyId)!;
  return { company };
}
