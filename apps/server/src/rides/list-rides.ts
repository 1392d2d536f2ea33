import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest } from '../lib/errors';
import { type RideViewer, rideViews } from './rides.repo';

/** Opaque to clients: the last row's (requested_at, id), so a page never repeats or skips a ride. */
const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = at ? new Date(at) : undefined;
  // The id a uuid (anything else makes PostgreSQL raise), the date one timestamptz holds (years 1 to 9999).
  if (!date || Number.isNaN(date.getTime()) || !id || !isUuid(id)) throw badRequest('Invalid cursor');
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw badRequest('Invalid cursor');
  return { at: date, id };
}

/** The caller's rides as a rider (or as a driver), newest first, a keyset page at a time. */
export async function listRides(db: Kysely<DB>, userId: string, opts: { cursor?: string; limit: number; as: RideViewer }) {
  let query = db.selectFrom('rides').selectAll();
  if (opts.as === 'rider') query = query.where('rider_id', '=', userId);
  else {
    const driverIds = db.selectFrom('drivers').select('id').where('user_id', '=', userId);
    query = query.where('driver_id', 'in', driverIds);
  }
  if (opts.cursor) {
    const { at, id } = decodeCursor(opts.cursor);
    query = query.where((eb) => eb.or([eb('requested_at', '<', at), eb.and([eb('requested_at', '=', at), eb('id', '<', id)])]));
  }
  // One extra row tells whether there is a next page.
  const rows = await query
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    rides: await rideViews(db, page, opts.as, userId),
    next_cursor: rows.length > opts.limit && last ? encodeCursor(last.requested_at, last.id) : null,
  };
}
