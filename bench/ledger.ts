import { randomUUID } from 'node:crypto';
import { post, type Posting } from '../apps/server/src/ledger/ledger';
import { splitFare } from '../apps/server/src/ledger/ride-postings';
import { seedUsers } from './lib/accounts';
import { createBenchDatabase } from './lib/app';
import { ratio, summarize } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

/**
 * What the books add to a ride's completion (decision 0037): one transaction posting a completed cash ride's
 * split (a ledger transaction and its six entries, accounts found by key, the commit's balance check) against a
 * transaction writing one row (a notification, which the completion writes anyway), on the same database in
 * the same run. Many drivers, so the accounts are many and their rows are looked up, not cached.
 */
export const ledgerBench: Bench = {
  name: 'ledger',
  area: 5,
  async run(ctx: BenchContext): Promise<Row[]> {
    const rows: Row[] = [];
    const count = ctx.quick ? 300 : 2000;
    for (const kind of ['pglite', ...(ctx.postgresUrl ? ['postgres' as const] : [])] as const) {
      const bench = await createBenchDatabase(ctx, kind);
      const database = await bench.open();
      try {
        const db = database.db;
        const [rider] = await seedUsers(db, 1, { prefix: `ledger-${kind}` });
        const drivers = Array.from({ length: 200 }, () => randomUUID());
        const postRide = (i: number) => {
          const fare = 800 + ((i * 37) % 4000);
          const split = splitFare(fare, 150, 2000, 0);
          const driver = { code: 'driver' as const, owner: drivers[i % drivers.length]! };
          const entries: Posting[] = [
            { account: driver, line: 'fare_cash', amount_cents: fare },
            { account: driver, line: 'driver_earnings', amount_cents: -split.driver_cents },
            { account: { code: 'commission' }, line: 'commission', amount_cents: -split.commission_cents },
            { account: { code: 'booking_fees' }, line: 'booking_fee', amount_cents: -split.booking_fee_cents },
            { account: { code: 'rider_owed', owner: rider!.id }, line: 'carried_fee', amount_cents: -100 },
            { account: driver, line: 'fare_cash', amount_cents: 100 },
          ];
          return db.transaction().execute((trx) => post(trx, { kind: 'ride.completed', key: `bench:${kind}:${i}`, currency: 'USD', city_id: 'sf', entries }));
        };
        const notify = () =>
          db
            .transaction()
            .execute((trx) => trx.insertInto('notifications').values({ user_id: rider!.id, type: 'success', title: 'Bench', message: 'One row' }).execute());
        const time = async (n: number, fn: (i: number) => Promise<unknown>, offset = 0) => {
          const samples = new Float64Array(n);
          for (let i = 0; i < n; i++) {
            const t = performance.now();
            await fn(offset + i);
            samples[i] = performance.now() - t;
          }
          return summarize(samples);
        };
        await time(100, postRide, 1_000_000);
        await time(100, notify);
        const p = await time(count, postRide);
        const n = await time(count, notify);
        ctx.log(`ledger (${kind}): post p50 ${p.p50.toFixed(2)} ms, p99 ${p.p99.toFixed(2)} ms; one-row transaction p50 ${n.p50.toFixed(2)} ms`);
        const note = `${count} sequential ride postings (6 entries, 200 drivers' accounts) in their own transactions; ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
        rows.push(
          {
            area: 5,
            figure: `ledger: post a completed ride p50 (${kind})`,
            value: p.p50,
            unit: 'ms',
            baseline: { label: 'a one-row transaction p50, same database', value: n.p50, unit: 'ms' },
            ratio: ratio(p.p50, n.p50),
            note,
          },
          {
            area: 5,
            figure: `ledger: post a completed ride p99 (${kind})`,
            value: p.p99,
            unit: 'ms',
            baseline: { label: 'a one-row transaction p99, same database', value: n.p99, unit: 'ms' },
            ratio: ratio(p.p99, n.p99),
            note,
          },
        );
      } finally {
        await database.close();
        await bench.drop();
      }
    }
    return rows;
  },
};
