import { HEATMAP_RESOLUTION } from '@openride/shared/analytics/fleet';
import { latLngToCell } from 'h3-js';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { GeoIndex } from '../geo/geo-index';
import type { Logger } from '../lib/logger';

const MINUTE_MS = 60_000;
/** Samples older than this are deleted (once an hour, by whichever process samples minute 0). */
export const SUPPLY_RETENTION_DAYS = 90;
/** The row under this cell holds the city's total for the minute. */
export const CITY_TOTAL_CELL = '*';

/**
 * Where free drivers are, once a minute: for each city, the drivers in the dispatch index counted per H3
 * cell, written under the minute they were counted in. The heatmap averages these over the hours an
 * operator picks. Every server process samples; the (city, minute, cell) key keeps the first write of a
 * minute and ignores the rest, so N processes write each minute once without electing anyone. A minute
 * while no server ran is simply not sampled, and the heatmap divides by the minutes that were.
 */
export function createSupplySampler(deps: { db: Kysely<DB>; geo: GeoIndex; logger: Logger }) {
  const { db, geo, logger } = deps;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Counts and writes the minute `at` falls in; returns the rows written (0 when another process was first). */
  async function sample(at: Date = new Date()): Promise<number> {
    const minute = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
    const cities = await db.selectFrom('cities').select('id').execute();
    let written = 0;
    for (const city of cities) {
      const counts = new Map<string, number>();
      const drivers = await geo.all(city.id);
      for (const d of drivers) {
        const cell = latLngToCell(d.lat, d.lng, HEATMAP_RESOLUTION);
        counts.set(cell, (counts.get(cell) ?? 0) + 1);
      }
      const rows = [
        { city_id: city.id, minute, cell: CITY_TOTAL_CELL, drivers: drivers.length },
        ...[...counts].map(([cell, n]) => ({ city_id: city.id, minute, cell, drivers: n })),
      ];
      const result = await db
        .insertInto('driver_supply_samples')
        .values(rows)
        .onConflict((oc) => oc.columns(['city_id', 'minute', 'cell']).doNothing())
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    if (minute.getUTCMinutes() === 0) {
      await db
        .deleteFrom('driver_supply_samples')
        .where('minute', '<', sql<Date>`now() - make_interval(days => ${SUPPLY_RETENTION_DAYS})`)
        .execute();
    }
    return written;
  }

  function schedule() {
    if (closed) return;
    // A few seconds into each minute, so a frame or two of every driver has landed since the last one.
    const wait = MINUTE_MS - (Date.now() % MINUTE_MS) + 5_000;
    timer = setTimeout(() => {
      running = sample()
        .catch((err) => logger.warn({ err }, 'driver supply sample failed; the next minute tries again'))
        .finally(schedule);
    }, wait);
    timer.unref();
  }

  return {
    sample,
    start() {
      if (!timer && !closed) schedule();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type SupplySampler = ReturnType<typeof createSupplySampler>;
