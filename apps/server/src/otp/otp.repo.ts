import { OTP_EXPIRY_SECONDS } from '@openride/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Wrong guesses a code survives; the next check finds it dead. */
export const OTP_MAX_ATTEMPTS = 5;

/** Store a fresh code for the phone, replacing (and so invalidating) any earlier one. Expiry on the database clock. */
export async function replaceOtp(db: Kysely<DB>, phone: string, codeHash: string) {
  const expiresAt = sql<Date>`now() + make_interval(secs => ${OTP_EXPIRY_SECONDS})`;
  await db
    .insertInto('phone_otps')
    .values({ phone, code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, attempts: 0, created_at: sql`now()` }))
    .execute();
}

export async function deleteOtp(db: Kysely<DB>, phone: string, codeHash: string) {
  await db.deleteFrom('phone_otps').where('phone', '=', phone).where('code_hash', '=', codeHash).execute();
}

/**
 * Count one attempt against the phone's live code and return its hash, or nothing when there is no
 * live code (none sent, expired, or out of attempts). One statement, so concurrent guesses cannot
 * slip past the attempt limit.
 */
export async function spendOtpAttempt(db: Kysely<DB>, phone: string): Promise<string | undefined> {
  const row = await db
    .updateTable('phone_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('phone', '=', phone)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('code_hash')
    .executeTakeFirst();
  return row?.code_hash;
}

/** Consume the code: true for exactly one of several concurrent correct checks. */
export async function consumeOtp(db: Kysely<DB>, phone: string, codeHash: string): Promise<boolean> {
  const row = await db.deleteFrom('phone_otps').where('phone', '=', phone).where('code_hash', '=', codeHash).returning('phone').executeTakeFirst();
  return row !== undefined;
}
