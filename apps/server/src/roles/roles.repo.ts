import type { Role } from '@openride/shared/auth/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function rolesOf(db: Kysely<DB>, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role);
}

export async function isAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).where('role', '=', 'admin').executeTakeFirst();
  return row !== undefined;
}

/** §4: the role is driver if a driver record exists, else the role from user_roles, else 'user'. */
export function effectiveRole(roles: Role[], hasDriverRecord: boolean): Role {
  if (hasDriverRecord) return 'driver';
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('driver')) return 'driver';
  return 'user';
}
