import { sessionTokenCookie, seedUsers } from './lib/accounts';
import { createBenchDatabase, startApp } from './lib/app';
import { ratio, summarize, type Summary } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

/** Downtown San Francisco to Golden Gate Park: a pickup inside a pricing zone once zones exist (issue 12). */
const TRIP = { pickup: { lat: 37.788, lng: -122.398, label: 'Downtown' }, destination: { lat: 37.7694, lng: -122.4862, label: 'Golden Gate Park' } };

async function timeSequential(count: number, send: () => Promise<Response>): Promise<Summary> {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`answered ${res.status}`);
    samples[i] = performance.now() - t;
  }
  return summarize(samples);
}

/**
 * A rider's quote, one at a time as a rider asks for it (not a load test): POST /api/rides/quote end to end —
 * session, the zones' polygon checks, the fare policy versions in force, surge, routing (great circle here),
 * the nearest driver and the signed quote lock — against GET /api/health on the same server in the same
 * run. Run it on a commit before issue 12 for the "before" figure.
 */
export const quoteBench: Bench = {
  name: 'quote',
  area: 1,
  async run(ctx: BenchContext): Promise<Row[]> {
    const count = ctx.quick ? 200 : 1000;
    const db = await createBenchDatabase(ctx, 'pglite');
    let app: Awaited<ReturnType<typeof startApp>> | null = null;
    try {
      const seeded = await db.open();
      const [rider] = await seedUsers(seeded.db, 1, { prefix: 'quote-rider' });
      await seeded.close();
      app = await startApp(db);
      const url = app.url;
      const headers = { cookie: sessionTokenCookie(rider!.token), 'content-type': 'application/json', origin: url };
      const quote = () => fetch(`${url}/api/rides/quote`, { method: 'POST', headers, body: JSON.stringify(TRIP) });
      const health = () => fetch(`${url}/api/health`);
      await timeSequential(50, quote);
      await timeSequential(50, health);
      const q = await timeSequential(count, quote);
      const h = await timeSequential(count, health);
      ctx.log(`quote: p50 ${q.p50.toFixed(2)} ms, p99 ${q.p99.toFixed(2)} ms over ${count}; health p50 ${h.p50.toFixed(2)} ms, p99 ${h.p99.toFixed(2)} ms`);
      const note = `${count} sequential requests from one signed-in rider, downtown → Golden Gate Park, great-circle routing; PGlite`;
      return [
        {
          area: 1,
          figure: 'rider quote p50 (POST /api/rides/quote)',
          value: q.p50,
          unit: 'ms',
          baseline: { label: 'GET /api/health p50, same server', value: h.p50, unit: 'ms' },
          ratio: ratio(q.p50, h.p50),
          note,
        },
        {
          area: 1,
          figure: 'rider quote p99 (POST /api/rides/quote)',
          value: q.p99,
          unit: 'ms',
          baseline: { label: 'GET /api/health p99, same server', value: h.p99, unit: 'ms' },
          ratio: ratio(q.p99, h.p99),
          note,
        },
      ];
    } finally {
      await app?.stop();
      await db.drop();
    }
  },
};
