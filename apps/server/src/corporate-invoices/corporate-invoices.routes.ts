import { corporateInvoiceRoutes as corporateInvoiceContract } from '@openride/shared/corporate-invoices/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { invoiceCsv, invoicePdf } from './invoice-formats';
import { invoiceFor } from './invoices.repo';
import { billToDate, issueInvoice } from './issue-invoice';
import { INVOICES_CSV, listCompanyInvoices, listInvoices } from './list-invoices';
import { markInvoicePaid } from './mark-invoice-paid';
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** Corporate invoices (issue 16, decision 0070): admins read all and mark paid; a company's admins read theirs. */
export function corporateInvoiceRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, corporateInvoiceContract);

  on('GET /api/admin/corporate-invoices', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'invoices',
        INVOICES_CSV,
        pageThrough((cursor) => listInvoices(db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listInvoices(db, query, staff.cityIds) };
  });
  on('POST /api/admin/corporate-invoices', async ({ user, body }) => ({ status: 201, body: { invoice: await issueInvoice(db, user.id, body) } }));
  on('POST /api/admin/corporate-invoices/bill-to-date', async ({ user, body }) => ({ status: 201, body: { invoice: await billToDate(db, user.id, body) } }));
  on('POST /api/admin/corporate-invoices/:id/mark-paid', async ({ user, params, body }) => ({
    status: 200,
    body: { invoice: await markInvoicePaid(db, user.id, params.id, body) },
  }));

  on('GET /api/corporate-invoices', async ({ user, query }) => {
    if (query.format === 'csv') {
      await listCompanyInvoices(db, user.id, { ...query, limit: 1 });
      return csvResponse(
        'invoices',
        INVOICES_CSV,
        pageThrough((cursor) => listCompanyInvoices(db, user.id, { ...query, cursor, limit: EXPORT_PAGE })),
      );
    }
    return { status: 200, body: await listCompanyInvoices(db, user.id, query) };
  });
  on('GET /api/corporate-invoices/:id', async ({ user, params }) => ({ status: 200, body: { invoice: await invoiceFor(db, user.id, params.id) } }));
  on('GET /api/corporate-invoices/:id/invoice.pdf', async ({ c, user, params }) => {
    const invoice = await invoiceFor(db, user.id, params.id);
    return c.body(new Uint8Array(await invoicePdf(invoice)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="openride-${invoice.number}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
  on('GET /api/corporate-invoices/:id/invoice.csv', async ({ c, user, params }) => {
    const invoice = await invoiceFor(db, user.id, params.id);
    return c.body(invoiceCsv(invoice), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="openride-${invoice.number}.csv"`,
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
