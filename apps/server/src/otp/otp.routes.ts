import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { sendOtp } from './send-otp';
import { verifyOtp } from './verify-otp';

/**
 * §7 functions send-otp and verify-otp. Their bodies are `{ success, error? }` on every status, as the client reads them.
 * Written by hand, not mounted: mount parses the body with the contract's schema before the handler, and a malformed
 * phone or code would then answer the common error body instead of `{ success: false, error }` (otp.test.ts).
 */
export function otpRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/api/functions/send-otp', async (c) => {
    const result = await sendOtp(services, await c.req.json(), { ip: clientIp(c, services.env.TRUST_PROXY) });
    return c.json(result.body, result.status as 200);
  });

  app.post('/api/functions/verify-otp', async (c) => {
    const result = await verifyOtp(services, await c.req.json(), { ip: clientIp(c, services.env.TRUST_PROXY), userId: c.get('user')?.id ?? null });
    return c.json(result.body, result.status as 200);
  });

  return app;
}
