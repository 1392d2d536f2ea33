// `npm run race`: the ride race suite at full length (issue 18) — 1,000 rounds per case on PostgreSQL +
// Redis with the two racing calls on two server processes. CI runs the same suite with 200 (scaled) and
// 20 (embedded) rounds. Prints the table (case, rounds, 5xx, invariant violations, winner split) and
// writes it to test-results/race.md. RACE_ROUNDS, TEST_DATABASE_URL and TEST_REDIS_URL override.
import path from 'node:path';
import fs from 'node:fs';
import { ROOT, run } from './lib.mjs';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
process.env.RACE_ROUNDS ??= '1000';
process.env.RACE_REPORT ??= path.join(ROOT, 'test-results', 'race.md');
fs.mkdirSync(path.dirname(process.env.RACE_REPORT), { recursive: true });
console.log(`Ride races: ${process.env.RACE_ROUNDS} rounds per case on ${process.env.TEST_DATABASE_URL}, two server processes`);
const code = await run('npx', ['vitest', 'run', '--project', 'api', 'apps/server/test/ride-races.test.ts'], { env: { ...process.env } });
console.log(`Table written to ${path.relative(ROOT, process.env.RACE_REPORT)}`);
process.exit(code);
