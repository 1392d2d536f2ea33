import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type RideTypeKey = 'economy' | 'comfort' | 'xl';

/** A city's financial settings as they apply at one moment (migration 0013, decision 0037). */
export type FinancialSettings = {
  id: string;
  city_id: string;
  version: number;
  effective_from: Date;
  /** Basis points of the fare without its booking fee (2000 = 20 %). */
  commission_bp: Record<RideTypeKey, number>;
  tax_rate_bp: number;
  tax_label: string;
  payout_weekday: number;
  minimum_payout_cents: number;
  negative_balance_limit_cents: number;
  grace_days: number;
  created_by: string | null;
  created_at: Date;
  note: string | null;
};

/** The defaults every city starts from: 20 % commission, no tax, weekly payouts on Monday over $10, a $50 limit owed for 3 days. */
export const DEFAULT_FINANCIAL_SETTINGS = {
  commission_bp: { economy: 2000, comfort: 2000, xl: 2000 } as Record<RideTypeKey, number>,
  tax_rate_bp: 0,
  tax_label: '',
  payout_weekday: 1,
  minimum_payout_cents: 1000,
  negative_balance_limit_cents: 5000,
  grace_days: 3,
};

const view = (row: Awaited<ReturnType<typeof latest>>): FinancialSettings | undefined =>
  row && {
    ...row,
    effective_from: new Date(row.effective_from),
    commission_bp: (typeof row.commission_bp === 'string' ? JSON.parse(row.commission_bp) : row.commission_bp) as Record<RideTypeKey, number>,
  };

const latest = (db: Kysely<DB>, cityId: string, at: Date) =>
  db
    .selectFrom('financial_settings')
    .selectAll()
    .where('city_id', '=', cityId)
    .where('effective_from', '<=', at)
    .orderBy('effective_from', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * The settings in force for a city at `at` (default now): the version with the latest effective date not after
 * it. A city with none (made before its seed, in a test) gets the defaults, as version 0.
 */
export async function financialSettingsAt(db: Kysely<DB>, cityId: string, at: Date = new Date()): Promise<FinancialSettings> {
  const found = view(await latest(db, cityId, at));
  if (found) return found;
  return {
    id: '',
    city_id: cityId,
    version: 0,
    effective_from: new Date(0),
    ...DEFAULT_FINANCIAL_SETTINGS,
    created_by: null,
    created_at: new Date(0),
    note: null,
  };
}

/** A new city's first version, the defaults, in force since the epoch. Call it in the transaction that creates the city. */
export async function seedCityFinance(trx: Kysely<DB>, cityId: string) {
  await trx
    .insertInto('financial_settings')
    .values({ city_id: cityId, version: 1, effective_from: new Date(0), commission_bp: JSON.stringify(DEFAULT_FINANCIAL_SETTINGS.commission_bp) })
    .onConflict((oc) => oc.columns(['city_id', 'version']).doNothing())
    .execute();
}
