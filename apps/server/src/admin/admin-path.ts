import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { getOrCreateSetting, randomToken, setSetting } from '../lib/settings';

/**
 * The admin panel's hidden path (the spec's `/{hash}`): ADMIN_PATH, or a random one made at first start
 * and kept in the database. Hidden is not a permission: every admin API checks the role regardless.
 */
export async function resolveAdminPath(db: Kysely<DB>, configured?: string): Promise<string> {
  if (configured) {
    const value = configured.startsWith('/') ? configured : `/${configured}`;
    await setSetting(db, 'admin_path', value);
    return value;
  }
  return getOrCreateSetting(db, 'admin_path', () => `/${randomToken(12)}`);
}
