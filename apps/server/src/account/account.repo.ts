import type { AccountView, EmergencyContactView, SavedPlaceView } from '@openride/shared/account/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notificationPrefsOf } from './notification-prefs';

/** Home, then Work. */
export async function placesOf(db: Kysely<DB>, userId: string): Promise<SavedPlaceView[]> {
  return db.selectFrom('saved_places').select(['kind', 'label', 'address_label', 'lat', 'lng']).where('user_id', '=', userId).orderBy('kind').execute();
}

/** Oldest first (the order they were added). */
export async function emergencyContactsOf(db: Kysely<DB>, userId: string): Promise<EmergencyContactView[]> {
  return db
    .selectFrom('emergency_contacts')
    .select(['id', 'name', 'phone', 'relationship'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Everything /account-settings shows: the caller's own. */
export async function accountOf(db: Kysely<DB>, userId: string): Promise<AccountView> {
  const [user, profile, places, contacts, prefs] = await Promise.all([
    db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('profiles').select(['full_name', 'phone', 'phone_verified_at', 'avatar_file_id']).where('id', '=', userId).executeTakeFirst(),
    placesOf(db, userId),
    emergencyContactsOf(db, userId),
    notificationPrefsOf(db, userId),
  ]);
  return {
    email: user.email,
    full_name: profile?.full_name ?? null,
    phone: profile?.phone ?? null,
    phone_verified: Boolean(profile?.phone_verified_at),
    avatar_file_id: profile?.avatar_file_id ?? null,
    places,
    emergency_contacts: contacts,
    notification_preferences: prefs,
  };
}
