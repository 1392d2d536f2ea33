import { useId } from 'react';
import { useParams } from 'react-router';
import { corporateInvoicesText as text } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { DetailPage } from '@/components/ui/detail-page';
import { PageTitle } from '@/components/ui/page';
import { StaticTable } from '@/components/ui/static-table';
import { formatMoney } from '@/lib/money';
import { type Invoice, type InvoiceLine, invoiceCsvHref, invoicePdfHref, useInvoice } from '../api/corporate-invoices';
import { InvoiceStatusBadge } from './invoices-section';

/** A line's date in the company's city time zone (the invoice's period is that zone's month). */
const localDate = (iso: string, timeZone: string) => new Date(iso).toLocaleString(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
const kindOf = (l: InvoiceLine) => (l.kind === 'ride.completed' ? null : (text.kinds[l.kind] ?? l.kind));

/**
 * /corporate-accounts/invoices/:id (decision 0070): one company invoice — company, period, number, status,
 * a line per ride (date, member, route, expense code, fare) and the totals from the ledger — printable (the
 * app's chrome and the buttons stay off paper), as a PDF or CSV from the server. Admins and the company's admins.
 */
export function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <DetailPage back={{ to: '/corporate-accounts', label: text.back }} query={invoice} notFound="No such invoice." loadFailed={text.invoiceLoadFailed}>
      {(data) => <InvoiceDocument invoice={data} />}
    </DetailPage>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const headingId = useId();
  const interim = invoice.kind === 'interim';
  return (
    <article aria-labelledby={headingId} className="space-y-6 print:space-y-4 print:text-[11pt]">
      <PageTitle title={`${interim ? text.interimTitle : text.title} ${invoice.number}`} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">OpenRide</p>
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            {interim ? text.interimTitle : text.title} <span className="font-mono">{invoice.number}</span>
          </h1>
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.paid_at ? (
              <span>
                {text.paidAt} {new Date(invoice.paid_at).toLocaleDateString()}
                {invoice.paid_by_name ? ` ${text.paidBy(invoice.paid_by_name)}` : ''}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" onClick={() => window.print()}>
            {text.print}
          </Button>
          <a href={invoicePdfHref(invoice.id)} download className={buttonClasses({ variant: 'outline' })}>
            {text.downloadPdf}
          </a>
          <a href={invoiceCsvHref(invoice.id)} download className={buttonClasses({ variant: 'outline' })}>
            {text.downloadCsv}
          </a>
        </div>
      </header>

      <dl className="grid gap-4 rounded-2xl border border-ink-200 bg-white p-4 text-sm sm:grid-cols-3 print:border-0 print:p-0">
        <div>
          <dt className="text-ink-500">{text.billTo}</dt>
          <dd className="font-semibold text-ink-900">{invoice.company_name}</dd>
          <dd className="break-all text-ink-700">{invoice.billing_email}</dd>
        </div>
        <div>
          <dt className="text-ink-500">{text.period}</dt>
          <dd className="font-semibold text-ink-900">
            {interim
              ? text.interimPeriod(localDate(invoice.starts_at, invoice.time_zone), localDate(invoice.ends_at, invoice.time_zone))
              : `${invoice.period_start} – ${invoice.period_end}`}
          </dd>
          <dd className="text-ink-700">
            {invoice.city_name} ({invoice.time_zone})
          </dd>
        </div>
        <div>
          <dt className="text-ink-500">{text.issuedAt}</dt>
          <dd className="font-semibold text-ink-900">{new Date(invoice.issued_at).toLocaleDateString()}</dd>
        </div>
      </dl>

      {/* A phone reads the lines as cards; a wider screen (and paper) as the table. */}
      <ul className="space-y-3 sm:hidden print:hidden" aria-label={`${text.title} ${invoice.number}`}>
        {invoice.lines.length === 0 ? <li className="rounded-2xl border border-ink-200 bg-white p-4 text-sm text-ink-600">{text.noLines}</li> : null}
        {invoice.lines.map((l) => (
          <li key={l.transaction_id} className="rounded-2xl border border-ink-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-ink-900">
                {l.member_name ?? '—'}
                {kindOf(l) ? <span className="ml-1 rounded bg-ink-100 px-1.5 py-0.5 text-xs font-normal text-ink-700">{kindOf(l)}</span> : null}
              </p>
              <p className="font-semibold whitespace-nowrap text-ink-900 tabular-nums">{money(l.amount_cents)}</p>
            </div>
            <p className="mt-1 text-ink-700">{l.pickup || l.destination ? `${l.pickup ?? '—'} → ${l.destination ?? '—'}` : '—'}</p>
            <p className="mt-1 text-xs text-ink-500">
              {localDate(l.posted_at, invoice.time_zone)} · {text.expenseCode}: <span className="font-mono">{l.expense_code ?? '—'}</span>
            </p>
          </li>
        ))}
      </ul>

      <StaticTable
        label={`${text.title} ${invoice.number}`}
        className="hidden sm:block print:block print:overflow-visible print:border-0"
        tableClassName="min-w-[40rem] print:min-w-0"
        rows={invoice.lines}
        getRowKey={(l) => l.transaction_id}
        rowClassName={() => 'print:break-inside-avoid'}
        empty={text.noLines}
        columns={[
          { id: 'date', header: text.date, className: 'whitespace-nowrap', cell: (l) => localDate(l.posted_at, invoice.time_zone) },
          {
            id: 'member',
            header: text.member,
            cellClassName: 'text-ink-900',
            cell: (l) => (
              <>
                {l.member_name ?? '—'}
                {kindOf(l) ? <span className="ml-1 rounded bg-ink-100 px-1.5 py-0.5 text-xs text-ink-700">{kindOf(l)}</span> : null}
              </>
            ),
          },
          { id: 'route', header: text.route, cell: (l) => (l.pickup || l.destination ? `${l.pickup ?? '—'} → ${l.destination ?? '—'}` : '—') },
          { id: 'expense', header: text.expenseCode, cellClassName: 'font-mono text-xs', cell: (l) => l.expense_code ?? '—' },
          { id: 'fare', header: text.fare, align: 'end', className: 'whitespace-nowrap', cellClassName: 'text-ink-900', cell: (l) => money(l.amount_cents) },
        ]}
      />

      <dl className="ml-auto w-full max-w-sm divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white text-sm print:border-0">
        <div className="flex justify-between gap-3 px-4 py-2.5">
          <dt className="text-ink-600">{text.rides}</dt>
          <dd className="text-ink-900 tabular-nums">{invoice.rides_count}</dd>
        </div>
        <div className="flex justify-between gap-3 px-4 py-2.5">
          <dt className="text-ink-600">{text.faresTotal}</dt>
          <dd className="text-ink-900 tabular-nums">{money(invoice.fares_total_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3 px-4 py-2.5">
          <dt className="pl-3 text-ink-600">{text.ofWhichTax}</dt>
          <dd className="text-ink-700 tabular-nums">{money(invoice.tax_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3 px-4 py-2.5 text-base font-bold">
          <dt className="text-ink-900">{text.totalDue}</dt>
          <dd className="text-ink-900 tabular-nums">{money(invoice.total_due_cents)}</dd>
        </div>
      </dl>
      <p className="text-xs text-ink-500">{text.taxNote}</p>
    </article>
  );
}
