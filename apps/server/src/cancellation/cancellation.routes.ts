import { cancellationRoutes as cancellationContract } from '@openride/shared/cancellation/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { listCancellationPolicies, listCancellationPolicyVersions } from './list-cancellation-policies';
import { updateCancellationPolicy } from './update-cancellation-policy';
import { createZonePolicy, removeZonePolicy } from './zone-cancellation-policy';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** /cancellation-policies (admins only): the rules for late cancels and no-shows (decision 0033). */
export function cancellationRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, cancellationContract);

  on('GET /api/admin/cancellation-policies', async ({ query, staff }) => ({
    status: 200,
    body: { policies: await listCancellationPolicies(services.db, query, staff.cityIds) },
  }));

  on('PUT /api/admin/cancellation-policies/:id', async ({ user, params, body }) => ({
    status: 200,
    body: { policy: await updateCancellationPolicy(services, user.id, params.id, body) },
  }));

  on('GET /api/admin/cancellation-policies/:id/versions', async ({ params }) => ({
    status: 200,
    body: { versions: await listCancellationPolicyVersions(services.db, params.id) },
  }));

  on('POST /api/admin/cancellation-policies', async ({ user, body }) => ({ status: 201, body: { policy: await createZonePolicy(services, user.id, body) } }));

  on('DELETE /api/admin/cancellation-policies/:id', async ({ user, params }) => ({
    status: 200,
    body: { policy: await removeZonePolicy(services, user.id, params.id) },
  }));

  return app;
}
