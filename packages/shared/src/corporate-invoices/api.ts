import { defineRoutes, idParamsSchema } from '../contract';
import { billToDateSchema, invoicesQuerySchema, issueInvoiceSchema, markInvoicePaidSchema } from './schemas';
import { invoiceResponseSchema, invoicesPageSchema } from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;
const notReader = {
  401: { description: 'Not signed in' },
  404: { description: 'No such invoice, or the caller is neither an admin nor an active admin of its company (ids reveal nothing)' },
} as const;

/** Corporate invoices (issue 16, decision 0070): the monthly invoice of each company, its PDF and CSV, mark paid. */
export const corporateInvoiceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/corporate-invoices',
    tag: 'corporate',
    summary: 'Every company’s invoices (the admin kit list; filters company, status, period; CSV with format=csv)',
    auth: 'admin',
    permission: 'invoice.read',
    request: { query: invoicesQuerySchema },
    responses: { 200: { description: 'A page of invoices', schema: invoicesPageSchema, csv: true }, 400: { description: 'Bad query' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/corporate-invoices',
    tag: 'corporate',
    summary: 'Issue a closed month’s invoice of one company (audited corporate_invoice.issue)',
    description:
      'The month is read in the company’s city time zone and must have ended. It lists every ledger transaction of that month touching the company’s account that no invoice lists yet. A month with none issues nothing (409).',
    auth: 'admin',
    permission: 'invoice.issue',
    request: { body: issueInvoiceSchema },
    responses: {
      201: { description: 'The invoice', schema: invoiceResponseSchema },
      400: { description: 'Bad input (nothing changes)' },
      404: { description: 'No such company' },
      409: { description: 'The month has not ended, its invoice was issued already, or nothing to invoice (NOTHING_TO_INVOICE)' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/corporate-invoices/bill-to-date',
    tag: 'corporate',
    summary:
      'Bill a company to date: an interim invoice of everything on its account not yet invoiced, from the start of the current month to now (audited corporate_invoice.issue, kind interim)',
    description:
      'The month starts on the company’s city clock. Issued under the company’s row lock: two at once make one invoice. The month’s invoice later lists only what no interim invoice lists. Nothing to invoice answers 409 NOTHING_TO_INVOICE and issues nothing.',
    auth: 'admin',
    permission: 'invoice.issue',
    request: { body: billToDateSchema },
    responses: {
      201: { description: 'The interim invoice', schema: invoiceResponseSchema },
      400: { description: 'Bad input (nothing changes)' },
      404: { description: 'No such company' },
      409: { description: 'Nothing to invoice (NOTHING_TO_INVOICE)' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/corporate-invoices/:id/mark-paid',
    tag: 'corporate',
    summary: 'Record the company’s payment of an invoice: ledger company.payment (bank debit, company credit), once (audited corporate_invoice.mark_paid)',
    auth: 'admin',
    permission: 'invoice.mark_paid',
    cityOf: { record: 'corporate_invoice' },
    request: { params: idParamsSchema, body: markInvoicePaidSchema },
    responses: {
      200: { description: 'The invoice, paid', schema: invoiceResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such invoice' },
      409: { description: 'Already paid, or void' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/corporate-invoices',
    tag: 'corporate',
    summary: 'A company’s invoices, for its active company admins (and platform admins); `company` is required',
    auth: 'user',
    request: { query: invoicesQuerySchema },
    responses: {
      200: { description: 'A page of invoices', schema: invoicesPageSchema, csv: true },
      400: { description: 'Bad query, or no company' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an active admin of this company' },
    },
  },
  {
    method: 'GET',
    path: '/api/corporate-invoices/:id',
    tag: 'corporate',
    summary: 'One invoice with its lines (date, member, route, fare, tax, expense code) and totals',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The invoice', schema: invoiceResponseSchema }, ...notReader },
  },
  {
    method: 'GET',
    path: '/api/corporate-invoices/:id/invoice.pdf',
    tag: 'corporate',
    summary: 'The invoice as a PDF',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The PDF (attachment)', contentType: 'application/pdf' }, ...notReader },
  },
  {
    method: 'GET',
    path: '/api/corporate-invoices/:id/invoice.csv',
    tag: 'corporate',
    summary: 'The invoice’s lines as CSV, with a totals row',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The CSV (attachment)', contentType: 'text/csv' }, ...notReader },
  },
]);
