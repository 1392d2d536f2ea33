import { profileUpdateSchema } from '@openride/shared/auth/schemas';
import { Hono } from 'hono';
import { effectiveRole, rolesOf } from '../roles/roles.repo';
import { latestDriverOf } from '../drivers/drivers.repo';
import { clientIp } from '../http/client-ip';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { checkPhoneConflict } from './check-phone-conflict';
import { avatarOf, profileOf } from './profiles.repo';
import { updateProfile } from './update-profile';

export function profileRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  /**
   * Who am I: the user, the §4 role, the profile, (to admins only) where the admin panel is and (to a user whose
   * newest driver record is approved only) where their own dashboard is (decision 0050), and the profile photo's file when there is one (decision 0058).
   */
  app.get('/api/me', async (c) => {
    const user = requireUser(c);
    const [roles, driver, profile, avatar] = await Promise.all([rolesOf(db, user.id), latestDriverOf(db, user.id), profileOf(db, user.id), avatarOf(db, user.id)]);
    const isAdmin = roles.includes('admin');
    return c.json({
      user,
      role: effectiveRole(roles, driver !== undefined),
      roles,
      isAdmin,
      profile,
      ...(avatar ? { avatarFileId: avatar } : {}),
      ...(isAdmin ? { adminPath: services.adminPath } : {}),
      ...(driver?.verification_status === 'approved' ? { driverDashboardPath: services.driverDashboardPath } : {}),
    });
  });

  /** §7 profiles select (full_name, phone) and the push token: the caller's own, there is no other. */
  app.get('/api/profiles/me', async (c) => {
    const user = requireUser(c);
    return c.json(await profileOf(db, user.id));
  });

  app.patch('/api/profiles/me', async (c) => {
    const user = requireUser(c);
    const patch = profileUpdateSchema.parse(await c.req.json());
    return c.json({ profile: await updateProfile(services, user.id, patch) });
  });

  /** §7 RPC check_phone_conflict: rows of { conflict_message }, empty when the phone is free. */
  app.post('/api/rpc/check_phone_conflict', async (c) => {
    const rows = await checkPhoneConflict(services, { caller: c.get('user'), ip: clientIp(c, services.env.TRUST_PROXY) }, await c.req.json());
    return c.json(rows);
  });

  return app;
}
