import type { EarningsFigures } from '@openride/shared/payouts/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { accountKey } from '../ledger/ledger';
import { driverAccount } from './driver-ledger';

/**
 * One transaction touching a driver's account, folded into the figures a driver reads (decision 0040): from
 * the driver's own entries by line, and the platform's share (commission, booking fee, tax) from the same
 * transaction's other entries. Amounts are positive in the direction their names say.
 */
export type TxnFigures = {
  id: string;
  kind: string;
  ride_id: string | null;
  at: Date;
  /** The local date (city time zone). */
  day: string;
  earnings: number;
  commission: number;
  booking_fee: number;
  tax: number;
  tips: number;
  fees: number;
  cash_collected: number;
  cash_paid: number;
  payouts: number;
  /** Every other line on the driver's account, in the driver's favour. */
  adjustments: number;
  /** The net on the driver's account, ledger sign (positive = they owe more). */
  net: number;
};

type Row = { id: string; kind: string; ride_id: string | null; created_at: Date | string; day: string; line: string; mine: boolean; amount_cents: string };

/** Every transaction on the driver's account from a local date on (all when null), oldest first, folded. */
export async function driverTxnFigures(db: Kysely<DB>, driverId: string, currency: string, timeZone: string, fromDate: string | null): Promise<TxnFigures[]> {
  const key = accountKey(driverAccount(driverId), currency);
  const since = fromDate === null ? sql`true` : sql`t.created_at >= (${fromDate}::date)::timestamp at time zone ${timeZone}`;
  const { rows } = await sql<Row>`
    select t.id, t.kind, t.ride_id, t.created_at, to_char((t.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           e.line, (a.key = ${key}) as mine, e.amount_cents
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where t.id in (select e2.transaction_id from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where a2.key = ${key})
      and ${since}
    order by t.created_at, t.id`.execute(db);
  const byId = new Map<string, TxnFigures>();
  for (const r of rows) {
    let f = byId.get(r.id);
    if (!f) {
      f = {
        id: r.id,
        kind: r.kind,
        ride_id: r.ride_id,
        at: new Date(r.created_at),
        day: r.day,
        earnings: 0,
        commission: 0,
        booking_fee: 0,
        tax: 0,
        tips: 0,
        fees: 0,
        cash_collected: 0,
        cash_paid: 0,
        payouts: 0,
        adjustments: 0,
        net: 0,
      };
      byId.set(r.id, f);
    }
    const amount = Number(r.amount_cents);
    if (r.mine) {
      f.net += amount;
      switch (r.line) {
        case 'fare_cash':
        case 'tip_cash':
          f.cash_collected += amount;
          break;
        case 'driver_earnings':
          f.earnings -= amount;
          break;
        case 'tip':
          f.tips -= amount;
          break;
        case 'cancellation_fee_driver':
          f.fees -= amount;
          break;
        case 'payout':
          f.payouts += amount;
          break;
        case 'cash_received':
          f.cash_paid -= amount;
          break;
        default:
          f.adjustments -= amount;
      }
    } else if (r.line === 'commission') f.commission -= amount;
    else if (r.line === 'booking_fee') f.booking_fee -= amount;
    else if (r.line === 'tax') f.tax -= amount;
  }
  return [...byId.values()];
}

export const emptyFigures = (): EarningsFigures => ({
  trips: 0,
  fares_cents: 0,
  commission_cents: 0,
  booking_fee_cents: 0,
  tax_cents: 0,
  tips_cents: 0,
  fees_cents: 0,
  net_cents: 0,
  cash_collected_cents: 0,
});

/** The figures of a set of transactions: fares = earnings + the platform's share; net = earnings + tips + fees. */
export function sumFigures(txns: readonly TxnFigures[]): EarningsFigures {
  const out = emptyFigures();
  const rides = new Set<string>();
  for (const t of txns) {
    if (t.kind === 'ride.completed' && t.ride_id) rides.add(t.ride_id);
    out.fares_cents += t.earnings + t.commission + t.booking_fee + t.tax;
    out.commission_cents += t.commission;
    out.booking_fee_cents += t.booking_fee;
    out.tax_cents += t.tax;
    out.tips_cents += t.tips;
    out.fees_cents += t.fees;
    out.net_cents += t.earnings + t.tips + t.fees;
    out.cash_collected_cents += t.cash_collected;
  }
  out.trips = rides.size;
  return out;
}
