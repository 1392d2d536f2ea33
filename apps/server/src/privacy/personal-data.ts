import { DRIVER_PRESENCE_MACHINE } from '@openride/shared/drivers/presence-state';
import { MEMBER_MACHINE } from '@openride/shared/corporate/membership-state';
import { privacyText } from '@openride/shared/privacy/privacy-text';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { moveAll } from '../lib/move';

/** Whose rows: the user's id, and the ids of their driver records (driver tables key by drivers.id). */
export type Person = { userId: string; driverIds: string[] };
type Row = Record<string, unknown>;
type Db = Kysely<DB>;

/**
 * One table that holds rows about a person (decision 0059): how to find them for "Download my data", what
 * never leaves the server, and what deleting the account does to them. `match` is the plain case (rows whose
 * column holds the user's id or one of their driver ids); `rows` a query of its own. A table of a later
 * migration may be `optional`: skipped while it does not exist.
 *
 * apps/server/test/privacy.test.ts reads the database's catalog: a table with a column that refers to a
 * person (a foreign key to "user", profiles or drivers, or a column named like user_id, rider_id, …_by) must
 * be here or in NOT_PERSONAL below, so a table added later without export coverage fails that test.
 */
export type PersonalTable = {
  table: string;
  match?: readonly { column: string; of: 'user' | 'driver' }[];
  rows?: (db: Db, who: Person) => Promise<Row[]>;
  /** Columns never exported: secrets (hashes, tokens, keys) and storage internals. */
  omit?: readonly string[];
  optional?: boolean;
  /**
   * On account deletion (inside its one transaction): 'delete' the matched rows; 'keep' them as they are (the
   * records the law requires — rides, payments, the ledger — keep the user id, which no longer resolves to
   * a person); or an update of its own that anonymises them.
   */
  onDelete: 'delete' | 'keep' | ((trx: Db, who: Person) => Promise<void>);
};

const byUser = (column: string) => ({ column, of: 'user' as const });
const byDriver = (column: string) => ({ column, of: 'driver' as const });

