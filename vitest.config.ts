import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
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
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Each file starts its own server (and maybe two) and a browser: two cores hold two at a time.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
