import {
  type InviteStaffInput,
  type SeparationOfDuties,
  STAFF_INVITATION_MACHINE,
  STAFF_INVITATION_TTL_DAYS,
  type UpdateStaffInput,
} from '@openride/shared/admin/staff';
import { staffText } from '@openride/shared/admin/staff-text';
import { messages } from '@openride/shared/messages';
import { isUuid } from '@openride/shared/text';
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import { hashToken } from '../corporate/invitations';
import type { DB } from '../db/schema';
import { AppError, domainError, notFound } from '../lib/errors';
import { move, moveAll } from '../lib/move';
import { saveSeparationOfDuties, separationOfDuties } from '../roles/duties';
import { grantStaff, revokeStaff } from '../roles/staff.repo';
import type { Ports, SessionUser } from '../ports';

/**
 * Staff management (issue 29 §2, decision 0089): an owner invites a person by email with a role and cities,
 * changes a member's role and cities, takes a member off the staff; the invitee accepts with the account of
 * the address invited. Every change is audited in the transaction that makes it; the last owner stays.
 */

const memberColumns = ['s.user_id', 'u.name', 'u.email', 's.role', 's.city_ids', 's.created_at as since'] as const;
/** Whether the member has set up two-factor sign-in (decision 0090). */
const twoFactorSet = sql<boolean>`exists (select 1 from staff_two_factor f where f.user_id = s.user_id and f.enabled_at is not null)`.as('two_factor');
const invitationColumns = ['id', 'email', 'role', 'city_ids', 'status', 'expires_at', 'created_at'] as const;

type InvitationRow = {
  id: string;
  email: string;
  role: InviteStaffInput['role'];
  city_ids: string[] | null;
  status: 'pending' | 'accepted' | 'revoked';
  expires_at: Date;
  created_at: Date;
};
const invitationView = (i: InvitationRow, now = new Date()) => ({ ...i, expired: i.expires_at.getTime() <= now.getTime() });

function membersQuery(db: Kysely<DB>) {
  return db
    .selectFrom('staff_members as s')
    .innerJoin('user as u', 'u.id', 's.user_id')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 's.user_id').on('r.role', '=', 'admin'))
    .select(memberColumns)
    .select(twoFactorSet);
}

/** The staff page: every member (owners first, then by name), and the pending invitations (newest first). */
export async function listStaff(db: Kysely<DB>) {
  const [members, invitations] = await Promise.all([
    membersQuery(db)
      .orderBy((eb) => eb.case().when('s.role', '=', 'owner').then(0).else(1).end())
      .orderBy('u.name')
      .orderBy('s.user_id')
      .execute(),
    db.selectFrom('staff_invitations').select(invitationColumns).where('status', '=', 'pending').orderBy('created_at', 'desc').execute(),
  ]);
  return { members, invitations: invitations.map((i) => invitationView(i)) };
}

async function memberOf(db: Kysely<DB>, userId: string) {
  const member = await membersQuery(db).where('s.user_id', '=', userId).executeTakeFirst();
  if (!member) throw notFound('Staff member not found');
  return member;
}

/** Every id of `cityIds` names a city (a scope of unknown cities would lock the member out of everything). */
async function checkCities(db: Kysely<DB>, cityIds: readonly string[] | null) {
  if (!cityIds) return;
  const found = await db
    .selectFrom('cities')
    .select('id')
    .where('id', 'in', [...cityIds])
    .execute();
  const missing = cityIds.filter((id) => !found.some((c) => c.id === id));
  if (missing.length) throw new AppError('UNPROCESSABLE', staffText.refusals.unknownCities(missing));
}

/** Invites `input.email`: a new link (a pending one to that address is revoked), emailed after the commit. */
export async function inviteStaff(
  services: Pick<Ports, 'db' | 'messenger' | 'publicUrl' | 'logger'>,
  actorId: string,
  input: InviteStaffInput,
  now = new Date(),
) {
  const { db } = services;
  const email = input.email.trim().toLowerCase();
  const cityIds = input.city_ids ? [...new Set(input.city_ids)] : null;
  await checkCities(db, cityIds);
  const token = randomBytes(32).toString('base64url');
  const invitation = await db.transaction().execute(async (trx) => {
    const already = await membersQuery(trx).where('u.email', '=', email).executeTakeFirst();
    if (already) throw domainError('ALREADY_STAFF');
    await moveAll(trx, STAFF_INVITATION_MACHINE, { table: 'staff_invitations', to: 'revoked', actor: 'owner', where: (eb) => eb('email', '=', email) });
    const row = await trx
      .insertInto('staff_invitations')
      .values({
        email,
        role: input.role,
        city_ids: cityIds,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + STAFF_INVITATION_TTL_DAYS * 86_400_000),
        invited_by: actorId,
      })
      .returning(invitationColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId,
      action: 'staff.invite',
      entityType: 'staff_invitation',
      entityId: row.id,
      before: null,
      after: { email, role: input.role, city_ids: cityIds },
    });
    return row;
  });
  const link = `${services.publicUrl}/staff-invitation?token=${encodeURIComponent(token)}`;
  try {
    await services.messenger.send({
      channel: 'email',
      to: email,
      subject: staffText.email.subject(messages.app.name),
      body: staffText.email.body(staffText.roles[input.role], link, messages.app.name, STAFF_INVITATION_TTL_DAYS),
    });
  } catch (err) {
    // The invitation stands; the owner can invite again (a new link) if the email did not leave.
    services.logger.error({ err, email }, 'staff invitation email failed');
  }
  return { invitation: invitationView(invitation, now) };
}

