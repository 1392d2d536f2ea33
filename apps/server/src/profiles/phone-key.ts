import { type PhoneCountry, toE164 } from '@openride/shared/phone';
import { type RawBuilder, sql } from 'kysely';

/**
 * What two phones are compared by (decision 0094): their E.164 digits. A value starting with + is read as it is;
 * a bare 10-digit value (as profiles held before migration 0051) is a US number, the 1 put in front. So
 * '+14155550100', '(415) 555-0100' and '+1 415 555 0100' are one phone, and '+34 612 34 56 78' is '+34612345678'.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.startsWith('+')) return digits;
  return /^\d{10}$/.test(digits) ? `1${digits}` : digits;
}

/** The key of a number as someone typed it, read in `country` first (a Spanish '612 34 56 78' is +34…). */
export const typedPhoneKey = (typed: string, country: PhoneCountry): string => phoneKey(toE164(typed, country) ?? typed.trim());

/**
 * The same key computed by PostgreSQL over `profiles.phone`. Kept identical to the expression index of
 * migration 0051 (there on `phone`, the same column), so lookups use that index.
 */
export const profilePhoneKeySql = (): RawBuilder<string> =>
  sql<string>`(case when profiles.phone like '+%' then regexp_replace(profiles.phone, '\\D', '', 'g') else regexp_replace(regexp_replace(profiles.phone, '\\D', '', 'g'), '^(\\d{10})$', '1\\1') end)`;
