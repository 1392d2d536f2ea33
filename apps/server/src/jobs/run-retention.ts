import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Dev outbox rows are for reading a code or a link just sent: a day is plenty. */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Surge snapshots feed /surge-pricing's timeline: a week of it is plenty (decision 0035). */
export const SURGE_SNAPSHOT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type RetentionResult = { breadcrumbs: number; outbox: number; sessions: number; verifications: number; otps: number; surgeSnapshots: number };

/**
 * Deletes what nobody needs any more (decision 0027): ride breadcrumbs older than `breadcrumbDays`, dev
 * outbox rows older than a day, expired sessions, expired verification tokens (email, password reset,
 * admin reset links), expired one-time codes and surge snapshots older than a week. The hourly `retention` job runs it; tests call it directly.
 */
export async function runRetention(db: Kysely<DB>, opts: { breadcrumbDays: number; now?: Date }): Promise<RetentionResult> {
  const now = opts.now ?? new Date();
  const breadcrumbCutoff = new Date(now.getTime() - opts.breadcrumbDays * 24 * 60 * 60 * 1000);
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    breadcrumbs: count(await db.deleteFrom('ride_locations').where('at', '<', breadcrumbCutoff).executeTakeFirst()),
    outbox: count(
      await db
        .deleteFrom('dev_outbox')
        .where('created_at', '<', new Date(now.getTime() - OUTBOX_RETENTION_MS))
        .executeTakeFirst(),
    ),
    sessions: count(await db.deleteFrom('session').where('expiresAt', '<', now).executeTakeFirst()),
    verifications: count(await db.deleteFrom('verification').where('expiresAt', '<', now).executeTakeFirst()),
    otps: count(await db.deleteFrom('phone_otps').where('expires_at', '<', now).executeTakeFirst()),
    surgeSnapshots: count(
      await db
        .deleteFrom('surge_snapshots')
        .where('at', '<', new Date(now.getTime() - SURGE_SNAPSHOT_RETENTION_MS))
        .executeTakeFirst(),
    ),
  };
}
