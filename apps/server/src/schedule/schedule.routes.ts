import { coverageQuerySchema, putWeekSchema, timeOffInputSchema } from '@openride/shared/schedule/schemas';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { notFound } from '../lib/errors';
import { ownApprovedDriver } from '../payouts/own-driver';
import { addTimeOff, getDriverSchedule, getSchedule, putWeek, removeTimeOff } from './driver-schedule';
import { getScheduleCoverage } from './get-schedule-coverage';

/**
 * /driver-schedule (issue 14, decision 0047): an approved driver's own week and time off — the paths name no
 * driver, so nobody can reach another's — and the operator's read of any driver's schedule and of the coming
 * week's coverage against demand.
 */
export function scheduleRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const me = async (userId: string) => (await ownApprovedDriver(db, userId)).id;

  app.get('/api/drivers/me/schedule', async (c) => c.json({ schedule: await getSchedule(db, await me(requireUser(c).id)) }));
  app.put('/api/drivers/me/schedule', async (c) => {
    const driverId = await me(requireUser(c).id);
    const input = putWeekSchema.parse(await c.req.json());
    return c.json({ schedule: await putWeek(db, driverId, input) });
  });
  app.post('/api/drivers/me/time-off', async (c) => {
    const driverId = await me(requireUser(c).id);
    const input = timeOffInputSchema.parse(await c.req.json());
    return c.json({ time_off: await addTimeOff(db, driverId, input) }, 201);
  });
  app.delete('/api/drivers/me/time-off/:id', async (c) => {
    const driverId = await me(requireUser(c).id);
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('No such time off');
    await removeTimeOff(db, driverId, id);
    return c.body(null, 204);
  });

  for (const path of ['/api/admin/drivers/:id/schedule', '/api/admin/schedule-coverage']) app.use(path, requireAdmin(services));
  app.get('/api/admin/drivers/:id/schedule', async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Driver not found');
    return c.json({ schedule: await getDriverSchedule(db, id) });
  });
  app.get('/api/admin/schedule-coverage', async (c) => c.json(await getScheduleCoverage(db, coverageQuerySchema.parse(c.req.query()).city)));
  return app;
}
