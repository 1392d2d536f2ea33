import { randomUUID } from 'node:crypto';
import { getFinanceDashboard } from '../apps/server/src/finance/get-finance-dashboard';
import { post, trialBalance } from '../apps/server/src/ledger/ledger';
import { splitFare } from '../apps/server/src/ledger/ride-postings';
import { createBenchDatabase } from './lib/app';
import { ratio, summarize, type Summary } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

async function time(count: number, fn: () => Promise<unknown>): Promise<Summary> {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn();
    samples[i] = performance.now() - t;
  }
  return summarize(samples);
}

/**
 * The financial dashboard's summary (decision 0041) over a ledger of `rides` completed cash/card rides (their
 * postings as `postRideCompleted` writes them: 5–7 entries each), a cancellation fee every 20th ride, spread
 * over 300 drivers and 2,000 riders: `getFinanceDashboard` for the last 30 days (one grouped query, the
 * drivers' aging, the trial balance), in process on PGlite, against the trial balance alone (one grouped
 * scan of every entry) on the same data. The postings go through `post()`, so they are all dated today.
 */
export const financeBench: Bench = {
  name: 'finance',
  area: 2,
  async run(ctx: BenchContext): Promise<Row[]> {
    const rides = ctx.quick ? 1000 : 5000;
    const runs = ctx.quick ? 20 : 50;
    const database = await createBenchDatabase(ctx, 'pglite');
    const opened = await database.open();
    try {
      const { db } = opened;
      const drivers = Array.from({ length: 300 }, () => randomUUID());
      const riders = Array.from({ length: 2000 }, () => randomUUID());
      const seeded = performance.now();
      for (let i = 0; i < rides; i++) {
        const fare = 800 + ((i * 7919) % 4000);
        const split = splitFare(fare, 250, 2000, 0);
        const driver = { code: 'driver' as const, owner: drivers[i % drivers.length]! };
        const card = i % 3 === 0 ? fare : 0;
        await db.transaction().execute((trx) =>
          post(trx, {
            kind: 'ride.completed',
            key: `bench:ride:${i}`,
            currency: 'USD',
            city_id: 'sf',
            entries: [
              { account: driver, line: 'fare_cash', amount_cents: fare - card },
              { account: { code: 'processor_clearing' }, line: 'fare_card', amount_cents: card },
              { account: driver, line: 'driver_earnings', amount_cents: -split.driver_cents },
              { account: { code: 'commission' }, line: 'commission', amount_cents: -split.commission_cents },
              { account: { code: 'booking_fees' }, line: 'booking_fee', amount_cents: -split.booking_fee_cents },
            ],
          }),
        );
        if (i % 20 === 0) {
          await post(db, {
            kind: 'ride.cancellation_fee',
            key: `bench:fee:${i}`,
            currency: 'USD',
            city_id: 'sf',
            entries: [
              { account: { code: 'rider_owed', owner: riders[i % riders.length]! }, line: 'cancellation_fee', amount_cents: 500 },
              { account: driver, line: 'cancellation_fee_driver', amount_cents: -400 },
              { account: { code: 'booking_fees' }, line: 'cancellation_fee', amount_cents: -100 },
            ],
          });
        }
      }
      const entries = Number(
        (
          await db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      ctx.log(`finance: seeded ${rides} rides (${entries} entries) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      const dashboard = () => getFinanceDashboard(db, { city: 'sf', from, to: today, tz: 'UTC' });
      const check = await dashboard();
      if (!check.trial_balance.balanced || check.completed_rides !== rides) throw new Error('finance bench: the books do not add up');
      await time(5, dashboard);
      const d = await time(runs, dashboard);
      const tb = await time(runs, () => trialBalance(db));
      ctx.log(`finance: dashboard p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms; trial balance alone p50 ${tb.p50.toFixed(1)} ms`);
      const note = `${rides} completed rides, ${entries} ledger entries, 300 drivers, last 30 days, in process on PGlite (${runs} runs)`;
      return [
        {
          area: 2,
          figure: 'financial dashboard summary p50 (getFinanceDashboard)',
          value: d.p50,
          unit: 'ms',
          baseline: { label: 'trialBalance() alone p50, same data', value: tb.p50, unit: 'ms' },
          ratio: ratio(d.p50, tb.p50),
          note,
        },
        {
          area: 2,
          figure: 'financial dashboard summary p99',
          value: d.p99,
          unit: 'ms',
          baseline: { label: 'trialBalance() alone p99, same data', value: tb.p99, unit: 'ms' },
          ratio: ratio(d.p99, tb.p99),
          note,
        },
      ];
    } finally {
      await opened.close();
      await database.drop();
    }
  },
};
