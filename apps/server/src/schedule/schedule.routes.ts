import { scheduleRoutes as scheduleContract } from '@openride/shared/schedule/api';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { notFound } from '../lib/errors';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { addTimeOff, getDriverSchedule, getSchedule, putWeek, removeTimeOff } from './driver-schedule';
import { getScheduleCoverage } from './get-schedule-coverage';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/**
 * /driver-schedule (issue 14, decision 0047): an approved driver's own week and time off — the paths name no
 * driver, so nobody can reach another's — and the operator's read of any driver's schedule and of the coming
 * week's coverage against demand.
 */
export function scheduleRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, scheduleContract);
  const me = async (userId: string) => (await ownApprovedDriver(db, userId)).id;

  on('GET /api/drivers/me/schedule', async ({ user }) => ({ status: 200, body: { schedule: await getSchedule(db, await me(user.id)) } }));
  on('PUT /api/drivers/me/schedule', async ({ user, body }) => ({ status: 200, body: { schedule: await putWeek(db, await me(user.id), body) } }));
  on('POST /api/drivers/me/time-off', async ({ user, body }) => ({ status: 201, body: { time_off: await addTimeOff(db, await me(user.id), body) } }));
  on('DELETE /api/drivers/me/time-off/:id', async ({ user, params: { id } }) => {
    const driverId = await me(user.id);
    if (!isUuid(id)) throw notFound('No such time off');
    await removeTimeOff(db, driverId, id);
    return { status: 204 };
  });

  on('GET /api/admin/drivers/:id/schedule', async ({ params: { id } }) => {
    if (!isUuid(id)) throw notFound('Driver not found');
    return { status: 200, body: { schedule: await getDriverSchedule(db, id) } };
  });
  on('GET /api/admin/schedule-coverage', async ({ query }) => ({ status: 200, body: await getScheduleCoverage(db, query.city) }));
  return app;
}
