import { billToDateSchema, invoicesQuerySchema, issueInvoiceSchema, markInvoicePaidSchema } from '@openride/shared/corporate-invoices/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { invoiceCsv, invoicePdf } from './invoice-formats';
import { invoiceFor } from './invoices.repo';
import { billToDate, issueInvoice } from './issue-invoice';
import { INVOICES_CSV, listCompanyInvoices, listInvoices } from './list-invoices';
import { markInvoicePaid } from './mark-invoice-paid';

const EXPORT_PAGE = 500;

/** Corporate invoices (issue 16, decision 0070): admins read all and mark paid; a company's admins read theirs. */
export function corporateInvoiceRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/corporate-invoices', requireAdmin(services));
  app.use('/api/admin/corporate-invoices/*', requireAdmin(services));

  app.get('/api/admin/corporate-invoices', async (c) => {
    const query = invoicesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('invoices', INVOICES_CSV, pageThrough((cursor) => listInvoices(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listInvoices(db, query));
  });
  app.post('/api/admin/corporate-invoices', async (c) => c.json({ invoice: await issueInvoice(db, requireUser(c).id, issueInvoiceSchema.parse(await c.req.json())) }, 201));
  app.post('/api/admin/corporate-invoices/bill-to-date', async (c) => c.json({ invoice: await billToDate(db, requireUser(c).id, billToDateSchema.parse(await c.req.json())) }, 201));
  app.post('/api/admin/corporate-invoices/:id/mark-paid', async (c) =>
    c.json({ invoice: await markInvoicePaid(db, requireUser(c).id, c.req.param('id'), markInvoicePaidSchema.parse(await c.req.json())) }),
  );

  app.get('/api/corporate-invoices', async (c) => {
    const user = requireUser(c);
    const query = invoicesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') {
      await listCompanyInvoices(db, user.id, { ...query, limit: 1 });
      return csvResponse('invoices', INVOICES_CSV, pageThrough((cursor) => listCompanyInvoices(db, user.id, { ...query, cursor, limit: EXPORT_PAGE })));
    }
    return c.json(await listCompanyInvoices(db, user.id, query));
  });
  app.get('/api/corporate-invoices/:id', async (c) => c.json({ invoice: await invoiceFor(db, requireUser(c).id, c.req.param('id')) }));
  app.get('/api/corporate-invoices/:id/invoice.pdf', async (c) => {
    const invoice = await invoiceFor(db, requireUser(c).id, c.req.param('id'));
    return c.body(new Uint8Array(await invoicePdf(invoice)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="openride-${invoice.number}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
  app.get('/api/corporate-invoices/:id/invoice.csv', async (c) => {
    const invoice = await invoiceFor(db, requireUser(c).id, c.req.param('id'));
    return c.body(invoiceCsv(invoice), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="openride-${invoice.number}.csv"`,
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
