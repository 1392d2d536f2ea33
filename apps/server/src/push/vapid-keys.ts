import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import { getOrCreateSetting } from '../lib/settings';
import type { VapidDetails } from './push-sender';

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated at first start and kept in
 * app_settings as one JSON value (both halves written together, so processes starting at once agree).
 * Changing keys invalidates every browser subscription, hence generated once and kept.
 */
export async function resolveVapidKeys(db: Kysely<DB>, env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): Promise<VapidDetails> {
  let keys: { publicKey: string; privateKey: string };
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  } else {
    const stored = await getOrCreateSetting(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
    keys = JSON.parse(stored) as typeof keys;
  }
  // Fails now, naming the problem, rather than at the first notification (bad key lengths, bad subject).
  webpush.getVapidHeaders('https://fcm.googleapis.com', env.VAPID_SUBJECT, keys.publicKey, keys.privateKey, 'aes128gcm');
  return { subject: env.VAPID_SUBJECT, ...keys };
}
