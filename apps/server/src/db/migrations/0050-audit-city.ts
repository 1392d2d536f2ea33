import { type Kysely, sql } from 'kysely';

/**
 * The audit log's city (issue 29 §3, decision 0091): each entry keeps the city its record is of, written by
 * `recordAudit` in the change's transaction, so the log is scoped to a staff member's cities like every other
 * console list. Null for an entry about something of no city (staff, riders, the FAQ, legal documents, the
 * marketplace's settings): everyone's. The index serves the scoped list, newest first, keyset paged by
 * (created_at, id).
 */
export async function up(db: Kysely<any>) {
  await sql`alter table audit_log add column city_id text`.execute(db);
  await sql`create index audit_log_city_created_idx on audit_log (city_id, created_at desc, id desc)`.execute(db);
  await backfillAuditCities(db);
}

/** Audit entity types whose record holds its city itself. */
const OWN_CITY = {
  ride: 'rides',
  driver: 'drivers',
  zone: 'zones',
  promotion: 'promotions',
  company: 'companies',
  corporate_invoice: 'corporate_invoices',
  payout_run: 'payout_runs',
  cancellation_policy: 'cancellation_policies',
  referral: 'referrals',
  fare_policy: 'fare_policies',
  financial_settings: 'financial_settings',
  ledger_transaction: 'ledger_transactions',
} as const;

/** Audit entity types whose city is their ride's, their driver's or their run's: [table, its key, where the city is]. */
const THROUGH = {
  refund_request: ['refund_requests', 'ride_id', 'rides'],
  sos_alert: ['sos_alerts', 'ride_id', 'rides'],
  support_ticket: ['support_tickets', 'ride_id', 'rides'],
  vehicle: ['vehicles', 'driver_id', 'drivers'],
  driver_document: ['driver_documents', 'driver_id', 'drivers'],
  insurance_policy: ['insurance_policies', 'driver_id', 'drivers'],
  payout_item: ['payout_items', 'run_id', 'payout_runs'],
} as const;

/**
 * The entries written before the column, given the city their record has now (as `recordAudit` would have
 * read it). Ids are compared as text: an entity id is any string. Records since deleted (a zone, a zone's
 * cancellation terms) keep the city their entry wrote down (`before`/`after`.city_id). Entries already given a
 * city are left as they are.
 */
export async function backfillAuditCities(db: Kysely<any>) {
  for (const [type, table] of Object.entries(OWN_CITY)) {
    await sql`update audit_log a set city_id = t.city_id
      from ${sql.table(table)} t
      where a.city_id is null and a.entity_type = ${type} and t.id::text = a.entity_id`.execute(db);
  }
  for (const [type, [table, key, owner]] of Object.entries(THROUGH)) {
    await sql`update audit_log a set city_id = o.city_id
      from ${sql.table(table)} t join ${sql.table(owner)} o on o.id = t.${sql.ref(key)}
      where a.city_id is null and a.entity_type = ${type} and t.id::text = a.entity_id`.execute(db);
  }
  await sql`update audit_log a set city_id = c.id
    from cities c
    where a.city_id is null and a.entity_type = 'city' and c.id = a.entity_id`.execute(db);
  // A city's referral settings: "<program>:<city>" (the default settings, "<program>", are of no city).
  await sql`update audit_log a set city_id = c.id
    from cities c
    where a.city_id is null and a.entity_type = 'referral_program' and c.id = split_part(a.entity_id, ':', 2)`.execute(db);
  await sql`update audit_log a set city_id = c.id
    from cities c
    where a.city_id is null and a.entity_type in ('zone', 'cancellation_policy')
      and c.id = coalesce(a.before ->> 'city_id', a.after ->> 'city_id')`.execute(db);
}
