import { profileRoutes as profileContract } from '@openride/shared/profiles/api';
import { Hono } from 'hono';
import { effectiveRole, rolesOf } from '../roles/roles.repo';
import { staffOf } from '../roles/staff.repo';
import { ROLE_PERMISSIONS } from '@openride/shared/admin/permissions';
import { secondFactorDue, twoFactorRequired } from '@openride/shared/admin/two-factor';
import { staffTwoFactorPolicy } from '../env';
import { sessionIdOf } from '../http/context';
import { latestDriverOf } from '../drivers/drivers.repo';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { checkPhoneConflict } from './check-phone-conflict';
import { avatarOf, profileOf } from './profiles.repo';
import { updateProfile } from './update-profile';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env' | 'limiters'> & { adminPath: string; driverDashboardPath: string };

export function profileRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, profileContract);

  /**
   * Who am I: the user, the §4 role, the profile, (to admins only) where the admin panel is and (to a user whose
   * newest driver record is approved only) where their own dashboard is (decision 0050), and the profile photo's file when there is one (decision 0058).
   */
  on('GET /api/me', async ({ user }) => {
    const [roles, driver, profile, avatar, staff] = await Promise.all([
      rolesOf(db, user.id),
      latestDriverOf(db, user.id),
      profileOf(db, user.id),
      avatarOf(db, user.id),
      staffOf(db, user.id, sessionIdOf(user)),
    ]);
    const isAdmin = roles.includes('admin');
    return {
      status: 200,
      body: {
        user,
        role: effectiveRole(roles, driver !== undefined),
        roles,
        isAdmin,
        profile,
        ...(avatar ? { avatarFileId: avatar } : {}),
        ...(isAdmin ? { adminPath: services.adminPath } : {}),
        ...(staff
          ? {
              staff: {
                role: staff.role,
                permissions: [...ROLE_PERMISSIONS[staff.role]],
                city_ids: staff.cityIds ? [...staff.cityIds] : null,
                // The console's guard reads it here: no second request before every console page (decision 0090).
                second_factor: secondFactorDue({ required: twoFactorRequired(staff.role, staffTwoFactorPolicy(services.env)), ...staff.twoFactor }),
              },
            }
          : {}),
        ...(driver?.verification_status === 'approved' ? { driverDashboardPath: services.driverDashboardPath } : {}),
      },
    };
  });

  /** §7 profiles select (full_name, phone) and the push token: the caller's own, there is no other. */
  on('GET /api/profiles/me', async ({ user }) => ({ status: 200, body: await profileOf(db, user.id) }));

  on('PATCH /api/profiles/me', async ({ user, body }) => ({ status: 200, body: { profile: await updateProfile(services, user.id, body) } }));

  /** §7 RPC check_phone_conflict: rows of { conflict_message }, empty when the phone is free. */
  on('POST /api/rpc/check_phone_conflict', async ({ c, user, body }) => ({
    status: 200,
    body: await checkPhoneConflict(services, { caller: user, ip: clientIp(c, services.env.TRUST_PROXY) }, body),
  }));

  return app;
}
