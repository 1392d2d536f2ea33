import type { Goal } from '@openride/shared/dashboard/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const goalView = (r: { earnings_cents: number | null; trips: number | null; updated_at: Date | string }): Goal => ({
  earnings_cents: r.earnings_cents,
  trips: r.trips,
  updated_at: new Date(r.updated_at).toISOString(),
});

/** The driver's daily goal, or null when none is set (decision 0050). */
export async function goalOf(db: Kysely<DB>, driverId: string): Promise<Goal | null> {
  const row = await db.selectFrom('driver_goals').select(['earnings_cents', 'trips', 'updated_at']).where('driver_id', '=', driverId).executeTakeFirst();
  return row && (row.earnings_cents !== null || row.trips !== null) ? goalView(row) : null;
}
