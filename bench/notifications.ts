import { sql } from 'kysely';
import { NOTIFICATIONS_LIMIT } from '@openride/shared/constants';
import { browserCookies, seedUsers } from './lib/accounts';
import { type BenchDatabase, createBenchDatabase, startApp } from './lib/app';
import { type LoadResult, failures, sharedFigures, warmThenLoad } from './lib/load-autocannon';
import { atLeast, atMost } from './lib/report';
import { ratio } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

const USERS = 10_000;
const PER_USER = NOTIFICATIONS_LIMIT;
const PREFIX = 'poll';

/** 10,000 users with sessions, then 50 notifications each in one generate_series insert. */
async function seed(bench: BenchDatabase, ctx: BenchContext) {
  const started = performance.now();
  const database = await bench.open();
  try {
    const users = await seedUsers(database.db, USERS, { prefix: PREFIX, chunk: 2000 });
    await sql`insert into notifications (user_id, type, title, message, is_read, created_at)
      select u.id,
             (array['success', 'warning', 'error', 'other'])[1 + n % 4],
             'Ride update ' || n,
             'Your driver is on the way: notification ' || n || ' of ' || ${PER_USER}::int || ' for this account.',
             n % 3 = 0,
             now() - make_interval(mins => n)
        from "user" u cross join generate_series(1, ${PER_USER}::int) n
       where u.id like ${`${PREFIX}-%`}`.execute(database.db);
    // A live table is kept vacuumed by autovacuum; a just-loaded one is not yet (hint bits unset, no statistics).
    await sql`vacuum analyze notifications`.execute(database.db);
    const { rows } = await sql<{ n: string }>`select count(*) as n from notifications`.execute(database.db);
    ctx.log(`notifications (${bench.kind}): ${USERS} users, ${rows[0]!.n} notifications seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return users;
  } finally {
    await database.close();
  }
}

/** A sample of the users answer 200 with their own 50 newest, before the load and after it. */
async function verify(url: string, cookies: string[], userIds: string[], sample = 20) {
  for (let k = 0; k < sample; k++) {
    const i = Math.floor((k * cookies.length) / sample);
    const res = await fetch(`${url}/api/notifications`, { headers: { cookie: cookies[i]! } });
    if (res.status !== 200) throw new Error(`GET /api/notifications answered ${res.status}`);
    const items = (await res.json()) as Array<{ user_id: string; created_at: string }>;
    if (items.length !== PER_USER) throw new Error(`GET /api/notifications gave ${items.length} items, not ${PER_USER}`);
    if (items.some((n) => n.user_id !== userIds[i])) throw new Error('GET /api/notifications answered another user’s rows');
    for (let j = 1; j < items.length; j++) if (items[j - 1]!.created_at < items[j]!.created_at) throw new Error('not newest first');
  }
}

type Measured = { run: LoadResult; bytesOk: boolean; bytesPerResponse: number };

async function measure(ctx: BenchContext, kind: 'pglite' | 'postgres', connections: number): Promise<Measured> {
  const bench = await createBenchDatabase(ctx, kind);
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    const users = await seed(bench, ctx);
    app = await startApp(bench);
    const pollers = users.slice(0, ctx.quick ? 200 : 500);
    const cookies = await browserCookies(app.url, pollers);
    const ids = pollers.map((u) => u.id);
    await verify(app.url, cookies, ids);
    const expectedBytes = Buffer.byteLength(await (await fetch(`${app.url}/api/notifications`, { headers: { cookie: cookies[0]! } })).text());
    const run = await warmThenLoad({
      serverPid: app.proc.pid,
      url: app.url,
      path: '/api/notifications',
      connections,
      seconds: ctx.quick ? 5 : 15,
      warmupSeconds: ctx.quick ? 2 : 3,
      cookies,
    });
    await verify(app.url, cookies, ids);
    // Every body is one user's 50 rows: the mean size of what came back says no answer was short.
    const bytesOk = run.bytesPerResponse > expectedBytes * 0.9;
    ctx.log(
      `notifications (${kind}): ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.total} responses, ${failures(run)} failed, ${run.bytesPerResponse.toFixed(0)} B/response (one body ≈ ${expectedBytes} B) over ${cookies.length} users`,
    );
    return { run, bytesOk, bytesPerResponse: run.bytesPerResponse };
  } finally {
    await app?.stop();
    await bench.drop();
  }
}

function rows(kind: 'PGlite' | 'PostgreSQL', m: Measured, connections: number, withTarget: boolean): Row[] {
  const { run } = m;
  const bad = failures(run) > 0 || !m.bytesOk;
  const why = bad ? `${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts${m.bytesOk ? '' : ', short bodies'}: not a pass` : '';
  const health = sharedFigures.appHealthRps;
  const note = `${connections} connections over many users' cookies; autocannon and the server share 2 cores`;
  return [
    {
      area: 2,
      figure: `GET /api/notifications, 10k users × 50 (${kind}) req/s`,
      value: run.rps,
      unit: 'req/s',
      baseline: { label: "area 1's app /api/health", value: health },
      ratio: ratio(run.rps, health),
      ...(withTarget ? { target: '≥ 3,000 req/s', met: bad ? false : atLeast(run.rps, 3000) } : {}),
      note: why || (health == null ? `${note}; run with --only http,notifications for the ratio` : note),
    },
    {
      area: 2,
      figure: `GET /api/notifications (${kind}): server CPU per response`,
      value: run.serverCpuMsPerResponse,
      unit: 'ms',
      note: `from /proc${kind === 'PGlite' ? ' (PGlite runs inside the server process)' : ' (PostgreSQL’s own CPU not included)'}; load generator ${run.loadCpuMsPerResponse.toFixed(3)} ms per response`,
    },
    {
      area: 2,
      figure: `GET /api/notifications (${kind}) p99`,
      value: run.p99,
      unit: 'ms',
      ...(withTarget ? { target: '≤ 25 ms', met: bad ? false : atMost(run.p99, 25) } : {}),
      note: why || note,
    },
  ];
}

export const notificationsBench: Bench = {
  name: 'notifications',
  area: 2,
  async run(ctx: BenchContext): Promise<Row[]> {
    const connections = 50;
    const out: Row[] = [];
    out.push(...rows('PGlite', await measure(ctx, 'pglite', connections), connections, false));
    if (!ctx.postgresUrl) {
      out.push({
        area: 2,
        figure: 'GET /api/notifications (PostgreSQL)',
        value: null,
        unit: 'req/s',
        target: '≥ 3,000 req/s, p99 ≤ 25 ms',
        met: null,
        note: 'PostgreSQL not reachable: skipped',
      });
    } else {
      out.push(...rows('PostgreSQL', await measure(ctx, 'postgres', connections), connections, true));
    }
    return out;
  },
};
