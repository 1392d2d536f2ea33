import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { corporateInvoicesText as text } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import { INVOICE_STATUSES, type InvoiceStatus, issueInvoiceSchema } from '@openride/shared/corporate-invoices/schemas';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import {
  allInvoicesList,
  invoiceCsvHref,
  invoiceKeys,
  invoicePdfHref,
  type InvoiceSummary,
  useBillToDate,
  useIssueInvoice,
  useMarkInvoicePaid,
} from '../api/corporate-invoices';
import { hrefOf } from '@/lib/call';

/** The printable page of one invoice. */
export const invoicePath = (id: string) => `/corporate-accounts/invoices/${encodeURIComponent(id)}`;

const badge: Record<InvoiceStatus, string> = {
  issued: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-800',
  void: 'bg-ink-100 text-ink-700',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', badge[status])}>{text.statuses[status]}</span>;
}

const statusFilter = { id: 'status', label: text.status, options: INVOICE_STATUSES.map((s) => ({ value: s, label: text.statuses[s] })) };

/** The last twelve months (YYYY-MM), newest first: the period filter's choices. */
function recentMonths(now = new Date()) {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: d.toLocaleDateString(undefined, { month: 'long', year: 'numeric' }) };
  });
}

function useColumns({ showCompany, canMarkPaid }: { showCompany: boolean; canMarkPaid: boolean }) {
  return useMemo<ColumnDef<InvoiceSummary>[]>(
    () => [
      {
        id: 'number',
        header: text.number,
        cell: ({ row }) => (
          <Link to={invoicePath(row.original.id)} className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline">
            {row.original.number}
          </Link>
        ),
      },
      ...(showCompany ? [{ id: 'company', header: text.company, cell: ({ row }) => row.original.company_name } satisfies ColumnDef<InvoiceSummary>] : []),
      {
        id: 'period',
        header: text.period,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => (
          <>
            {row.original.period}
            {row.original.kind === 'interim' ? (
              <span className="ml-1.5 rounded bg-ink-100 px-1.5 py-0.5 text-xs text-ink-700">{text.kindsOfInvoice.interim}</span>
            ) : null}
          </>
        ),
      },
      { id: 'status', header: text.status, cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} /> },
      { id: 'rides', header: text.rides, cell: ({ row }) => row.original.rides_count },
      {
        id: 'total',
        header: text.totalDue,
        enableSorting: true,
        meta: { className: 'text-right tabular-nums whitespace-nowrap' },
        cell: ({ row }) => formatMoney(row.original.total_due_cents, row.original.currency),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: invoice } }) => (
          <div className="flex flex-wrap gap-2">
            <a
              href={invoicePdfHref(invoice.id)}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              aria-label={`${text.downloadPdf} ${invoice.number}`}
            >
              PDF
            </a>
            <a
              href={invoiceCsvHref(invoice.id)}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              aria-label={`${text.downloadCsv} ${invoice.number}`}
            >
              CSV
            </a>
            {canMarkPaid && invoice.status === 'issued' ? <MarkPaidButton invoice={invoice} /> : null}
          </div>
        ),
      },
    ],
    [showCompany, canMarkPaid],
  );
}

/**
 * A company's invoices (decision 0070), for the /corporate-accounts page to compose: its company admins read
 * them (and download PDF or CSV); a platform admin (`canMarkPaid`) also marks an issued one paid and bills
 * the company to date (an interim invoice, decision 0071).
 */
export function InvoicesSection({ companyId, canMarkPaid }: { companyId: string; canMarkPaid: boolean }) {
  const headingId = useId();
  const columns = useColumns({ showCompany: false, canMarkPaid });
  const months = useMemo(() => recentMonths(), []);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {text.listTitle}
        </h2>
        {canMarkPaid ? <BillToDateButton companyId={companyId} /> : null}
      </div>
      <DataTable
        label={text.listTitle}
        endpoint={canMarkPaid ? hrefOf('GET /api/admin/corporate-invoices') : hrefOf('GET /api/corporate-invoices')}
        queryKey={invoiceKeys.company(companyId)}
        params={{ company: companyId }}
        columns={columns}
        getRowId={(i) => i.id}
        defaultSort={{ id: 'period', dir: 'desc' }}
        filters={[statusFilter, { id: 'period', label: text.period, options: months }]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
    </section>
  );
}

