import { afterAll, beforeAll } from 'vitest';
import type { TestClient } from './http-client';
import { rideFactory } from './refund-helpers';
import { adminOf, ADMIN_ENV } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

type Overrides = Parameters<typeof startTestServer>[1];

export type RideSuite = { server: TestServer; admin: TestClient; rides: Awaited<ReturnType<typeof rideFactory>> };

/**
 * The setup of the suites that drive completed cash rides (payment history, referrals): one test server with
 * an admin, and the ride factory's driver named `driverName`; stopped after the file. `ready` receives them
 * once started (assign them to the file's variables); `overrides` are the server's (a recording push sender).
 */
export function useRideSuite(driverName: string, ready: (suite: RideSuite) => void, overrides: Overrides = {}) {
  let suite: Partial<RideSuite> = {};
  beforeAll(async () => {
    const server = await startTestServer(ADMIN_ENV, overrides);
    suite = { server };
    const admin = await adminOf(server);
    suite = { server, admin, rides: await rideFactory(server, admin, driverName) };
    ready(suite as RideSuite);
    // A server, an admin and an online driver: more than the project's minute when the machine is loaded.
  }, 180_000);
  afterAll(async () => {
    suite.rides?.close();
    await suite.server?.stop();
  });
}
