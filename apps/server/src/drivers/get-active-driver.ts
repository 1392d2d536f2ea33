import { messages } from '@openride/shared/messages';
import { domainError, notFound } from '../lib/errors';
import { isSuspended, latestFullDriverOf } from './drivers.repo';
import type { Ports } from '../ports';

/** The server-side gate of /driver-active (§2, §4): only the newest record counts, and only when approved. */
export async function getActiveDriver(services: Pick<Ports, 'db'>, userId: string) {
  const driver = await latestFullDriverOf(services.db, userId);
  if (!driver) throw notFound('No driver record');
  if (driver.verification_status !== 'approved') throw domainError('DRIVER_NOT_APPROVED', messages.errors.applicationPending.text(driver.verification_status));
  if (await isSuspended(services.db, driver.id)) throw domainError('DRIVER_SUSPENDED');
  return driver;
}
