import type { Permission } from '@openride/shared/admin/permissions';
import { type Me, useMe } from './session';

/**
 * What the signed-in staff member may do (issue 29 §2, decision 0089): `me.staff.permissions`, their role's
 * list. Nobody else may do anything here: a visitor, a rider, a driver, and the moment the session is still
 * loading. The web's courtesy only: the server refuses what a role lacks (403 STAFF_PERMISSION_REQUIRED)
 * whatever the web shows.
 */
const NONE: readonly Permission[] = [];

export const permissionsOf = (me: Me | null | undefined): readonly Permission[] => me?.staff?.permissions ?? NONE;

/** Whether `me` may do `permission`. */
export const may = (me: Me | null | undefined, permission: Permission): boolean => permissionsOf(me).includes(permission);

/** The signed-in staff member's permissions; none when not staff (or not yet known). */
export function usePermissions(): readonly Permission[] {
  return permissionsOf(useMe().data);
}

/** Whether the signed-in staff member may do `permission` (a button, a section, a link). */
export function useCan(permission: Permission): boolean {
  return may(useMe().data, permission);
}
