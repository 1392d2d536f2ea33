import type { Role } from '@openride/shared/auth/roles';
import { forbidden } from '../lib/errors';
import { rolesOf } from '../roles/roles.repo';
import type { Ports } from '../ports';

/** Roles a user may give themselves (§7 user_roles insert: 'driver'). Admin comes only from an admin. */
const SELF_SERVICE_ROLES: readonly Role[] = ['driver'];

/**
 * §7 user_roles insert, duplicate ignored. The driver role alone grants nothing: going online needs an
 * approved driver record.
 */
export async function addOwnRole(services: Pick<Ports, 'db'>, userId: string, role: Role): Promise<Role[]> {
  if (!SELF_SERVICE_ROLES.includes(role)) throw forbidden('You cannot give yourself that role.');
  await services.db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
  return rolesOf(services.db, userId);
}
