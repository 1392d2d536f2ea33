import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The browser journeys the scaled run repeats on PostgreSQL + Redis (decision 0042). */
const SCALED_E2E = [
  'e2e/ride-loop.test.ts',
  'e2e/ride-driver.test.ts',
  'e2e/ride-rider-trip.test.ts',
  'e2e/ride-socket-refused.test.ts',
  'e2e/booking-management.test.ts',
  'e2e/notifications.test.ts',
];

/**
 * Three layers, one runner: unit (pure code), api (the server in process, real database), e2e (the real
 * server as a child process, driven by Chromium). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // The web app's own import alias (apps/web/vite.config.ts), for its unit tests.
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
          include: [
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As in e2e below: a poll waits for a server round trip, longer than 1 s on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          // Each file runs its own server in process; two cores hold two files at a time (the default is one).
          maxWorkers: 2,
          fileParallelism: true,
          // A worker runs its files one after another in one module graph (decision 0073): importing the
          // server afresh for each file cost 4–5 s a file, a third of the project's time. The files share no
          // state through modules: each starts its own servers on its own databases.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          // The scaled run (`npm run test:scaled`) runs every API test again on PostgreSQL + Redis, but only the
          // browser journeys that cross processes or live updates (decision 0042): a page's other journeys
          // reach the database only through the API, which the API tests already run there.
          include: process.env.OPENRIDE_E2E_SCALED_ONLY ? SCALED_E2E : ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A poll waits for what a round trip to the server brings (going online, a live update): Vitest's
          // default of 1 s is shorter than one request on a loaded CI machine (ride-driver's switch took longer).
          // A poll that never holds still fails, after 10 s.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own server (and maybe two) and a browser: two cores hold two at a time.
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
        },
      },
    ],
  },
});
