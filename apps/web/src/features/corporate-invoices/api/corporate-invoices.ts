import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceLine, InvoiceSummary } from '@openride/shared/corporate-invoices/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { api } from '@/lib/api';

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
export const allInvoicesList = { endpoint: '/api/admin/corporate-invoices', queryKey: invoiceKeys.admin, defaultSort: { id: 'period', dir: 'desc' } } as const;

/** /corporate-accounts/invoices' route loader: the table's first page (no filter), started with the route (decision 0080). */
export function prefetchAllInvoices(client: QueryClient) {
  const request = firstListRequest({}, allInvoicesList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<InvoiceSummary>({ endpoint: allInvoicesList.endpoint, queryKey: allInvoicesList.queryKey, request }));
}

export const invoicePdfHref = (id: string) => `/api/corporate-invoices/${encodeURIComponent(id)}/invoice.pdf`;
export const invoiceCsvHref = (id: string) => `/api/corporate-invoices/${encodeURIComponent(id)}/invoice.csv`;

/** GET /api/corporate-invoices/:id (an admin, or an active admin of its company); polled, so a payment recorded elsewhere shows. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: ({ signal }) => api<{ invoice: Invoice }>(`/api/corporate-invoices/${encodeURIComponent(id)}`, { signal }).then((r) => r.invoice),
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/corporate-invoices/:id/mark-paid: every list, the invoice and the audit log follow. */
export function useMarkInvoicePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference?: string }) =>
      api<{ invoice: Invoice }>(`/api/admin/corporate-invoices/${encodeURIComponent(id)}/mark-paid`, {
        method: 'POST',
        body: reference ? { reference } : {},
      }).then((r) => r.invoice),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/corporate-invoices/bill-to-date: an interim invoice of one company, from the start of its month to now (decision 0071). */
export function useBillToDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      api<{ invoice: Invoice }>('/api/admin/corporate-invoices/bill-to-date', { method: 'POST', body: { company_id: companyId } }).then((r) => r.invoice),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/corporate-invoices: a closed month's invoice of one company. */
export function useIssueInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { company_id: string; month: string }) =>
      api<{ invoice: Invoice }>('/api/admin/corporate-invoices', { method: 'POST', body }).then((r) => r.invoice),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}
