import { type Kysely, sql } from 'kysely';

/**
 * Phone numbers of any country (issue 30 §2, decision 0094).
 *
 * - Stored phones become E.164: a value of exactly 10 digits (as typed: '4155550100', '(415) 555-0100',
 *   '415.555.0100') was a US number under the spec's rules and becomes '+14155550100'. Anything else is left as it
 *   was (a '+1 415 555 0100' typed at sign-up, a foreign or broken number): the phone key below still compares it.
 * - The phone key (profiles_phone_key_idx, `profilePhoneKeySql` in profiles/phone-key.ts, textually identical) is
 *   the E.164 digits: a value starting with + as it is, one of bare 10 digits with the US 1 in front. Old and new
 *   forms of one US number share a key; a foreign number can no longer collide with a US one of the same digits.
 * - Live one-time codes die: their hash binds the 10-digit form (they last 5 minutes; the person sends again).
 * - `cities.country` (ISO 3166-1 alpha-2): null is the deployment's DEFAULT_COUNTRY, as `emergency_number`.
 */
const TEN_DIGITS = sql`regexp_replace(phone, '\\D', '', 'g') ~ '^\\d{10}$' and phone !~ '\\+'`;
const TO_E164 = sql`'+1' || regexp_replace(phone, '\\D', '', 'g')`;

export async function up(db: Kysely<any>) {
  for (const table of ['profiles', 'drivers', 'emergency_contacts']) {
    await sql`update ${sql.table(table)} set phone = ${TO_E164} where phone is not null and ${TEN_DIGITS}`.execute(db);
  }
  await sql`delete from phone_otps`.execute(db);

  await sql`drop index if exists profiles_phone_key_idx`.execute(db);
  await sql`create index profiles_phone_key_idx on profiles ((case when phone like '+%' then regexp_replace(phone, '\\D', '', 'g') else regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^(\\d{10})$', '1\\1') end)) where phone is not null`.execute(
    db,
  );

  await sql`alter table cities add column if not exists country text check (country ~ '^[A-Z]{2}$')`.execute(db);
}
