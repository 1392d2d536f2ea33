import { adjustmentInputSchema, cityCurrencyInputSchema, financeDashboardQuerySchema, financialSettingsInputSchema, ledgerEntriesQuerySchema } from '@openride/shared/finance/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { createFinancialSettings } from './create-financial-settings';
import { getFinanceDashboard } from './get-finance-dashboard';
import { listFinancialSettings } from './list-financial-settings';
import { ENTRIES_CSV, listLedgerEntries } from './list-ledger-entries';
import { postAdjustment } from './post-adjustment';
import { setCityCurrency } from './set-city-currency';

const EXPORT_PAGE = 500;

/** /financial-settings and /financial-dashboard (admins only, decision 0041). */
export function financeRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/financial-settings/*', requireAdmin(services));
  app.use('/api/admin/finance/*', requireAdmin(services));
  app.use('/api/admin/ledger/*', requireAdmin(services));

  app.get('/api/admin/financial-settings/:city', async (c) => c.json(await listFinancialSettings(db, c.req.param('city'))));

  app.post('/api/admin/financial-settings/:city', async (c) => {
    const input = financialSettingsInputSchema.parse(await c.req.json());
    return c.json({ settings: await createFinancialSettings(db, requireUser(c).id, c.req.param('city'), input) }, 201);
  });

  app.put('/api/admin/financial-settings/:city/currency', async (c) => {
    const { currency } = cityCurrencyInputSchema.parse(await c.req.json());
    const city = await setCityCurrency(db, requireUser(c).id, c.req.param('city'), currency);
    await services.zones.changed();
    return c.json({ city });
  });

  app.get('/api/admin/finance/dashboard', async (c) => c.json(await getFinanceDashboard(db, financeDashboardQuerySchema.parse(c.req.query()))));

  app.get('/api/admin/ledger/entries', async (c) => {
    const query = ledgerEntriesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('ledger-entries', ENTRIES_CSV, pageThrough((cursor) => listLedgerEntries(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listLedgerEntries(db, query));
  });

  app.post('/api/admin/ledger/adjustments', async (c) => {
    const input = adjustmentInputSchema.parse(await c.req.json());
    return c.json(await postAdjustment(db, requireUser(c).id, input), 201);
  });

  return app;
}
