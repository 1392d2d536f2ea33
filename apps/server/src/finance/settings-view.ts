import type { FinancialSettingsVersion } from '@openride/shared/finance/views';
import type { Selectable } from 'kysely';
import type { FinancialSettingsTable } from '../db/schema';

type Row = Selectable<FinancialSettingsTable> & { created_by_name?: string | null };

const bpOf = (raw: unknown) => {
  const v = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<Record<'economy' | 'comfort' | 'xl', number>> | null;
  return { economy: v?.economy ?? 0, comfort: v?.comfort ?? 0, xl: v?.xl ?? 0 };
};

/** A version as the wire carries it. */
export function settingsView(row: Row, status: FinancialSettingsVersion['status']): FinancialSettingsVersion {
  return {
    id: row.id,
    city_id: row.city_id,
    version: row.version,
    effective_from: new Date(row.effective_from as unknown as string).toISOString(),
    commission_bp: bpOf(row.commission_bp),
    tax_rate_bp: row.tax_rate_bp,
    tax_label: row.tax_label,
    payout_weekday: row.payout_weekday,
    minimum_payout_cents: row.minimum_payout_cents,
    negative_balance_limit_cents: row.negative_balance_limit_cents,
    grace_days: row.grace_days,
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    created_at: new Date(row.created_at).toISOString(),
    note: row.note,
    status,
  };
}

/** The fields an audit row shows of a version: what an admin set. */
export const auditFields = (v: FinancialSettingsVersion) => ({
  version: v.version,
  effective_from: v.effective_from,
  commission_bp: v.commission_bp,
  tax_rate_bp: v.tax_rate_bp,
  tax_label: v.tax_label,
  payout_weekday: v.payout_weekday,
  minimum_payout_cents: v.minimum_payout_cents,
  negative_balance_limit_cents: v.negative_balance_limit_cents,
  grace_days: v.grace_days,
});

/** Has any money been posted for this city? Then its currency is fixed (decision 0041). */
export const cityHasBooks = async (db: import('kysely').Kysely<import('../db/schema').DB>, cityId: string) =>
  Boolean(await db.selectFrom('ledger_transactions').select('id').where('city_id', '=', cityId).limit(1).executeTakeFirst());
