import { otpRoutes as otpContract } from '@openride/shared/otp/api';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { sendOtp } from './send-otp';
import { verifyOtp } from './verify-otp';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'limiters' | 'logger' | 'messenger' | 'otpKey'>;

/**
 * §7 functions send-otp and verify-otp. Their bodies are `{ success, error? }` on every status, as the client reads them,
 * so their handlers read the body themselves (`ownBody`): a malformed phone or code answers `{ success: false, error }`,
 * not the common error body (otp.test.ts).
 */
export function otpRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, otpContract);

  on.ownBody('POST /api/functions/send-otp', async ({ c }) => {
    const result = await sendOtp(services, await c.req.json(), { ip: clientIp(c, services.env.TRUST_PROXY) });
    return c.json(result.body, result.status as ContentfulStatusCode);
  });

  on.ownBody('POST /api/functions/verify-otp', async ({ c, user }) => {
    const result = await verifyOtp(services, await c.req.json(), { ip: clientIp(c, services.env.TRUST_PROXY), userId: user?.id ?? null });
    return c.json(result.body, result.status as ContentfulStatusCode);
  });

  return app;
}
