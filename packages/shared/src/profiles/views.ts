import { z } from 'zod';
import { ROLES } from '../auth/roles';
import { PERMISSIONS, STAFF_ROLES } from '../admin/permissions';

/** The caller's profile and who they are (decision 0017): apps/server/src/profiles. */
export const profileSchema = z.strictObject({ full_name: z.string().nullable(), phone: z.string().nullable(), push_token: z.string().nullable() });
export type ProfileView = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.strictObject({ profile: profileSchema });

export const roleSchema = z.enum(ROLES);

/** `GET /api/me`: the session user, the §4 role, the profile, (to admins only) the admin panel's path and (to approved drivers only) their dashboard's. */
export const meSchema = z.strictObject({
  user: z.strictObject({ id: z.string(), email: z.string(), name: z.string() }),
  role: roleSchema,
  roles: z.array(roleSchema),
  isAdmin: z.boolean(),
  profile: profileSchema,
  adminPath: z.string().optional(),
  /** The driver's own dashboard's secret path: only to a user whose newest driver record is approved (decision 0050). */
  driverDashboardPath: z.string().optional(),
  /** The profile photo (GET /api/files/:id), when the user set one (decision 0058). */
  avatarFileId: z.string().optional(),
  /**
   * A staff member's role, what it may do and their cities (null: every city), decision 0089: the web shows
   * only those links, pages and buttons; the server refuses the rest whatever the web shows.
   */
  staff: z
    .strictObject({
      role: z.enum(STAFF_ROLES),
      permissions: z.array(z.enum(PERMISSIONS)),
      city_ids: z.array(z.string()).nullable(),
      /** What this session owes before the console answers (decision 0090): set it up, give the code, or nothing. */
      second_factor: z.enum(['enrol', 'verify']).nullable(),
    })
    .optional(),
});
export type Me = z.infer<typeof meSchema>;

/** §7 RPC check_phone_conflict: empty when the phone is free. */
export const phoneConflictRowsSchema = z.array(z.strictObject({ conflict_message: z.string() }));
