import { financeRoutes as financeContract } from '@openride/shared/finance/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { createFinancialSettings } from './create-financial-settings';
import { getFinanceDashboard } from './get-finance-dashboard';
import { listFinancialSettings } from './list-financial-settings';
import { ENTRIES_CSV, listLedgerEntries } from './list-ledger-entries';
import { postAdjustment } from './post-adjustment';
import { setCityCurrency } from './set-city-currency';
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { zones: ZonesChanged };
/** The zone index's "the cities changed" (a city's currency is in it), by shape: zones creates a city with finance's defaults, so finance may not import zones. */
type ZonesChanged = { changed(): Promise<void> };

/** /financial-settings and /financial-dashboard (admins only, decision 0041). */
export function financeRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, financeContract);

  on('GET /api/admin/financial-settings/:city', async ({ params }) => ({ status: 200, body: await listFinancialSettings(db, params.city) }));

  on('POST /api/admin/financial-settings/:city', async ({ user, params, body }) => ({
    status: 201,
    body: { settings: await createFinancialSettings(db, user.id, params.city, body) },
  }));

  on('PUT /api/admin/financial-settings/:city/currency', async ({ user, params, body }) => {
    const city = await setCityCurrency(db, user.id, params.city, body.currency);
    await services.zones.changed();
    return { status: 200, body: { city } };
  });

  on('GET /api/admin/finance/dashboard', async ({ query }) => ({ status: 200, body: await getFinanceDashboard(db, query) }));

  on('GET /api/admin/ledger/entries', async ({ query }) => {
    if (query.format === 'csv')
      return csvResponse(
        'ledger-entries',
        ENTRIES_CSV,
        pageThrough((cursor) => listLedgerEntries(db, { ...query, cursor, limit: EXPORT_PAGE })),
      );
    return { status: 200, body: await listLedgerEntries(db, query) };
  });

  on('POST /api/admin/ledger/adjustments', async ({ user, body }) => ({ status: 201, body: await postAdjustment(db, user.id, body) }));

  return app;
}
