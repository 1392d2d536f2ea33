import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { INVOICE_KINDS, INVOICE_STATUSES } from './schemas';

/** An invoice as its readers see it in a list: the totals are the ledger's (decision 0070). */
export const invoiceSummarySchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  city_id: z.string(),
  /** The month (YYYY-MM) and its local dates (end inclusive). */
  period: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  /** `monthly` (the calendar month) or `interim` (billed to date: `starts_at` → `ends_at`, the issue instant; decision 0071). */
  kind: z.enum(INVOICE_KINDS),
  /** The instants the ledger was read between (end exclusive). */
  starts_at: timestampSchema,
  ends_at: timestampSchema,
  status: z.enum(INVOICE_STATUSES),
  rides_count: z.number().int(),
  fares_total_cents: z.number().int(),
  /** Of which tax (inside the fares). */
  tax_cents: z.number().int(),
  total_due_cents: z.number().int(),
  currency: z.string(),
  issued_at: timestampSchema,
  paid_at: timestampSchema.nullable(),
  paid_by_name: z.string().nullable(),
  payment_transaction_id: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** One invoiced ledger transaction: a ride's fare, or a reversal/refund of it (negative). */
export const invoiceLineSchema = z.strictObject({
  transaction_id: z.string(),
  kind: z.string(),
  posted_at: timestampSchema,
  ride_id: z.string().nullable(),
  member_name: z.string().nullable(),
  pickup: z.string().nullable(),
  destination: z.string().nullable(),
  expense_code: z.string().nullable(),
  amount_cents: z.number().int(),
  tax_cents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  billing_email: z.string(),
  city_name: z.string(),
  time_zone: z.string(),
  lines: z.array(invoiceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceResponseSchema = z.strictObject({ invoice: invoiceSchema });
export const invoicesPageSchema = listPageSchema(invoiceSummarySchema);
