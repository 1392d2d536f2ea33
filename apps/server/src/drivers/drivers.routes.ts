import { userChannel } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { AppError, forbidden, notFound } from '../lib/errors';
import { latestDriverOf } from './drivers.repo';

const statusSchema = z.object({ status: z.enum(['available', 'offline']) }).strict();

export function driverRoutes(services: Services) {
  const { db, bus } = services;
  const app = new Hono<AppEnv>();

  app.get('/api/drivers/me', async (c) => {
    const user = requireUser(c);
    return c.json({ driver: (await latestDriverOf(db, user.id)) ?? null });
  });

  /** §7 drivers update: status by id. Only the record's owner; going online needs an approved record. */
  app.patch('/api/drivers/:id', async (c) => {
    const user = requireUser(c);
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const { status } = statusSchema.parse(await c.req.json());
    const driver = await db.selectFrom('drivers').select(['id', 'user_id', 'verification_status']).where('id', '=', id.data).executeTakeFirst();
    if (!driver) throw notFound('Driver not found');
    if (driver.user_id !== user.id) throw forbidden();
    if (status === 'available' && driver.verification_status !== 'approved') {
      throw new AppError('FORBIDDEN', `Your driver application is ${driver.verification_status}. We'll notify you once approved.`);
    }
    const updated = await db
      .updateTable('drivers')
      .set({ status, updated_at: new Date() })
      .where('id', '=', driver.id)
      .returning(['id', 'status', 'verification_status', 'created_at'])
      .executeTakeFirstOrThrow();
    await bus.publish({ channel: userChannel(user.id), event: 'driver.changed', data: updated });
    return c.json({ driver: updated });
  });

  return app;
}
