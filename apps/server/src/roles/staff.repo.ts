import { type Permission, roleMay, type StaffRole } from '@openride/shared/admin/permissions';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';

/** A staff member as the console's routes see them (decision 0089): their role and cities (null: every city). */
export type StaffMember = { userId: string; role: StaffRole; cityIds: readonly string[] | null };

/**
 * Their two-factor sign-in (decision 0090): whether they have enrolled, and whether the session asked about
 * has given the second factor.
 */
export type StaffTwoFactor = { enrolled: boolean; verified: boolean };

/**
 * The signed-in person's staff record: they hold the console's `admin` role and a staff role; else null. With
 * their two-factor state in `sessionId` (no session: not verified), read in the same one query.
 */
export async function staffOf(db: Kysely<DB>, userId: string, sessionId?: string): Promise<(StaffMember & { twoFactor: StaffTwoFactor }) | null> {
  const row = await db
    .selectFrom('staff_members as s')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 's.user_id').on('r.role', '=', 'admin'))
    .leftJoin('staff_two_factor as t', (j) => j.onRef('t.user_id', '=', 's.user_id').on('t.enabled_at', 'is not', null))
    .leftJoin('staff_two_factor_sessions as v', (j) => j.onRef('v.user_id', '=', 's.user_id').on('v.session_id', '=', sessionId ?? ''))
    .select(['s.user_id', 's.role', 's.city_ids', 't.user_id as enrolled', 'v.session_id as verified'])
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { userId: row.user_id, role: row.role, cityIds: row.city_ids, twoFactor: { enrolled: row.enrolled !== null, verified: row.verified !== null } };
}

/** Whether the staff member may do `permission`. */
export const staffMay = (staff: StaffMember | null, permission: Permission) => staff !== null && roleMay(staff.role, permission);

/**
 * Makes `userId` a staff member with `role` over `cityIds` (null: every city), or changes their role and
 * scope: the console's `admin` role and the staff row together, in the caller's transaction. Refuses to
 * take the last owner's ownership away (LAST_OWNER).
 */
export async function grantStaff(trx: Kysely<DB>, input: { userId: string; role: StaffRole; cityIds: readonly string[] | null; invitedBy: string | null }) {
  if (input.role !== 'owner') await keepAnOwner(trx, input.userId);
  await trx
    .insertInto('user_roles')
    .values({ user_id: input.userId, role: 'admin' })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
  const cityIds = input.cityIds ? [...input.cityIds] : null;
  await trx
    .insertInto('staff_members')
    .values({ user_id: input.userId, role: input.role, city_ids: cityIds, invited_by: input.invitedBy })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role: input.role, city_ids: cityIds, updated_at: new Date() }))
    .execute();
}

/** Takes `userId` off the staff: no console, no role. Refuses to remove the last owner (LAST_OWNER). */
export async function revokeStaff(trx: Kysely<DB>, userId: string): Promise<boolean> {
  await keepAnOwner(trx, userId);
  const removed = await trx.deleteFrom('staff_members').where('user_id', '=', userId).executeTakeFirst();
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', 'admin').execute();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * Refuses a change that would leave no owner: `userId` is an owner and the only one. The owners' rows are
 * locked first, so two owners demoting each other at once cannot both pass.
 */
async function keepAnOwner(trx: Kysely<DB>, userId: string) {
  const owners = await trx.selectFrom('staff_members').select('user_id').where('role', '=', 'owner').forUpdate().execute();
  if (owners.length === 1 && owners[0]!.user_id === userId) throw domainError('LAST_OWNER');
}
