import type { invoicesQuerySchema } from '@openride/shared/corporate-invoices/schemas';
import type { InvoiceSummary } from '@openride/shared/corporate-invoices/views';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { badRequest, forbidden } from '../lib/errors';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { isAdmin } from '../roles/roles.repo';
import { invoiceRows, invoiceSummary, isCompanyAdmin, monthBounds } from './invoices.repo';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof invoicesQuerySchema>;
const spec: KeysetSpec<Query['sort']> = {
  sorts: {
    period: { expr: 'i.starts_at', type: 'timestamptz' },
    issued_at: { expr: 'i.issued_at', type: 'timestamptz' },
    total: { expr: 'i.total_due_cents', type: 'numeric' },
  },
  id: { ref: 'i.id', type: 'uuid' },
};

/** Invoices, newest month first; filters company, status, period (the month); search by number or company name. */
export async function listInvoices(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = invoiceRows(db);
  const inCities = cityCondition('i.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.company) rows = rows.where('i.company_id', '=', query.company);
  if (query.status) rows = rows.where('i.status', '=', query.status);
  if (query.period) rows = rows.where('i.period_start', '=', monthBounds(query.period).first);
  if (query.q) rows = rows.where((eb) => eb.or([eb('i.number', 'ilike', containsPattern(query.q!)), eb('c.name', 'ilike', containsPattern(query.q!))]));
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: page.items.map(invoiceSummary) };
}

/** A company's invoices for its active company admins (or a platform admin): `company` is required and must be theirs. */
export async function listCompanyInvoices(db: Kysely<DB>, userId: string, query: Query) {
  if (!query.company) throw badRequest('Choose a company.');
  if (!(await isAdmin(db, userId)) && !(await isCompanyAdmin(db, userId, query.company))) throw forbidden('Only the company’s admins read its invoices.');
  return listInvoices(db, query);
}

export const INVOICES_CSV: CsvColumn<InvoiceSummary>[] = [
  { header: 'Number', value: (i) => i.number },
  { header: 'Company', value: (i) => i.company_name },
  { header: 'Period', value: (i) => i.period },
  { header: 'Kind', value: (i) => i.kind },
  { header: 'Status', value: (i) => i.status },
  { header: 'Rides', value: (i) => i.rides_count },
  { header: 'Fares total (cents)', value: (i) => i.fares_total_cents },
  { header: 'Of which tax (cents)', value: (i) => i.tax_cents },
  { header: 'Total due (cents)', value: (i) => i.total_due_cents },
  { header: 'Currency', value: (i) => i.currency },
  { header: 'Issued', value: (i) => i.issued_at },
  { header: 'Paid', value: (i) => i.paid_at },
];
