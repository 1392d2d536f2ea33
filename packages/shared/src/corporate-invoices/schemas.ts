import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { text } from '../text';

/**
 * Corporate invoices (issue 16, decision 0070). An invoice is `issued` when the month closes, `paid` when an
 * admin records the company's payment (ledger `company.payment`), `void` is reserved for a cancelled invoice.
 */
export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** `monthly`: once per company and calendar month (decision 0070); `interim`: billed to date by an admin (decision 0071). */
export const INVOICE_KINDS = ['monthly', 'interim'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A calendar month, `YYYY-MM` (the company's city time zone). */
export const invoiceMonthSchema = text()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM');

/** The list's filters: company, status, period (the month). Admins: every company; a company admin: theirs (company required). */
export const invoicesQuerySchema = defineListQuery({
  sorts: ['period', 'issued_at', 'total'],
  filters: {
    company: optionalFilter(z.uuid('No such company')),
    status: optionalFilter(z.enum(INVOICE_STATUSES)),
    period: optionalFilter(invoiceMonthSchema),
  },
});

/** An admin issues a closed month's invoice of one company (the monthly job does it for every company). */
export const issueInvoiceSchema = z.strictObject({
  company_id: z.uuid('Choose a company'),
  month: invoiceMonthSchema,
});
export type IssueInvoiceInput = z.infer<typeof issueInvoiceSchema>;

/** Bill to date (decision 0071): an interim invoice of one company, from the start of its current month to now. */
export const billToDateSchema = z.strictObject({
  company_id: z.uuid('Choose a company'),
});
export type BillToDateInput = z.infer<typeof billToDateSchema>;

/** Mark paid: the bank's reference of the company's payment (optional). */
export const markInvoicePaidSchema = z.strictObject({
  reference: z.preprocess((v) => (v === '' ? undefined : v), text().trim().max(120).optional()),
});
export type MarkInvoicePaidInput = z.infer<typeof markInvoicePaidSchema>;
