import { promotionRoutes as promotionContract } from '@openride/shared/promotions/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { notFound } from '../lib/errors';
import { pageThrough } from '../lib/keyset';
import { applyPromoCode } from './apply-promo-code';
import { backtestPromotion } from './backtest-promotion';
import { createPromotion } from './create-promotion';
import { listPromotions, listRedemptions, PROMOTIONS_CSV, REDEMPTIONS_CSV } from './list-promotions';
import { findPromotionView } from './promotions.repo';
import { setPromotionStatus } from './set-promotion-status';
import { updatePromotion } from './update-promotion';
import type { Ports } from '../ports';
import type { SearchRadii } from '../pricing/quote-fares';
import type { GeoIndex } from '../geo/geo-index';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'quoteKey'> & { dispatcher: SearchRadii; geo: GeoIndex; routing: RoutingProvider; surge: SurgeEngine; zones: ZoneLocator };

/** Promo codes (issue 16, decision 0063): /promo-codes for admins, Apply on /book-ride for riders. */
export function promotionRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, promotionContract);

  on('GET /api/admin/promotions', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'promotions',
        PROMOTIONS_CSV,
        pageThrough((cursor) => listPromotions(db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listPromotions(db, query, staff.cityIds) };
  });
  on('POST /api/admin/promotions', async ({ user, body }) => ({ status: 201, body: { promotion: await createPromotion(db, user.id, body) } }));
  on('GET /api/admin/promotions/:id', async ({ params }) => {
    const promotion = await findPromotionView(db, params.id);
    if (!promotion) throw notFound('Promotion not found');
    return { status: 200, body: { promotion } };
  });
  on('PATCH /api/admin/promotions/:id', async ({ user, params, body }) => ({
    status: 200,
    body: { promotion: await updatePromotion(db, user.id, params.id, body) },
  }));
  on('POST /api/admin/promotions/:id/status', async ({ user, params, body }) => ({
    status: 200,
    body: { promotion: await setPromotionStatus(db, user.id, params.id, body.status) },
  }));
  on('POST /api/admin/promotions/:id/backtest', async ({ params }) => ({ status: 200, body: { backtest: await backtestPromotion(db, params.id) } }));
  on('GET /api/admin/promotions/:id/redemptions', async ({ params: { id }, query }) => {
    if (query.format === 'csv')
      return csvResponse(
        'redemptions',
        REDEMPTIONS_CSV,
        pageThrough((cursor) => listRedemptions(db, id, { ...query, cursor, limit: EXPORT_PAGE })),
      );
    return { status: 200, body: await listRedemptions(db, id, query) };
  });

  /** Signed in only: each Apply prices the trip (a routing call). */
  on('POST /api/promotions/apply', async ({ user, body }) => ({ status: 200, body: await applyPromoCode(services, user.id, body) }));

  return app;
}
