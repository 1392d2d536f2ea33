import type { AuditAction } from '@openride/shared/admin/audit';
import type { CityRecord } from '@openride/shared/admin/city-scope';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { cityOfRecord } from '../roles/city-scope';

export type AuditInput = {
  /** The admin who made the change (the session's user id, never the request body's). */
  actorId: string;
  action: AuditAction;
  entityType: string;
  entityId: string;
  /** Only the fields the change touched, as they were and as they are: the log reads as a diff. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
  /**
   * The city the change is about (decision 0091): given by a caller that knows it (a version of a city's
   * settings, a deleted zone), null for none; left out, it is read from the record (`AUDIT_CITY_RECORDS`).
   */
  cityId?: string | null;
};

/**
 * The audit entity types that are a record of a city (decision 0091), and the record kind whose city mount
 * already reads (`CITY_OF`). Anything else (staff, riders and accounts, settings of the whole marketplace, the
 * FAQ, legal documents) is of no city unless its caller says.
 */
const AUDIT_CITY_RECORDS: Partial<Record<string, CityRecord>> = {
  city: 'city',
  ride: 'ride',
  driver: 'driver',
  zone: 'zone',
  city_place: 'city_place',
  promotion: 'promotion',
  company: 'company',
  corporate_invoice: 'corporate_invoice',
  payout_run: 'payout_run',
  payout_item: 'payout_item',
  refund_request: 'refund_request',
  support_ticket: 'support_ticket',
  sos_alert: 'sos_alert',
  cancellation_policy: 'cancellation_policy',
  referral: 'referral',
  vehicle: 'vehicle',
  driver_document: 'document',
  insurance_policy: 'insurance_policy',
};

/** The city an entry is about: the caller's, else its record's, read in the change's transaction. */
async function cityOfEntry(trx: Kysely<DB>, input: AuditInput): Promise<string | null> {
  if (input.cityId !== undefined) return input.cityId;
  const kind = AUDIT_CITY_RECORDS[input.entityType];
  return kind ? ((await cityOfRecord(trx, kind, input.entityId)) ?? null) : null;
}

/**
 * Record an admin's change. `trx` must be the transaction that makes the change: the record commits
 * with it or rolls back with it, so the log never claims a change that did not happen, nor misses one.
 * The entry keeps the city it is about (`city_id`), which scopes the log to a staff member's cities.
 */
export async function recordAudit(trx: Kysely<DB>, input: AuditInput) {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: input.actorId,
      action: input.action,
      entity_type: input.entityType,
      entity_id: input.entityId,
      before: input.before === null ? null : JSON.stringify(input.before),
      after: input.after === null ? null : JSON.stringify(input.after),
      reason: input.reason ?? null,
      city_id: await cityOfEntry(trx, input),
    })
    .execute();
}
