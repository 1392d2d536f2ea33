import type { Invoice, InvoiceLine, InvoiceSummary } from '@openride/shared/corporate-invoices/views';
import { isUuid } from '@openride/shared/text';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { isAdmin } from '../roles/roles.repo';

export const conflict = (message: string) => new AppError('CONFLICT', message);
const noSuchInvoice = () => notFound('No such invoice.');

/** A month `YYYY-MM` → its first local date and the first of the next month. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, nextFirst: `${next}-01` };
}

/** The month before `YYYY-MM-DD`'s month, as `YYYY-MM`. */
export function previousMonth(localDate: string) {
  const [y, m] = localDate.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The invoice list's rows: the invoice, its company's name and who marked it paid. */
export function invoiceRows(db: Kysely<DB>) {
  return db
    .selectFrom('corporate_invoices as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('user as p', 'p.id', 'i.paid_by')
    .select([
      'i.id',
      'i.number',
      'i.company_id',
      'c.name as company_name',
      'i.city_id',
      sql<string>`to_char(i.period_start, 'YYYY-MM')`.as('period'),
      sql<string>`to_char(i.period_start, 'YYYY-MM-DD')`.as('period_start'),
      sql<string>`to_char(i.period_end, 'YYYY-MM-DD')`.as('period_end'),
      'i.kind',
      'i.starts_at',
      'i.ends_at',
      'i.status',
      'i.rides_count',
      'i.fares_total_cents',
      'i.tax_cents',
      'i.total_due_cents',
      'i.currency',
      'i.issued_at',
      'i.paid_at',
      'p.name as paid_by_name',
      'i.payment_transaction_id',
    ]);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceRows>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function invoiceSummary(r: InvoiceRow): InvoiceSummary {
  return {
    id: r.id,
    number: r.number,
    company_id: r.company_id,
    company_name: r.company_name,
    city_id: r.city_id,
    period: r.period,
    period_start: r.period_start,
    period_end: r.period_end,
    kind: r.kind,
    starts_at: iso(r.starts_at)!,
    ends_at: iso(r.ends_at)!,
    status: r.status,
    rides_count: r.rides_count,
    fares_total_cents: Number(r.fares_total_cents),
    tax_cents: Number(r.tax_cents),
    total_due_cents: Number(r.total_due_cents),
    currency: r.currency.trim(),
    issued_at: iso(r.issued_at)!,
    paid_at: iso(r.paid_at),
    paid_by_name: r.paid_by_name ?? null,
    payment_transaction_id: r.payment_transaction_id,
  };
}

/** One invoice with its lines (oldest first): each line is an invoiced ledger transaction and, for a ride, who rode where. */
export async function loadInvoice(db: Kysely<DB>, id: string): Promise<Invoice | null> {
  if (!isUuid(id)) return null;
  const row = await invoiceRows(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const company = await db
    .selectFrom('companies as c')
    .innerJoin('cities', 'cities.id', 'c.city_id')
    .select(['c.billing_email', 'cities.name as city_name', 'cities.timezone'])
    .where('c.id', '=', row.company_id)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('corporate_invoice_items as it')
    .leftJoin('rides as r', 'r.id', 'it.ride_id')
    .leftJoin('user as u', 'u.id', 'r.rider_id')
    .select([
      'it.transaction_id',
      'it.kind',
      'it.posted_at',
      'it.ride_id',
      'u.name as member_name',
      'r.pickup_label',
      'r.dropoff_label',
      'r.expense_code',
      'it.amount_cents',
      'it.tax_cents',
    ])
    .where('it.invoice_id', '=', id)
    .orderBy('it.posted_at')
    .orderBy('it.transaction_id')
    .execute();
  return {
    ...invoiceSummary(row),
    billing_email: company.billing_email,
    city_name: company.city_name,
    time_zone: company.timezone,
    lines: lines.map(
      (l): InvoiceLine => ({
        transaction_id: l.transaction_id,
        kind: l.kind,
        posted_at: iso(l.posted_at)!,
        ride_id: l.ride_id,
        member_name: l.member_name ?? null,
        pickup: l.pickup_label ?? null,
        destination: l.dropoff_label ?? null,
        expense_code: l.expense_code ?? null,
        amount_cents: Number(l.amount_cents),
        tax_cents: Number(l.tax_cents),
      }),
    ),
  };
}

/** Is the user an active admin of the company (company_members role admin)? Platform admins are not, by being admins (decision 0066). */
export async function isCompanyAdmin(db: Kysely<DB>, userId: string, companyId: string) {
  if (!isUuid(companyId)) return false;
  const row = await db
    .selectFrom('company_members')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return !!row;
}

/** The invoice, for a platform admin or an active admin of its company; anyone else reads "no such invoice" (ids reveal nothing). */
export async function invoiceFor(db: Kysely<DB>, userId: string, id: string): Promise<Invoice> {
  const invoice = await loadInvoice(db, id);
  if (!invoice) throw noSuchInvoice();
  if (await isAdmin(db, userId)) return invoice;
  if (await isCompanyAdmin(db, userId, invoice.company_id)) return invoice;
  throw noSuchInvoice();
}

export { noSuchInvoice };
