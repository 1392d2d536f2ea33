import { type PhoneCountry, toE164 } from '@openride/shared/phone';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A body that names no `country` for its phone takes the deployment's DEFAULT_COUNTRY (decision 0094), so the
 * spec's bodies (`{ phone }` with 10 digits) mean what they always did under the default `US`.
 */
export function withDefaultCountry(raw: unknown, country: PhoneCountry): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  return body.country === undefined || body.country === null ? { ...body, country } : raw;
}

/** What to store for a phone typed in `country`: its E.164 form, else (not a number the library knows) as typed. */
export const storedPhone = (typed: string, country: PhoneCountry) => toE164(typed, country) ?? typed.trim();

/** The country whose numbers a city's people type: its own, else the deployment's. */
export async function cityCountry(db: Kysely<DB>, cityId: string | null | undefined, fallback: PhoneCountry): Promise<PhoneCountry> {
  if (!cityId) return fallback;
  const row = await db.selectFrom('cities').select('country').where('id', '=', cityId).executeTakeFirst();
  return (row?.country as PhoneCountry | null | undefined) ?? fallback;
}
