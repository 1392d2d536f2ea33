import type { Profile } from '@openride/shared/profiles/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** §7 profiles select: the user's own profile (blank if the row is somehow missing). */
export async function profileOf(db: Kysely<DB>, userId: string): Promise<Profile> {
  const row = await db.selectFrom('profiles').select(['full_name', 'phone', 'push_token']).where('id', '=', userId).executeTakeFirst();
  return row ?? { full_name: null, phone: null, push_token: null };
}

/** The profile photo's file id (a `profile_avatar` file, decision 0058), or null: what the nav's avatar shows. */
export async function avatarOf(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('profiles').select('avatar_file_id').where('id', '=', userId).executeTakeFirst();
  return row?.avatar_file_id ?? null;
}
