// The API and browser tests again, on PostgreSQL + Redis (the scaled mode): each test makes its own
// database on TEST_DATABASE_URL's server and its own key prefix on TEST_REDIS_URL, and drops them after.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
process.env.TEST_REPORT_NAME ??= 'vitest-scaled.json';
// Every API test, and the browser journeys that cross processes or live updates (vitest.config.ts, decision 0042).
process.env.OPENRIDE_E2E_SCALED_ONLY = '1';
console.log(`Scaled mode: PostgreSQL ${process.env.TEST_DATABASE_URL}, Redis ${process.env.TEST_REDIS_URL}`);
process.argv.push('--project', 'api', '--project', 'e2e');
await import('./test.mjs');
