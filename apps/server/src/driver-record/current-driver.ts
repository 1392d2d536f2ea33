import { messages } from '@openride/shared/messages';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError, forbidden } from '../lib/errors';

type DriverColumn = keyof DB['drivers'] & string;

/**
 * The caller's driver record: a user's newest one (an applicant who applied again has several; the newest is
 * theirs). The one read of "the caller's driver" (issue 28 §2): every domain that acts for a driver —
 * rides, compliance, vehicles, payouts, the dashboard, schedules, the driver's own page — starts here, with
 * the columns it needs. It lives in driver-record/, beneath compliance and drivers, because drivers imports
 * compliance (going online checks the papers) and compliance acts for the caller's driver too.
 */
export function currentDriverOf<C extends DriverColumn>(db: Kysely<DB>, userId: string, columns: readonly C[]) {
  return db.selectFrom('drivers').select(columns).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** The caller's driver record when it is approved, else undefined: only an approved driver acts on rides. */
export async function approvedDriverOf<C extends DriverColumn>(db: Kysely<DB>, userId: string, columns: readonly C[]) {
  const driver = await currentDriverOf(db, userId, [...columns, 'verification_status']);
  return driver?.verification_status === 'approved' ? driver : undefined;
}

/**
 * The caller's driver record, approved (a suspended driver still reads their money and papers). Anyone else
 * is refused: no driver record, 403 (`notADriver`); one still pending or rejected, DRIVER_NOT_APPROVED.
 */
export async function ownApprovedDriver(db: Kysely<DB>, userId: string, options: { notADriver?: string } = {}) {
  const driver = await currentDriverOf(db, userId, ['id', 'full_name', 'verification_status']);
  if (!driver) throw forbidden(options.notADriver ?? 'Drivers only.');
  if (driver.verification_status !== 'approved') throw domainError('DRIVER_NOT_APPROVED', messages.errors.applicationPending.text(driver.verification_status));
  return driver;
}
