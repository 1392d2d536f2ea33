import { staffRoutes as staffContract } from '@openride/shared/admin/staff-api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { separationOfDuties } from '../roles/duties';
import { acceptStaffInvitation, inviteStaff, listStaff, removeStaff, revokeStaffInvitation, setSeparationOfDuties, updateStaff } from './staff';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'logger' | 'messenger' | 'publicUrl'>;

/** Staff, roles and city scopes (issue 29 §2, decision 0089): owners manage; an invitee accepts. */
export function staffRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, staffContract);

  on('GET /api/admin/staff', async () => ({ status: 200, body: await listStaff(db) }));
  on('POST /api/admin/staff/invitations', async ({ user, body }) => ({ status: 201, body: await inviteStaff(services, user.id, body) }));
  on('DELETE /api/admin/staff/invitations/:id', async ({ user, params }) => {
    await revokeStaffInvitation(db, user.id, params.id);
    return { status: 204 };
  });
  on('PATCH /api/admin/staff/:userId', async ({ user, params, body }) => ({ status: 200, body: await updateStaff(db, user.id, params.userId, body) }));
  on('DELETE /api/admin/staff/:userId', async ({ user, params }) => {
    await removeStaff(db, user.id, params.userId);
    return { status: 204 };
  });
  on('GET /api/admin/staff-duties', async () => ({ status: 200, body: { duties: await separationOfDuties(db) } }));
  on('PUT /api/admin/staff-duties', async ({ user, body }) => ({ status: 200, body: await setSeparationOfDuties(db, user.id, body) }));
  on('POST /api/staff-invitations/accept', async ({ user, body }) => ({ status: 200, body: await acceptStaffInvitation(db, user, body.token) }));
  return app;
}
