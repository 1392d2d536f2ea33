import type { adminCompaniesQuerySchema } from '@openride/shared/corporate/schemas';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, type KeysetSpec, keysetPage } from '../lib/keyset';
import { companyRows, companyView } from './corporate.repo';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminCompaniesQuerySchema>;
const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'c.created_at', type: 'timestamptz' }, name: { expr: sql`lower(c.name)`, type: 'text' } },
  id: { ref: 'c.id', type: 'uuid' },
};

/** The admin kit's list of companies (search by name or billing email; filter by status and city). */
export async function listCompanies(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = companyRows(db);
  const inCities = cityCondition('c.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.q) rows = rows.where((eb) => eb.or([eb('c.name', 'ilike', containsPattern(query.q!)), eb('c.billing_email', 'ilike', containsPattern(query.q!))]));
  if (query.status) rows = rows.where('c.status', '=', query.status);
  if (query.city_id) rows = rows.where('c.city_id', '=', query.city_id);
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: page.items.map(companyView) };
}

export const COMPANIES_CSV: CsvColumn<Awaited<ReturnType<typeof listCompanies>>['items'][number]>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'City', value: (c) => c.city_name },
  { header: 'Billing email', value: (c) => c.billing_email },
  { header: 'Status', value: (c) => c.status },
  { header: 'Members', value: (c) => c.members_count },
  { header: 'Credit limit (cents)', value: (c) => c.credit_limit_cents },
  { header: 'Owed (cents)', value: (c) => c.owed_cents },
  { header: 'Currency', value: (c) => c.currency },
  { header: 'Created', value: (c) => c.created_at },
];
