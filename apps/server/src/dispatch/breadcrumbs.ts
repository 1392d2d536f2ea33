import type { Insertable, Kysely } from 'kysely';
import type { DB, RideLocationsTable } from '../db/schema';
import type { Logger } from '../lib/logger';

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT_ROWS = 500;
const MAX_BUFFERED_ROWS = 50_000;

/**
 * A ride's path, buffered in memory and written in multi-row inserts once a second (or every 500 fixes),
 * never one write per frame. A crash loses at most the last second of path; shutdown flushes.
 * If the database is down, rows wait in the buffer (bounded) and go with the next flush.
 */
export function createBreadcrumbWriter(db: Kysely<DB>, logger: Logger) {
  let buffer: Insertable<RideLocationsTable>[] = [];
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    if (flushing) return flushing;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    flushing = (async () => {
      try {
        await db.insertInto('ride_locations').values(rows).execute();
      } catch (err) {
        logger.error({ err, rows: rows.length }, 'could not write ride breadcrumbs; keeping them for the next flush');
        buffer = rows.concat(buffer).slice(-MAX_BUFFERED_ROWS);
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    add(row: Insertable<RideLocationsTable>) {
      buffer.push(row);
      if (buffer.length >= FLUSH_AT_ROWS) void flush();
    },
    flush,
    pending: () => buffer.length,
    async close() {
      clearInterval(timer);
      if (flushing) await flushing;
      await flush();
    },
  };
}
export type BreadcrumbWriter = ReturnType<typeof createBreadcrumbWriter>;
