import { profileUpdateSchema } from '@openride/shared/auth/schemas';
import { userChannel } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { effectiveRole, rolesOf } from '../auth/roles.repo';
import { latestDriverOf } from '../drivers/drivers.repo';
import { type AppEnv, requireUser, type Services } from '../http/context';

export function profileRoutes(services: Services) {
  const { db, bus } = services;
  const app = new Hono<AppEnv>();

  /** Who am I: the user, the §4 role, the profile, and (to admins only) where the admin panel is. */
  app.get('/api/me', async (c) => {
    const user = requireUser(c);
    const [roles, driver, profile] = await Promise.all([
      rolesOf(db, user.id),
      latestDriverOf(db, user.id),
      db.selectFrom('profiles').select(['full_name', 'phone', 'push_token']).where('id', '=', user.id).executeTakeFirst(),
    ]);
    const isAdmin = roles.includes('admin');
    return c.json({
      user,
      role: effectiveRole(roles, driver !== undefined),
      roles,
      isAdmin,
      profile: profile ?? { full_name: null, phone: null, push_token: null },
      ...(isAdmin ? { adminPath: services.adminPath } : {}),
    });
  });

  app.patch('/api/profiles/me', async (c) => {
    const user = requireUser(c);
    const patch = profileUpdateSchema.parse(await c.req.json());
    const profile = await db
      .updateTable('profiles')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', user.id)
      .returning(['full_name', 'phone', 'push_token'])
      .executeTakeFirstOrThrow();
    // Other tabs and devices of this user refresh what they show.
    await bus.publish({ channel: userChannel(user.id), event: 'profile.changed', data: { full_name: profile.full_name, phone: profile.phone } });
    return c.json({ profile });
  });

  return app;
}