/** `column` holds the user's id or one of their driver ids, as an SQL condition (false when there is nothing to match). */
export function matchCondition(match: PersonalTable['match'], who: Person) {
  const parts = (match ?? []).flatMap(({ column, of }) => {
    const ids = of === 'user' ? [who.userId] : who.driverIds;
    return ids.length ? [sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`] : [];
  });
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`;
}

const ridesOf = (who: Person) =>
  sql`select id from rides where rider_id = ${who.userId}${who.driverIds.length ? sql` or driver_id in (${sql.join(who.driverIds)})` : sql``}`;
const accountsOf = (who: Person) => sql`select id from ledger_accounts where owner_id in (${sql.join([who.userId, ...who.driverIds])})`;

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Row[];

export const PERSONAL_TABLES: readonly PersonalTable[] = [
  // The sign-in (better-auth's tables).
  {
    table: 'user',
    match: [byUser('id')],
    onDelete: async (trx, who) => {
      await trx
        .updateTable('user')
        // A unique address under .invalid (RFC 2606): never routable, never anyone's.
        .set({ name: privacyText.deletedName, email: `deleted-${who.userId}@deleted.invalid`, emailVerified: false, image: null, updatedAt: new Date() })
        .where('id', '=', who.userId)
        .execute();
    },
  },
  // Password hashes and provider tokens never leave; deleting the rows is what makes sign-in fail.
  { table: 'account', match: [byUser('userId')], omit: ['password', 'accessToken', 'refreshToken', 'idToken'], onDelete: 'delete' },
  // The session token is the key to the account: never exported. Deleting the rows ends every session.
  { table: 'session', match: [byUser('userId')], omit: ['token'], onDelete: 'delete' },
  {
    table: 'profiles',
    match: [byUser('id')],
    omit: ['push_token'],
    onDelete: async (trx, who) => {
      await trx
        .updateTable('profiles')
        // blocked: a session still inside its signed-cookie window (decision 0001) can request no ride.
        .set({
          full_name: privacyText.deletedName,
          phone: null,
          push_token: null,
          phone_verified_at: null,
          blocked_at: new Date(),
          blocked_reason: privacyText.deletedName,
          updated_at: new Date(),
        })
        .where('id', '=', who.userId)
        .execute();
    },
  },
  {
    table: 'user_roles',
    match: [byUser('user_id')],
    onDelete: async (trx, who) => void (await trx.deleteFrom('user_roles').where('user_id', '=', who.userId).where('role', '=', 'admin').execute()),
  },
  { table: 'notifications', match: [byUser('user_id')], onDelete: 'delete' },
  // The endpoint and its keys are the browser's push address: only when it was registered leaves.
  { table: 'push_subscriptions', match: [byUser('user_id')], omit: ['endpoint', 'p256dh', 'auth'], onDelete: 'delete' },

  // Rides, as rider and as driver: kept (with their ledger) for the law, without identity. A rider's places
  // say where they live and work: the names go and the points are rounded to about a kilometre (the city's
  // figures and heatmaps still count the ride).
  {
    table: 'rides',
    match: [byUser('rider_id'), byDriver('driver_id')],
    omit: ['pin'],
    onDelete: async (trx, who) =>
      void (await trx
        .updateTable('rides')
        .set({
          pickup_label: null,
          dropoff_label: null,
          pickup_lat: sql`round(pickup_lat::numeric, 2)::float8`,
          pickup_lng: sql`round(pickup_lng::numeric, 2)::float8`,
          dropoff_lat: sql`round(dropoff_lat::numeric, 2)::float8`,
          dropoff_lng: sql`round(dropoff_lng::numeric, 2)::float8`,
        })
        .where('rider_id', '=', who.userId)
        .execute()),
  },
  { table: 'ride_offers', match: [byDriver('driver_id')], onDelete: 'keep' },
  {
    table: 'ride_locations',
    rows: (db, who) => rowsOf(db, sql`select * from ride_locations where ride_id in (${ridesOf(who)}) order by at`),
    // The path of a deleted rider's trips leads to their door: gone. A deleted driver's stay for their riders.
    onDelete: async (trx, who) =>
      void (await sql`delete from ride_locations where ride_id in (select id from rides where rider_id = ${who.userId})`.execute(trx)),
  },
  // SOS and ride checks on their rides: kept with the ride (a safety record), no identity in them.
  { table: 'ride_events', rows: (db, who) => rowsOf(db, sql`select * from ride_events where ride_id in (${ridesOf(who)}) order by at`), onDelete: 'keep' },
  // Ride checks (decision 0062): when a ride of theirs stopped or strayed, and when each party answered.
  {
    table: 'ride_checks',
    rows: (db, who) => rowsOf(db, sql`select * from ride_checks where ride_id in (${ridesOf(who)}) order by asked_at`),
    onDelete: 'keep',
  },
  // SOS alerts they raised (decision 0061): a safety record kept with the ride; the position is the car's, the
  // note the operator's. resolved_by is the admin who closed it.
  { table: 'sos_alerts', match: [byUser('raised_by')], onDelete: 'keep' },
  // What they wrote in ride chats: their words, erased.
  { table: 'ride_messages', match: [byUser('sender_id')], onDelete: 'delete' },
  {
    table: 'ride_ratings',
    match: [byUser('rater_id'), byUser('ratee_id')],
    // The stars stay (the other party's average); the words they wrote go.
    onDelete: async (trx, who) => void (await trx.updateTable('ride_ratings').set({ comment: null }).where('rater_id', '=', who.userId).execute()),
  },

  // Money: kept for the law.
  {
    table: 'payments',
    rows: (db, who) => rowsOf(db, sql`select * from payments where ride_id in (select id from rides where rider_id = ${who.userId}) order by created_at`),
    omit: ['intent_ref'],
    onDelete: 'keep',
  },
  { table: 'payment_customers', match: [byUser('user_id')], omit: ['customer_ref'], onDelete: 'keep' },
  {
    table: 'payment_cards',
    match: [byUser('user_id')],
    omit: ['provider_ref'],
    onDelete: async (trx, who) =>
      void (await trx.updateTable('payment_cards').set({ removed_at: new Date() }).where('user_id', '=', who.userId).where('removed_at', 'is', null).execute()),
  },
  {
    table: 'refund_requests',
    match: [byUser('rider_id'), byUser('decided_by'), byUser('proposed_by')],
    onDelete: async (trx, who) => void (await trx.updateTable('refund_requests').set({ comment: null }).where('rider_id', '=', who.userId).execute()),
  },
  // A rider's promo code uses (decision 0063): kept with the ride and its ledger, without identity.
  { table: 'promo_redemptions', match: [byUser('rider_id')], onDelete: 'keep' },
  { table: 'ledger_accounts', match: [byUser('owner_id'), byDriver('owner_id')], onDelete: 'keep' },
  {
    table: 'ledger_entries',
    rows: (db, who) => rowsOf(db, sql`select * from ledger_entries where account_id in (${accountsOf(who)}) order by created_at, id`),
    onDelete: 'keep',
  },
  {
    table: 'ledger_transactions',
    rows: (db, who) =>
      rowsOf(
        db,
        sql`select * from ledger_transactions where created_by = ${who.userId} or id in (select transaction_id from ledger_entries where account_id in (${accountsOf(who)})) order by created_at, id`,
      ),
    onDelete: 'keep',
  },
  { table: 'payout_items', match: [byDriver('driver_id')], onDelete: 'keep' },

  // Driving: the application, the car, the papers (metadata only: file ids and names, never the bytes).
  {
    table: 'drivers',
    match: [byUser('user_id')],
    onDelete: async (trx, who) => {
      if (!who.driverIds.length) return;
      await moveAll(trx, DRIVER_PRESENCE_MACHINE, {
        table: 'drivers',
        to: 'offline',
        actor: 'system',
        set: { full_name: privacyText.deletedName, phone: '', license_number: '', license_plate: '', updated_at: new Date() },
        where: (eb) => eb('id', 'in', who.driverIds),
      });
    },
  },
  {
    table: 'vehicles',
    match: [byDriver('driver_id'), byUser('reviewed_by')],
    // The plate names the person who owns the car: replaced (unique per vehicle, as plates are per driver).
    onDelete: async (trx, who) =>
      void (
        who.driverIds.length &&
        (await trx
          .updateTable('vehicles')
          .set({ license_plate: sql`'DEL-' || substr(id::text, 1, 8)` })
          .where('driver_id', 'in', who.driverIds)
          .execute())
      ),
  },
  { table: 'driver_documents', match: [byDriver('driver_id'), byUser('reviewed_by')], onDelete: 'keep' },
  { table: 'insurance_policies', match: [byDriver('driver_id'), byUser('reviewed_by')], onDelete: 'keep' },
  {
    table: 'files',
    match: [byUser('owner_id')],
    omit: ['storage_key'],
    // The rows stay (documents refer to them) but are marked deleted and nameless; the bytes are removed after commit.
    onDelete: async (trx, who) =>
      void (await trx
        .updateTable('files')
        .set({ deleted_at: new Date(), name: null })
        .where('owner_id', '=', who.userId)
        .where('deleted_at', 'is', null)
        .execute()),
  },
  { table: 'driver_schedules', match: [byDriver('driver_id')], onDelete: 'keep' },
  { table: 'driver_schedule_blocks', match: [byDriver('driver_id')], onDelete: 'delete' },
  { table: 'driver_time_off', match: [byDriver('driver_id')], onDelete: 'delete' },
  { table: 'driver_shift_reminders', match: [byDriver('driver_id')], onDelete: 'keep' },
  { table: 'driver_goals', match: [byDriver('driver_id')], onDelete: 'delete' },

  // The account helper's tables (issue 15): erased with the account; skipped until that migration exists.
  { table: 'saved_places', match: [byUser('user_id')], onDelete: 'delete' },
  { table: 'emergency_contacts', match: [byUser('user_id')], onDelete: 'delete' },
  { table: 'notification_preferences', match: [byUser('user_id')], onDelete: 'delete' },
  // The Terms and Privacy versions they agreed to (decision 0057): the proof of consent, kept without identity.
  { table: 'legal_acceptances', match: [byUser('user_id')], onDelete: 'keep' },

  // Support (decision 0055): tickets they opened or were party to (a lost item), and what they wrote. The
  // tickets stay for the operator's record, nameless; their messages are erased, photos included.
  {
    table: 'support_tickets',
    match: [byUser('requester_id'), byUser('participant_id')],
    // The subject is a copy of the first line of their first message (decision 0075): erased with it.
    onDelete: async (trx, who) =>
      void (await trx
        .updateTable('support_tickets')
        .set({ requester_email: null, requester_name: null, subject: privacyText.erasedMessage })
        .where('requester_id', '=', who.userId)
        .execute()),
  },
  {
    table: 'support_messages',
    match: [byUser('author_id')],
    onDelete: async (trx, who) =>
      void (await trx.updateTable('support_messages').set({ body: privacyText.erasedMessage, file_ids: [] }).where('author_id', '=', who.userId).execute()),
  },

  // Referrals (decision 0064): their codes and devices go with the account; a referral they made or were
  // made by stays (it explains a reward in the ledger), naming an id that no longer resolves to a person.
  { table: 'referral_codes', match: [byUser('user_id')], onDelete: 'delete' },
  { table: 'user_devices', match: [byUser('user_id')], onDelete: 'delete' },
  { table: 'referrals', match: [byUser('referrer_id'), byUser('referee_id')], onDelete: 'keep' },

  // Corporate accounts (decision 0066): a membership ends with the account but its row stays (the company's
  // invoices name the rides it paid for), pointing to an id that no longer resolves to a person.
  {
    table: 'company_members',
    match: [byUser('user_id')],
    onDelete: async (trx, who) =>
      void (await moveAll(trx, MEMBER_MACHINE, {
        table: 'company_members',
        to: 'removed',
        actor: 'system',
        set: { removed_at: new Date() },
        where: (eb) => eb('user_id', '=', who.userId),
      })),
  },
  // Invitations (decision 0067): one they accepted goes with the account (the membership row stays); one they
  // sent as a company admin stays for the company, without naming them.
  {
    table: 'company_invitations',
    match: [byUser('accepted_by'), byUser('invited_by')],
    onDelete: async (trx, who) => {
      await trx.deleteFrom('company_invitations').where('accepted_by', '=', who.userId).execute();
      await trx.updateTable('company_invitations').set({ invited_by: null }).where('invited_by', '=', who.userId).execute();
    },
  },
  // A staff member's role and scope (decision 0089): leaves with the console's `admin` row.
  {
    table: 'staff_members',
    match: [byUser('user_id'), byUser('invited_by')],
    onDelete: async (trx, who) => {
      await trx.deleteFrom('staff_members').where('user_id', '=', who.userId).execute();
      await trx.updateTable('staff_members').set({ invited_by: null }).where('invited_by', '=', who.userId).execute();
    },
  },
  {
    table: 'staff_invitations',
    match: [byUser('accepted_by'), byUser('invited_by')],
    omit: ['token_hash'],
    onDelete: async (trx, who) => {
      await trx.deleteFrom('staff_invitations').where('accepted_by', '=', who.userId).execute();
      await trx.updateTable('staff_invitations').set({ invited_by: null }).where('invited_by', '=', who.userId).execute();
    },
  },
  // Two-factor sign-in (decision 0090): when it was set up and used, never the secret nor the codes' hashes.
  { table: 'staff_two_factor', match: [byUser('user_id')], omit: ['secret_encrypted'], onDelete: 'delete' },
  { table: 'staff_recovery_codes', match: [byUser('user_id')], omit: ['code_hash'], onDelete: 'delete' },
  { table: 'staff_two_factor_sessions', match: [byUser('user_id')], omit: ['session_id'], onDelete: 'delete' },
];

/**
 * Tables with a column that names a person but that are not the person's data, each with why. A table
 * lands here only with a reason a reviewer can check.
 */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  // actor_id is the admin who acted: the operator's legal record of who changed what, kept as it is.
  audit_log: "The operator's record of admin actions (actor_id: the admin); kept as the legal trail.",
  // created_by / updated_by / approved_by below: the admin who changed an operator setting.
  fare_policies: 'Operator settings; created_by is the admin who set them.',
  financial_settings: 'Operator settings; created_by is the admin who set them.',
  cancellation_policy_versions: 'Operator settings (each version of a cancellation policy); created_by is the admin who set them.',
  payout_runs: "The operator's payout batches; created_by/approved_by are admins. The driver's own lines are payout_items.",
  vehicle_rules: 'Operator settings; updated_by is the admin who set them.',
  document_types: 'Operator settings; updated_by is the admin who set them.',
  legal_documents: 'The Terms and Privacy Policy texts; published_by is the admin who published a version.',
  support_procedures: "The operator's support runbooks; created_by is the admin who saved a version.",
  faq_entries: 'The public help center; any author column is the admin who wrote it.',
  referral_programs: 'Operator settings (decision 0064); updated_by is the admin who set them.',
  promotions: 'Operator settings (promo codes and their counters); created_by is the admin who created one.',
  companies: 'Corporate customers (decision 0066): a company, not a person; created_by is the admin who created it.',
  corporate_invoices:
    "A company's monthly invoices (decision 0070), not a person's; issued_by/paid_by are the admins who issued it or recorded its payment. The member's rides are in their own ride export.",
  company_policies: "A company's ride policy (decision 0067); updated_by is the company admin who saved it.",
};

/** A table of a later migration is skipped until it exists (to_regclass is null for an unknown name). */
export async function tableExists(db: Db, table: string) {
  const { rows } = await sql<{ t: string | null }>`select to_regclass(${`public.${table}`})::text as t`.execute(db);
  return rows[0]?.t != null;
}

/** The person's rows of one table, secrets left out. */
export async function personalRows(db: Db, entry: PersonalTable, who: Person): Promise<Row[]> {
  const rows = entry.rows
    ? await entry.rows(db, who)
    : await rowsOf(db, sql`select * from ${sql.table(entry.table)} where ${matchCondition(entry.match, who)}`);
  const omit = new Set(entry.omit ?? []);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !omit.has(k))));
}

export async function personOf(db: Db, userId: string): Promise<Person> {
  const drivers = await db.selectFrom('drivers').select('id').where('user_id', '=', userId).execute();
  return { userId, driverIds: drivers.map((d) => d.id) };
}
