import { privacyText } from '@openride/shared/privacy/privacy-text';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Person } from './personal-data';

type Db = Kysely<DB>;

/**
 * How a person is written in words other rows copied (decision 0075): every name they went by (account,
 * profile, driver record), their email addresses and their phone numbers. Read before deletion anonymises
 * their own rows.
 */
export type Identity = { names: string[]; emails: string[]; phones: string[] };

export async function identityOf(db: Db, who: Person): Promise<Identity> {
  const user = await db
    .selectFrom('user')
    .leftJoin('profiles', 'profiles.id', 'user.id')
    .select(['user.name', 'user.email', 'profiles.full_name', 'profiles.phone'])
    .where('user.id', '=', who.userId)
    .executeTakeFirst();
  const drivers = who.driverIds.length ? await db.selectFrom('drivers').select(['full_name', 'phone']).where('id', 'in', who.driverIds).execute() : [];
  const clean = (values: (string | null | undefined)[]) => [
    ...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length >= 2 && v !== privacyText.deletedName)),
  ];
  return {
    names: clean([user?.name, user?.full_name, ...drivers.map((d) => d.full_name)]),
    emails: clean([user?.email]),
    phones: clean([user?.phone, ...drivers.map((d) => d.phone)]).filter((p) => p.replace(/\D/g, '').length >= 7),
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A phone however it was typed: (415) 555-0123, 415.555.0123, +1 415 555 0123 all match 4155550123. */
const phonePattern = (phone: string) => {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return `(\\+?1[\\s.-]*)?${[...digits].join('[\\s().-]*')}`;
};

/** Regular expressions (PostgreSQL AREs) and what each becomes. Names: whole and each part of 3+ letters. */
function replacements(identity: Identity, withNames: boolean): [pattern: string, flags: string, by: string][] {
  const out: [string, string, string][] = [];
  for (const email of identity.emails) out.push([escapeRegex(email), 'gi', privacyText.removedDetail]);
  for (const phone of identity.phones) out.push([phonePattern(phone), 'g', privacyText.removedDetail]);
  if (withNames) {
    for (const name of identity.names) out.push([escapeRegex(name), 'gi', privacyText.deletedName]);
    const parts = new Set(identity.names.flatMap((n) => n.split(/\s+/)).filter((p) => p.length >= 3 && p !== 'Deleted' && p !== 'user'));
    for (const part of parts) out.push([`\\m${escapeRegex(part)}\\M`, 'g', privacyText.deletedName]);
  }
  return out;
}

/** `value` (text) with every replacement applied. */
function scrubbed(value: RawBuilder<unknown>, identity: Identity, withNames: boolean): RawBuilder<string> {
  let expr = value as RawBuilder<string>;
  for (const [pattern, flags, by] of replacements(identity, withNames)) expr = sql<string>`regexp_replace(${expr}, ${pattern}, ${by}, ${flags})`;
  return expr;
}

/** True when `value` (text) holds one of the person's identifiers. */
function mentions(value: RawBuilder<unknown>, identity: Identity, withNames: boolean): RawBuilder<boolean> {
  const parts = replacements(identity, withNames).map(([pattern, flags]) =>
    flags.includes('i') ? sql<boolean>`${value} ~* ${pattern}` : sql<boolean>`${value} ~ ${pattern}`,
  );
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`;
}

/**
 * One place where other rows copy words about a person (decision 0075). `about` says which rows are about them
 * (their rides, tickets, alerts, records): there every name, email and phone of theirs is replaced. In every
 * other row only their email and phone are (unique to them, so never someone else's), never a name (another
 * person may share it).
 */
type Copy = { table: keyof DB & string; columns: readonly { name: string; json?: boolean }[]; about: (who: Person) => RawBuilder<boolean> };

const ids = (values: string[]) => (values.length ? sql.join(values) : sql`null`);
const ridesOf = (who: Person) =>
  sql`select id from rides where rider_id = ${who.userId}${who.driverIds.length ? sql` or driver_id in (${ids(who.driverIds)})` : sql``}`;
const ticketsOf = (who: Person, identity: Identity) =>
  sql`select id from support_tickets where requester_id = ${who.userId} or participant_id = ${who.userId} or ride_id in (${ridesOf(who)})${identity.emails.length ? sql` or lower(requester_email) in (${ids(identity.emails.map((e) => e.toLowerCase()))})` : sql``}`;

/** The ids of the person and of everything of theirs a notification links to or an audit record is about, as text. */
const linkedIds = (who: Person, identity: Identity) => sql`
  select ${who.userId}::text
  union all select id::text from drivers where user_id = ${who.userId}
  union all select id::text from (${ridesOf(who)}) r
  union all select id::text from (${ticketsOf(who, identity)}) t
  union all select id::text from sos_alerts where ride_id in (${ridesOf(who)})
  union all select id::text from refund_requests where rider_id = ${who.userId}
  union all select id::text from referrals where referrer_id = ${who.userId} or referee_id = ${who.userId}
  union all select id::text from vehicles where driver_id in (select id from drivers where user_id = ${who.userId})
  union all select id::text from driver_documents where driver_id in (select id from drivers where user_id = ${who.userId})
  union all select id::text from insurance_policies where driver_id in (select id from drivers where user_id = ${who.userId})`;

const COPIES = (identity: Identity): readonly Copy[] => [
  // The support conversation about them: the operator's replies and notes name them ("Hello Zelda").
  { table: 'support_tickets', columns: [{ name: 'subject' }], about: (who) => sql<boolean>`id in (${ticketsOf(who, identity)})` },
  { table: 'support_messages', columns: [{ name: 'body' }], about: (who) => sql<boolean>`ticket_id in (${ticketsOf(who, identity)})` },
  // Notifications to other people about them: "SOS from <name>" to every admin, "<name> has arrived" to a rider.
  {
    table: 'notifications',
    columns: [{ name: 'title' }, { name: 'message' }],
    about: (who) =>
      sql<boolean>`(booking_id in (${ridesOf(who)}) or exists (select 1 from (${linkedIds(who, identity)}) as linked(id) where position(linked.id in coalesce(link, '')) > 0))`,
  },
  // The audit trail of what admins did to them or their things: ids stay, the words naming them go.
  {
    table: 'audit_log',
    columns: [{ name: 'reason' }, { name: 'before', json: true }, { name: 'after', json: true }],
    about: (who) => sql<boolean>`entity_id in (${linkedIds(who, identity)})`,
  },
  // What the other party and the operator wrote on their rides.
  { table: 'sos_alerts', columns: [{ name: 'note' }], about: (who) => sql<boolean>`ride_id in (${ridesOf(who)})` },
  { table: 'ride_messages', columns: [{ name: 'body' }], about: (who) => sql<boolean>`ride_id in (${ridesOf(who)})` },
  { table: 'ride_ratings', columns: [{ name: 'comment' }], about: (who) => sql<boolean>`ride_id in (${ridesOf(who)})` },
  { table: 'refund_requests', columns: [{ name: 'decision_reason' }], about: (who) => sql<boolean>`rider_id = ${who.userId}` },
  // The development outbox (no email or SMS provider): texts to their emergency contacts name them and link a ride of theirs.
  {
    table: 'dev_outbox',
    columns: [{ name: 'subject' }, { name: 'body' }],
    about: (who) => sql<boolean>`exists (select 1 from rides r where (r.id in (${ridesOf(who)})) and position(r.share_token in body) > 0)`,
  },
];

/**
 * Erase the person from every row that copied them (decision 0075), inside the deletion's transaction, after
 * the registry (personal-data.ts) has done their own rows: messages to them and one-time codes to their phone
 * go; elsewhere their words are replaced. Records the law keeps (rides, the ledger) hold ids only.
 */
export async function scrubIdentityCopies(trx: Db, who: Person, identity: Identity) {
  if (identity.emails.length) await sql`delete from dev_outbox where lower("to") in (${ids(identity.emails.map((e) => e.toLowerCase()))})`.execute(trx);
  for (const phone of identity.phones) {
    const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    await sql`delete from dev_outbox where channel = 'sms' and regexp_replace("to", '\\D', '', 'g') in (${digits}, ${`1${digits}`})`.execute(trx);
    await sql`delete from phone_otps where regexp_replace(phone, '\\D', '', 'g') in (${digits}, ${`1${digits}`})`.execute(trx);
  }
  // Invitations to their address that they never accepted (an accepted one went with the registry).
  if (identity.emails.length)
    await sql`delete from company_invitations where status <> 'accepted' and lower(email) in (${ids(identity.emails.map((e) => e.toLowerCase()))})`.execute(
      trx,
    );
  // Tickets they opened as a visitor (/contact, signed out): their words and address, as for a signed-in requester.
  if (identity.emails.length) {
    const visitorTickets = sql`select id from support_tickets where requester_id is null and lower(requester_email) in (${ids(identity.emails.map((e) => e.toLowerCase()))})`;
    await sql`update support_messages set body = ${privacyText.erasedMessage}, file_ids = '{}' where author_id is null and author_role = 'requester' and ticket_id in (${visitorTickets})`.execute(
      trx,
    );
    await sql`update support_tickets set subject = ${privacyText.erasedMessage}, requester_email = null, requester_name = null where id in (${visitorTickets})`.execute(
      trx,
    );
  }
  // A deleted driver's insurance policies keep their dates and review, not the name insured.
  if (who.driverIds.length)
    await trx.updateTable('insurance_policies').set({ insured_name: privacyText.deletedName }).where('driver_id', 'in', who.driverIds).execute();

  for (const copy of COPIES(identity)) {
    const about = copy.about(who);
    const sets = copy.columns.map(({ name, json }) => {
      const text = json ? sql`${sql.ref(name)}::text` : sql`${sql.ref(name)}`;
      const value = sql`case when ${about} then ${scrubbed(text, identity, true)} else ${scrubbed(text, identity, false)} end`;
      return sql`${sql.ref(name)} = ${json ? sql`(${value})::jsonb` : value}`;
    });
    const touched = copy.columns.map(({ name, json }) => {
      const text = json ? sql`${sql.ref(name)}::text` : sql`${sql.ref(name)}`;
      return sql<boolean>`((${about}) and ${mentions(text, identity, true)}) or ${mentions(text, identity, false)}`;
    });
    await sql`update ${sql.table(copy.table)} set ${sql.join(sets)} where ${sql.join(touched, sql` or `)}`.execute(trx);
  }
}
