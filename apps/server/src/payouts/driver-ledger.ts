import type { AgeBucket, DriverStanding } from '@openride/shared/payouts/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type FinancialSettings, financialSettingsAt } from '../ledger/financial-settings.repo';
import { accountKey, type AccountRef } from '../ledger/ledger';
import { domainError } from '../lib/errors';
import { localDate, nextWeekday } from './local-dates';

/**
 * What this domain reads of the ledger about one driver (decision 0040): their account (`driver:<drivers.id>`,
 * positive = they owe the platform), their home city, and the transactions on it. Every figure a driver or
 * an admin reads is a sum over these entries.
 */
export const driverAccount = (driverId: string): AccountRef => ({ code: 'driver', owner: driverId });

export type HomeCity = { id: string; name: string; timezone: string; currency: string };

/**
 * The city a driver works in: the city of the latest transaction on their account, else of their latest
 * ride, else their own city (decision 0074); null when none is known — then no money has moved either.
 * Their money follows where they drive.
 */
export async function findHomeCity(db: Kysely<DB>, driverId: string): Promise<HomeCity | null> {
  const fromLedger = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select('t.city_id')
    .where('a.code', '=', 'driver')
    .where('a.owner_id', '=', driverId)
    .where('t.city_id', 'is not', null)
    .orderBy('t.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  let cityId = fromLedger?.city_id ?? null;
  if (!cityId)
    cityId =
      (await db.selectFrom('rides').select('city_id').where('driver_id', '=', driverId).orderBy('requested_at', 'desc').limit(1).executeTakeFirst())?.city_id ??
      null;
  if (!cityId) cityId = (await db.selectFrom('drivers').select('city_id').where('id', '=', driverId).executeTakeFirst())?.city_id ?? null;
  if (!cityId) return null;
  const city = await db.selectFrom('cities').select(['id', 'name', 'timezone', 'currency']).where('id', '=', cityId).executeTakeFirstOrThrow();
  return { id: city.id, name: city.name, timezone: city.timezone, currency: city.currency.trim() };
}

/** `findHomeCity`, for the pages and rules that need one: a driver whose city is unknown is told to choose it. */
export async function homeCityOf(db: Kysely<DB>, driverId: string): Promise<HomeCity> {
  const city = await findHomeCity(db, driverId);
  if (!city) throw domainError('DRIVER_CITY_UNKNOWN');
  return city;
}

/** One transaction on a driver's account: its net effect there (ledger sign: positive = they owe more). */
export type DriverTxn = { id: string; kind: string; ride_id: string | null; at: Date; net: number };

/** Every transaction on the driver's account in a currency, oldest first. */
export async function driverTxns(db: Kysely<DB>, driverId: string, currency: string): Promise<DriverTxn[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['t.id', 't.kind', 't.ride_id', 't.created_at', sql<string>`sum(e.amount_cents)`.as('net')])
    .where('a.key', '=', accountKey(driverAccount(driverId), currency))
    .groupBy(['t.id', 't.kind', 't.ride_id', 't.created_at'])
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, ride_id: r.ride_id, at: new Date(r.created_at), net: Number(r.net) }));
}

const DAY_MS = 86_400_000;

/**
 * The rule of the negative-balance limit, from the running balance: since when the driver has owed more than
 * the limit without coming back within it, and whether that has lasted longer than the grace days (then they
 * cannot go online). Paying back to the limit or below ends it at once.
 */
export function standingFrom(
  txns: readonly Pick<DriverTxn, 'at' | 'net'>[],
  settings: Pick<FinancialSettings, 'negative_balance_limit_cents' | 'grace_days' | 'payout_weekday' | 'minimum_payout_cents'>,
  currency: string,
  now: Date,
  timeZone: string,
): DriverStanding {
  let balance = 0;
  let overSince: Date | null = null;
  for (const t of txns) {
    balance += t.net;
    if (balance > settings.negative_balance_limit_cents) overSince ??= t.at;
    else overSince = null;
  }
  const settleBy = overSince ? new Date(overSince.getTime() + settings.grace_days * DAY_MS) : null;
  const owed = -balance;
  return {
    currency,
    balance_cents: balance,
    negative_balance_limit_cents: settings.negative_balance_limit_cents,
    grace_days: settings.grace_days,
    payout_weekday: settings.payout_weekday,
    minimum_payout_cents: settings.minimum_payout_cents,
    next_payout_date: owed > 0 && owed >= settings.minimum_payout_cents ? nextWeekday(localDate(now, timeZone), settings.payout_weekday) : null,
    over_limit_since: overSince ? overSince.toISOString() : null,
    settle_by: settleBy ? settleBy.toISOString() : null,
    settle_cents: Math.max(0, balance - settings.negative_balance_limit_cents),
    blocked: settleBy !== null && now.getTime() > settleBy.getTime(),
  };
}

/**
 * What a driver owes by age (FIFO): their credits pay off their oldest debits first; what is left of each
 * debit is as old as the debit. Buckets: current (under a day), 1–30, 31–60, 61–90 and over 90 days.
 */
export function agingFrom(txns: readonly Pick<DriverTxn, 'at' | 'net'>[], now: Date) {
  let credits = txns.reduce((s, t) => s + (t.net < 0 ? -t.net : 0), 0);
  const aging: Record<AgeBucket, number> = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
  let oldest: Date | null = null;
  for (const t of txns) {
    if (t.net <= 0) continue;
    const paid = Math.min(credits, t.net);
    credits -= paid;
    const left = t.net - paid;
    if (left === 0) continue;
    oldest ??= t.at;
    const days = Math.floor((now.getTime() - t.at.getTime()) / DAY_MS);
    const bucket: AgeBucket = days < 1 ? 'current' : days <= 30 ? 'd1_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90_plus';
    aging[bucket] += left;
  }
  return { aging, oldest_unpaid_at: oldest ? oldest.toISOString() : null };
}

/** A driver's standing now: their balance and the limit's rule, from the financial settings of their home city. */
export async function driverStanding(db: Kysely<DB>, driverId: string, now = new Date()) {
  const city = await homeCityOf(db, driverId);
  const settings = await financialSettingsAt(db, city.id, now);
  const txns = await driverTxns(db, driverId, city.currency);
  return { city, settings, txns, standing: standingFrom(txns, settings, city.currency, now, city.timezone) };
}