/** An owner takes back a pending invitation; one accepted is refused (INVITATION_USED), one revoked changes nothing. */
export async function revokeStaffInvitation(db: Kysely<DB>, actorId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw notFound('Invitation not found');
  await db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('staff_invitations')
      .select(['id', 'email', 'role', 'status'])
      .where('id', '=', invitationId)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) throw notFound('Invitation not found');
    if (invitation.status === 'accepted') throw domainError('INVITATION_USED');
    if (invitation.status === 'revoked') return;
    await move(trx, STAFF_INVITATION_MACHINE, { table: 'staff_invitations', id: invitationId, to: 'revoked', actor: 'owner' });
    await recordAudit(trx, {
      actorId,
      action: 'staff.invite_revoke',
      entityType: 'staff_invitation',
      entityId: invitationId,
      before: { email: invitation.email, role: invitation.role, status: 'pending' },
      after: { status: 'revoked' },
    });
  });
}

/** An owner changes a member's role and cities; taking the last owner's ownership away is refused (LAST_OWNER). */
export async function updateStaff(db: Kysely<DB>, actorId: string, userId: string, input: UpdateStaffInput) {
  const cityIds = input.city_ids ? [...new Set(input.city_ids)] : null;
  await checkCities(db, cityIds);
  await db.transaction().execute(async (trx) => {
    const before = await memberOf(trx, userId);
    await grantStaff(trx, { userId, role: input.role, cityIds, invitedBy: null });
    await recordAudit(trx, {
      actorId,
      action: 'staff.update',
      entityType: 'user',
      entityId: userId,
      before: { role: before.role, city_ids: before.city_ids },
      after: { role: input.role, city_ids: cityIds },
    });
  });
  return { member: await memberOf(db, userId) };
}

/** An owner takes a member off the staff (the console refuses them from their next request). */
export async function removeStaff(db: Kysely<DB>, actorId: string, userId: string) {
  await db.transaction().execute(async (trx) => {
    const before = await memberOf(trx, userId);
    await revokeStaff(trx, userId);
    await recordAudit(trx, {
      actorId,
      action: 'staff.remove',
      entityType: 'user',
      entityId: userId,
      before: { role: before.role, city_ids: before.city_ids },
      after: null,
    });
  });
}

/**
 * The invitee accepts, signed in with the address invited: once, before it expires, by that account only.
 * Under the invitation's row lock, which revoking takes too.
 */
export async function acceptStaffInvitation(db: Kysely<DB>, user: SessionUser, token: string, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const i = await trx.selectFrom('staff_invitations').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
    if (!i || i.status === 'revoked') throw domainError('INVITATION_INVALID');
    if (i.status === 'accepted') throw domainError('INVITATION_USED');
    if (i.expires_at.getTime() <= now.getTime()) throw domainError('INVITATION_EXPIRED');
    if (user.email.toLowerCase() !== i.email) throw domainError('INVITATION_WRONG_ACCOUNT');
    await grantStaff(trx, { userId: user.id, role: i.role, cityIds: i.city_ids, invitedBy: i.invited_by });
    await move(trx, STAFF_INVITATION_MACHINE, {
      table: 'staff_invitations',
      id: i.id,
      to: 'accepted',
      actor: 'invitee',
      set: { accepted_by: user.id, accepted_at: now },
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'staff.join',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { role: i.role, city_ids: i.city_ids, invitation_id: i.id },
    });
  });
  return { member: await memberOf(db, user.id) };
}

/** Who the command line acts as in the audit log (`npm run admin -- grant|revoke`). */
export const CLI_ACTOR = 'npm run admin';

/**
 * `npm run admin -- grant --email E --role R [--cities a,b]`: the account with that email gets that role and
 * scope (an existing staff member's are changed), audited as the command line's. Null when no account has it.
 */
export async function grantByEmail(db: Kysely<DB>, email: string, role: UpdateStaffInput['role'], cityIds: readonly string[] | null) {
  const user = await db.selectFrom('user').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) return null;
  await checkCities(db, cityIds);
  await db.transaction().execute(async (trx) => {
    const before = await membersQuery(trx).where('s.user_id', '=', user.id).executeTakeFirst();
    await grantStaff(trx, { userId: user.id, role, cityIds, invitedBy: null });
    await recordAudit(trx, {
      actorId: CLI_ACTOR,
      action: before ? 'staff.update' : 'staff.join',
      entityType: 'user',
      entityId: user.id,
      before: before ? { role: before.role, city_ids: before.city_ids } : null,
      after: { role, city_ids: cityIds },
    });
  });
  return memberOf(db, user.id);
}

/** `npm run admin -- revoke --email E`: off the staff (the last owner stays). False when they were not staff. */
export async function revokeByEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  const member = await membersQuery(db).where('u.email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!member) return false;
  await db.transaction().execute(async (trx) => {
    await revokeStaff(trx, member.user_id);
    await recordAudit(trx, {
      actorId: CLI_ACTOR,
      action: 'staff.remove',
      entityType: 'user',
      entityId: member.user_id,
      before: { role: member.role, city_ids: member.city_ids },
      after: null,
    });
  });
  return true;
}

/** An owner sets the separation of duties (decision 0092), audited with what it was and what it is. */
export async function setSeparationOfDuties(db: Kysely<DB>, actorId: string, duties: SeparationOfDuties) {
  await db.transaction().execute(async (trx) => {
    const before = await separationOfDuties(trx);
    await saveSeparationOfDuties(trx, duties);
    await recordAudit(trx, { actorId, action: 'staff.duties', entityType: 'setting', entityId: 'separation_of_duties', before, after: duties });
  });
  return { duties: await separationOfDuties(db) };
}