/** Every company's invoices, for admins (decision 0070): filters, search by number or company, Issue invoice, Mark paid. */
export function AllInvoicesSection({ companies }: { companies?: readonly { id: string; name: string }[] }) {
  const columns = useColumns({ showCompany: true, canMarkPaid: true });
  const months = useMemo(() => recentMonths(), []);
  return (
    <div className="space-y-6">
      <IssueInvoiceForm companies={companies} months={months.slice(1)} />
      <DataTable
        label={text.allTitle}
        endpoint={allInvoicesList.endpoint}
        queryKey={allInvoicesList.queryKey}
        columns={columns}
        getRowId={(i) => i.id}
        defaultSort={allInvoicesList.defaultSort}
        searchLabel="Search by number or company"
        filters={[
          ...(companies && companies.length > 0
            ? [{ id: 'company', label: text.company, options: companies.map((c) => ({ value: c.id, label: c.name })) }]
            : []),
          statusFilter,
          { id: 'period', label: text.period, options: months },
        ]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
    </div>
  );
}

/** "Bill to date" (platform admins, decision 0071): confirmed, then the interim invoice joins the list; a refusal is said in words. */
function BillToDateButton({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const bill = useBillToDate();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={bill.isPending}>
        {bill.isPending ? `${text.billToDate}…` : text.billToDate}
      </Button>
      <MutationError error={bill.error} fallback={text.loadFailed} />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={text.billToDateTitle}
        description={text.billToDateDescription}
        confirmLabel={text.billToDateConfirm}
        busy={bill.isPending}
        onConfirm={() => {
          setOpen(false);
          bill.mutate(companyId, { onSuccess: (invoice) => toast({ title: text.billedToDate(invoice.number) }) });
        }}
      />
    </div>
  );
}

function MarkPaidButton({ invoice }: { invoice: InvoiceSummary }) {
  const [open, setOpen] = useState(false);
  const markPaid = useMarkInvoicePaid();
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={markPaid.isPending} aria-label={`${text.markPaid} ${invoice.number}`}>
        {text.markPaid}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={text.markPaidTitle(invoice.number)}
        description={text.markPaidDescription(formatMoney(invoice.total_due_cents, invoice.currency))}
        confirmLabel={text.markPaidConfirm}
        busy={markPaid.isPending}
        onConfirm={() => {
          setOpen(false);
          markPaid.mutate(
            { id: invoice.id },
            {
              onSuccess: (paid) => toast({ title: text.markedPaid(paid.number) }),
              onError: (err) => toast({ title: isApiError(err) ? err.message : text.loadFailed, variant: 'destructive' }),
            },
          );
        }}
      />
    </>
  );
}

/** The issue form: a typed company id is trimmed, then it is the server's `issueInvoiceSchema`. */
const issueFormSchema = z.object({ company_id: z.string().trim(), month: z.string() }).pipe(issueInvoiceSchema);

/** "Issue invoice": a closed month of one company (the monthly job does it for every company when a month ends), on the server's `issueInvoiceSchema`. */
function IssueInvoiceForm({ companies, months }: { companies?: readonly { id: string; name: string }[]; months: { value: string; label: string }[] }) {
  const issue = useIssueInvoice();
  const form = useZodForm(issueFormSchema, { defaultValues: { company_id: '', month: months[0]?.value ?? '' } });
  const companyId = form.watch('company_id');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-ink-900">
        {text.issueTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{text.issueDescription}</p>
      <Form
        form={form}
        onSubmit={(values) => issue.mutate(values, { onSuccess: (invoice) => toast({ title: text.issued(invoice.number) }) })}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        {companies && companies.length > 0 ? (
          <FormField name="company_id" as="select" label={text.companyId} className="sm:w-72" required>
            <option value="">—</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </FormField>
        ) : (
          <FormField name="company_id" label={text.companyId} className="sm:w-72" placeholder="Company id" required />
        )}
        <FormField name="month" as="select" label={text.period} className="sm:w-56">
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </FormField>
        <Button type="submit" disabled={issue.isPending || !companyId.trim()}>
          {text.issue}
        </Button>
      </Form>
      <MutationError error={issue.error} fallback={text.loadFailed} className="mt-3" />
    </section>
  );
}
