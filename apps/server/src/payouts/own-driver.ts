import { messages } from '@openride/shared/messages';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError, forbidden } from '../lib/errors';

/**
 * The caller's own newest driver record, approved (a suspended driver still reads their money). Anyone
 * else — a rider, a driver still pending — is refused: a driver's money is read only by that driver.
 */
export async function ownApprovedDriver(db: Kysely<DB>, userId: string) {
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'full_name', 'verification_status'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!driver) throw forbidden('Drivers only.');
  if (driver.verification_status !== 'approved') throw domainError('DRIVER_NOT_APPROVED', messages.errors.applicationPending.text(driver.verification_status));
  return driver;
}
