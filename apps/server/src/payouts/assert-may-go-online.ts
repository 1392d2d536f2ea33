import { overdueMessage } from '@openride/shared/payouts/payouts-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import { driverStanding } from './driver-ledger';

/**
 * The negative-balance rule (decision 0040): a driver who has owed more than the city's limit for longer
 * than its grace days cannot go online until they settle. The refusal says how much and how to pay.
 */
export async function assertMayGoOnline(db: Kysely<DB>, driverId: string, now = new Date()) {
  const { standing, city } = await driverStanding(db, driverId, now);
  if (standing.blocked) throw domainError('DRIVER_BALANCE_OVERDUE', overdueMessage(standing, city.timezone));
}
