import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { getOrCreateSetting, randomToken, setSetting } from '../lib/settings';

/**
 * The driver's own dashboard's hidden path (the spec's `{secret}`, decision 0050): DRIVER_DASHBOARD_PATH, or a
 * random one made at first start and kept in the database, as the admin path is (decision 0003). Hidden is not
 * a permission: every API the page calls checks for a signed-in approved driver regardless.
 */
export async function resolveDriverDashboardPath(db: Kysely<DB>, configured?: string): Promise<string> {
  if (configured) {
    const value = configured.startsWith('/') ? configured : `/${configured}`;
    await setSetting(db, 'driver_dashboard_path', value);
    return value;
  }
  return getOrCreateSetting(db, 'driver_dashboard_path', () => `/${randomToken(12)}`);
}
