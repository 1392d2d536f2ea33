import { twoFactorRoutes as twoFactorContract } from '@openride/shared/admin/two-factor-api';
import { Hono } from 'hono';
import { staffTwoFactorPolicy } from '../env';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import type { Ports } from '../ports';
import { confirmTwoFactorEnrolment } from './confirm-two-factor-enrolment';
import { resetStaffTwoFactor } from './reset-two-factor';
import { startTwoFactorEnrolment } from './start-two-factor-enrolment';
import { twoFactorStatus } from './two-factor.repo';
import { verifySecondFactor } from './verify-second-factor';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'limiters' | 'otpKey'>;

/** Staff two-factor sign-in (issue 29 §4, decision 0090): one's own setup and second factor; an owner's reset. */
export function twoFactorRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, twoFactorContract);

  on('GET /api/staff-two-factor', async ({ user }) => ({ status: 200, body: await twoFactorStatus(db, staffTwoFactorPolicy(services.env), user) }));
  on('POST /api/staff-two-factor/enrolment', async ({ user }) => ({ status: 201, body: await startTwoFactorEnrolment(services, user) }));
  on('POST /api/staff-two-factor/enrolment/confirm', async ({ c, user, body }) => ({
    status: 200,
    body: await confirmTwoFactorEnrolment(services, user, body.code, clientIp(c, services.env.TRUST_PROXY)),
  }));
  on('POST /api/staff-two-factor/verify', async ({ c, user, body }) => ({
    status: 200,
    body: await verifySecondFactor(services, user, body.code, clientIp(c, services.env.TRUST_PROXY)),
  }));
  on('DELETE /api/admin/staff-two-factor/:userId', async ({ user, params }) => {
    await resetStaffTwoFactor(db, user.id, params.userId);
    return { status: 204 };
  });
  return app;
}
