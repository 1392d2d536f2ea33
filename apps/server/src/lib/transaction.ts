import { errorText } from '@openride/shared/error-text';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { isRetryableDbError, RetryTransaction } from '../db/retryable';
import { AppError } from './errors';

/** Runs of a transaction, the first included, before a lost race is answered with 409. */
export const TRANSACTION_ATTEMPTS = 4;

/** The answer when every run lost: a 409 whose words say what to do, never a 500. */
export const lostRace = () => new AppError('CONFLICT', errorText('CONFLICT'));

/**
 * The transaction helper of every verb that changes rides, offers or drivers (decision 0021). The locks
 * come from `db/ride-locks.ts`, in one order, so deadlocks should not happen; this is the defence in depth
 * if one does. A transaction PostgreSQL aborted as a deadlock victim or a serialization failure, or one
 * that asked to start again (`RetryTransaction`), is run again after a short random wait (jitter, so
 * two losers do not meet again at once), at most `TRANSACTION_ATTEMPTS` runs in all; then 409 CONFLICT.
 * `work` may run more than once: it must only touch the database (events go out after commit).
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (!(err instanceof RetryTransaction) && !isRetryableDbError(err)) throw err;
      if (attempt >= TRANSACTION_ATTEMPTS) throw lostRace();
      // 5–25 ms on the first retry, growing with each: long enough for the winner to commit.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
