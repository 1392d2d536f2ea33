/**
 * PostgreSQL gave up on a transaction because of another one, not because of anything in it: 40P01 a
 * deadlock (it chose this one as the victim), 40001 a serialization failure. Run again, it usually goes
 * through (`inTransaction` in lib/transaction.ts does).
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

export const isRetryableDbError = (err: unknown) => RETRYABLE_SQLSTATES.has((err as { code?: string } | null)?.code ?? '');

/** Thrown inside a transaction to run it again from the start (a lock it needs can only be taken first). */
export class RetryTransaction extends Error {
  constructor(reason: string) {
    super(`transaction to be run again: ${reason}`);
  }
}

/**
 * PostgreSQL refused a value (SQLSTATE class 22, data exception): 22P02 a malformed uuid or number, 22021 a
 * NUL in text, 22007/22008 a malformed or out-of-range date, 22003 a number out of range, 22001 a string too
 * long. The request's fault, never the server's: answered 400 (app.ts).
 */
export const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test((err as { code?: unknown } | null)?.code?.toString() ?? '');
