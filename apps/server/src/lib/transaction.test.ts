import { errorText } from '@openride/shared/error-text';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { RetryTransaction } from '../db/retryable';
import { AppError } from './errors';
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction';

/** A database whose transactions fail with each of `failures` in turn, then run the work. */
function flakyDb(failures: unknown[]) {
  let runs = 0;
  const db = {
    transaction: () => ({
      execute: async (work: (trx: unknown) => Promise<unknown>) => {
        runs++;
        const failure = failures.shift();
        if (failure) throw failure;
        return work({});
      },
    }),
  } as unknown as Kysely<DB>;
  return { db, runs: () => runs };
}
const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('inTransaction: deadlocks and serialization failures are run again, a lost race is a 409', () => {
  it('runs a deadlock victim (40P01) and a serialization failure (40001) again and returns what the work returns', async () => {
    const { db, runs } = flakyDb([pgError('40P01'), pgError('40001')]);
    await expect(inTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('runs again when the work asks to (RetryTransaction)', async () => {
    const { db, runs } = flakyDb([new RetryTransaction('a lock out of order')]);
    await expect(inTransaction(db, async () => 7)).resolves.toBe(7);
    expect(runs()).toBe(2);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs with 409 CONFLICT and words a person understands, never a 500`, async () => {
    const { db, runs } = flakyDb(Array.from({ length: TRANSACTION_ATTEMPTS }, () => pgError('40P01')));
    const err = await inTransaction(db, async () => 'never').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'CONFLICT', status: 409, message: errorText('CONFLICT') });
    expect(runs()).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not run other failures again: a unique violation or a refusal surfaces at once', async () => {
    const unique = flakyDb([pgError('23505')]);
    await expect(inTransaction(unique.db, async () => 'never')).rejects.toMatchObject({ code: '23505' });
    expect(unique.runs()).toBe(1);
    const refusal = flakyDb([]);
    let runs = 0;
    await expect(
      inTransaction(refusal.db, async () => {
        runs++;
        throw new AppError('INVALID_TRANSITION', 'no');
      }),
    ).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(runs).toBe(1);
  });
});
