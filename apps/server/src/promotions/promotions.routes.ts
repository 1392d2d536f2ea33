import { adminPromotionsQuerySchema, applyPromoSchema, createPromotionSchema, promoRedemptionsQuerySchema, promotionStatusSchema, updatePromotionSchema } from '@openride/shared/promotions/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
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

const EXPORT_PAGE = 500;

/** Promo codes (issue 16, decision 0063): /promo-codes for admins, Apply on /book-ride for riders. */
export function promotionRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/promotions', requireAdmin(services));
  app.use('/api/admin/promotions/*', requireAdmin(services));

  app.get('/api/admin/promotions', async (c) => {
    const query = adminPromotionsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('promotions', PROMOTIONS_CSV, pageThrough((cursor) => listPromotions(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listPromotions(db, query));
  });
  app.post('/api/admin/promotions', async (c) => c.json({ promotion: await createPromotion(db, requireUser(c).id, createPromotionSchema.parse(await c.req.json())) }, 201));
  app.get('/api/admin/promotions/:id', async (c) => {
    const promotion = await findPromotionView(db, c.req.param('id'));
    if (!promotion) throw notFound('Promotion not found');
    return c.json({ promotion });
  });
  app.patch('/api/admin/promotions/:id', async (c) =>
    c.json({ promotion: await updatePromotion(db, requireUser(c).id, c.req.param('id'), updatePromotionSchema.parse(await c.req.json())) }),
  );
  app.post('/api/admin/promotions/:id/status', async (c) =>
    c.json({ promotion: await setPromotionStatus(db, requireUser(c).id, c.req.param('id'), promotionStatusSchema.parse(await c.req.json()).status) }),
  );
  app.post('/api/admin/promotions/:id/backtest', async (c) => c.json({ backtest: await backtestPromotion(db, c.req.param('id')) }));
  app.get('/api/admin/promotions/:id/redemptions', async (c) => {
    const id = c.req.param('id');
    const query = promoRedemptionsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('redemptions', REDEMPTIONS_CSV, pageThrough((cursor) => listRedemptions(db, id, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listRedemptions(db, id, query));
  });

  /** Signed in only: each Apply prices the trip (a routing call). */
  app.post('/api/promotions/apply', async (c) => c.json(await applyPromoCode(services, requireUser(c).id, applyPromoSchema.parse(await c.req.json()))));

  return app;
}
