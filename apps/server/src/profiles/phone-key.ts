import { type RawBuilder, sql } from 'kysely';

/**
 * What two phones are compared by: their digits, with a leading US country code dropped from 11 digits,
 * so '(415) 555-0100', '415.555.0100' and '+1 415 555 0100' are one phone. Profiles keep the phone as typed.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The same key computed by PostgreSQL over `profiles.phone`. Kept textually identical to the expression
 * index of migration 0003, so lookups use that index.
 */
export const profilePhoneKeySql = (): RawBuilder<string> => sql<string>`regexp_replace(regexp_replace(profiles.phone, '\\D', '', 'g'), '^1(\\d{10})$', '\\1')`;
