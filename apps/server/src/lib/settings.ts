import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Read a setting, creating it with `make()` on first use. Insert-or-nothing then read, so that two
 * processes starting together on one PostgreSQL agree on a single value.
 */
export async function getOrCreateSetting(db: Kysely<DB>, key: string, make: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

export async function setSetting(db: Kysely<DB>, key: string, value: string) {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

export const randomToken = (bytes: number) => randomBytes(bytes).toString('hex');
