import { PHONE_CONFLICT_MESSAGE } from '@openride/shared/profiles/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { phoneKey, profilePhoneKeySql } from './phone-key';

/** Whether a profile other than `excludeUserId`'s holds this phone (compared by digits). */
export async function findPhoneConflict(db: Kysely<DB>, phone: string, excludeUserId: string | null): Promise<string | null> {
  const key = phoneKey(phone);
  if (!key) return null;
  let query = db.selectFrom('profiles').select('id').where('phone', 'is not', null).where(profilePhoneKeySql(), '=', key);
  if (excludeUserId) query = query.where('id', '<>', excludeUserId);
  const row = await query.limit(1).executeTakeFirst();
  return row ? PHONE_CONFLICT_MESSAGE : null;
}

/** Whether any profile holds this phone (the `userExists` of verify-otp). */
export async function phoneHasAccount(db: Kysely<DB>, phone: string): Promise<boolean> {
  return (await findPhoneConflict(db, phone, null)) !== null;
}
