import type { GoalInput } from '@openride/shared/dashboard/schemas';
import type { Goal } from '@openride/shared/dashboard/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { goalOf } from './goals.repo';

/**
 * The signed-in approved driver sets (or, with both figures null, clears) their daily goal. The input is
 * already parsed by the shared schema: refused input never reaches here, so nothing changes.
 */
export async function setMyGoal(db: Kysely<DB>, userId: string, input: GoalInput): Promise<Goal | null> {
  const driver = await ownApprovedDriver(db, userId);
  if (input.earnings_cents === null && input.trips === null) {
    await db.deleteFrom('driver_goals').where('driver_id', '=', driver.id).execute();
    return null;
  }
  await db
    .insertInto('driver_goals')
    .values({ driver_id: driver.id, earnings_cents: input.earnings_cents, trips: input.trips })
    .onConflict((oc) => oc.column('driver_id').doUpdateSet({ earnings_cents: input.earnings_cents, trips: input.trips, updated_at: new Date() }))
    .execute();
  return goalOf(db, driver.id);
}
