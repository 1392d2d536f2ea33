import { REFUND_WINDOW_DAYS } from '@openride/shared/refunds/schemas';
import { receiptTotals } from '@openride/shared/payment-history/receipt-totals';
import type { MoneyReceipt } from '@openride/shared/payment-history/views';
import { rideMoney } from '../ledger/ride-money';
import { notFound } from '../lib/errors';
import { requestsOfRides } from '../refunds/refunds.repo';
import { isAdmin } from '../roles/roles.repo';
import { receiptOf, receiptLines } from '../rides/ride-receipt';
import { findRideFor, isRideId, type RideRow } from '../rides/rides.repo';
import type { Ports } from '../ports';

const DAY_MS = 86_400_000;

/**
 * A completed ride's receipt with its money (decision 0039): rides' receipt (fare lines from the price
 * snapshot, the path), plus — for its rider or an admin — what was paid by method, tips and refunds, every
 * amount a sum of the ride's ledger entries, and the ride's refund requests. Its driver reads the fare lines.
 */
export async function moneyReceipt(services: Pick<Ports, 'db'>, ride: RideRow, viewer: 'rider' | 'driver' | 'admin'): Promise<MoneyReceipt> {
  const base = await receiptOf(services, ride, { forDriver: viewer === 'driver' });
  const { surge_multiplier } = receiptLines(ride);
  const forRider = viewer !== 'driver';
  const [money, requests] = forRider ? await Promise.all([rideMoney(services.db, ride), requestsOfRides(services.db, [ride.id])]) : [null, new Map()];
  return {
    ...base,
    currency: ride.currency.trim(),
    started_at: base.started_at ? new Date(base.started_at).toISOString() : null,
    completed_at: base.completed_at ? new Date(base.completed_at).toISOString() : null,
    ride_type: ride.ride_type,
    surge_multiplier,
    money,
    ...(money ? receiptTotals(money) : { total_cents: null, payments: [] }),
    refund_requests: requests.get(ride.id) ?? [],
    report_until: forRider && ride.completed_at ? new Date(new Date(ride.completed_at).getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString() : null,
  };
}

/** The ride the caller may read a receipt of: theirs as rider or driver; any ride for an admin when `admins` (the PDF). */
export async function receiptRideFor(services: Pick<Ports, 'db'>, userId: string, rideId: string, opts: { admins: boolean; riderOnly: boolean }) {
  if (!isRideId(rideId)) throw notFound('Ride not found');
  const found = await findRideFor(services.db, userId, rideId);
  if (found && (found.viewer === 'rider' || !opts.riderOnly)) return found;
  if (opts.admins && (await isAdmin(services.db, userId))) {
    const row = await services.db.selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirst();
    if (row) return { row, viewer: 'admin' as const };
  }
  throw notFound('Ride not found');
}
