import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceLine, InvoiceSummary } from '@openride/shared/corporate-invoices/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { call, hrefOf } from '@/lib/call';

export type { Invoice, InvoiceLine, InvoiceSummary };

/** Every key of corporate invoices (the data tables' pages go below `all`). */
export const invoiceKeys = {
  all: ['corporate-invoices'] as const,
  company: (companyId: string) => ['corporate-invoices', 'company', companyId] as const,
  admin: ['corporate-invoices', 'admin'] as const,
  one: (id: string) => ['corporate-invoices', 'one', id] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** Every company's invoices in the admin kit's table (admins): its endpoint, key and first order (newest period first). */
export const allInvoicesList = {
  endpoint: hrefOf('GET /api/admin/corporate-invoices'),
  queryKey: invoiceKeys.admin,
  defaultSort: { id: 'period', dir: 'desc' },
} as const;

/** /corporate-accounts/invoices' route loader: the table's first page (no filter), started with the route (decision 0080). */
export function prefetchAllInvoices(client: QueryClient) {
  const request = firstListRequest({}, allInvoicesList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<InvoiceSummary>({ endpoint: allInvoicesList.endpoint, queryKey: allInvoicesList.queryKey, request }));
}

/** Download links (the browser opens them; the server answers a file). */
export const invoicePdfHref = (id: string) => hrefOf('GET /api/corporate-invoices/:id/invoice.pdf', { params: { id } });
export const invoiceCsvHref = (id: string) => hrefOf('GET /api/corporate-invoices/:id/invoice.csv', { params: { id } });

/** GET /api/corporate-invoices/:id (an admin, or an active admin of its company); polled, so a payment recorded elsewhere shows. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: ({ signal }) => call('GET /api/corporate-invoices/:id', { params: { id } }, { signal }).then((r) => r.invoice),
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/corporate-invoices/:id/mark-paid: every list, the invoice and the audit log follow. */
export function useMarkInvoicePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference?: string }) =>
      call('POST /api/admin/corporate-invoices/:id/mark-paid', { params: { id }, body: reference ? { reference } : {} }).then((r) => r.invoice),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/corporate-invoices/bill-to-date: an interim invoice of one company, from the start of its month to now (decision 0071). */
export function useBillToDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => call('POST /api/admin/corporate-invoices/bill-to-date', { body: { company_id: companyId } }).then((r) => r.invoice),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/corporate-invoices: a closed month's invoice of one company. */
export function useIssueInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { company_id: string; month: string }) => call('POST /api/admin/corporate-invoices', { body }).then((r) => r.invoice),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}
