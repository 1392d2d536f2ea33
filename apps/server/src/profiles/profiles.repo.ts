import type { Profile } from '@openride/shared/profiles/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** §7 profiles select: the user's own profile (blank if the row is somehow missing). */
export async function profileOf(db: Kysely<DB>, userId: string): Promise<Profile> {
  const row = await db.selectFrom('profiles').select(['full_name', 'phone', 'push_token']).where('id', '=', userId).executeTakeFirst();
  return row ?? { full_name: null, phone: null, push_token: null };
}
