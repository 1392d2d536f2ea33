import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../lib/logger';

/** Any constant will do: the key of PostgreSQL's advisory lock that elects the one dispatch ticker. */
const DISPATCH_LOCK_KEY = 7_343_001_027;

export type DispatchLease = {
  /** Whether this process sweeps now. */
  held(): boolean;
  /** Start trying to take the lease (at once, then every `retryMs` while another process holds it). */
  start(): void;
  /** Let go of the lease (another process takes over at its next try) and stop trying. */
  close(): Promise<void>;
};

/**
 * Elects the one process that runs dispatch's sweep (decision 0027). Scaled mode: the process holding a
 * session-level advisory lock on a connection of its own; it checks that connection every `retryMs` and
 * gives the lease up with it. The others try again every `retryMs`, so when the holder dies (its connection,
 * and so the lock, goes with it) another one takes over within a few seconds. Embedded mode is one process
 * (DATA_DIR is locked): it always holds the lease. Two sweepers for a moment would be harmless anyway —
 * rides are worked on under `skip locked` row locks and unique indexes — the lease only saves the work.
 */
export function createDispatchLease(deps: {
  db: Kysely<DB>;
  scaled: boolean;
  logger: Logger;
  retryMs: number;
  onChange?: (held: boolean) => void;
}): DispatchLease {
  if (!deps.scaled) return { held: () => true, start: () => undefined, close: async () => undefined };
  const { db, logger } = deps;
  let held = false;
  let closed = false;
  let running: Promise<void> | undefined;
  let wakeUp: () => void = () => undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deps.retryMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const setHeld = (value: boolean) => {
    if (held === value) return;
    held = value;
    logger.info({ held }, held ? 'this process holds the dispatch lease: it runs the dispatch sweep' : 'dispatch lease released');
    deps.onChange?.(value);
  };

  async function loop() {
    while (!closed) {
      try {
        await db.connection().execute(async (conn) => {
          const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${DISPATCH_LOCK_KEY}) as ok`.execute(conn);
          if (rows[0]?.ok !== true) return;
          setHeld(true);
          try {
            // Hold it while this connection lives: a failed check means the lock went with the connection.
            while (!closed) {
              await pause();
              await sql`select 1`.execute(conn);
            }
          } finally {
            setHeld(false);
          }
          await sql`select pg_advisory_unlock(${DISPATCH_LOCK_KEY})`.execute(conn);
        });
      } catch (err) {
        setHeld(false);
        if (!closed) logger.warn({ err }, 'dispatch lease: could not take or keep it; trying again');
      }
      if (!closed) await pause();
    }
  }

  return {
    held: () => held,
    start() {
      running ??= loop();
    },
    async close() {
      closed = true;
      wakeUp();
      await running;
    },
  };
}
