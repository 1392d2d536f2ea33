import { defineRoutes, idParamsSchema } from '../contract';
import {
  adminPromotionsQuerySchema,
  applyPromoSchema,
  createPromotionSchema,
  promoRedemptionsQuerySchema,
  promotionStatusSchema,
  updatePromotionSchema,
} from './schemas';
import { appliedPromoSchema, backtestResponseSchema, promoRedemptionsPageSchema, promotionResponseSchema, promotionsPageSchema } from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;

/** Promo codes (issue 16, decision 0063): admins create, backtest, launch and pause promotions; riders apply a code on /book-ride. */
export const promotionRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/promotions',
    tag: 'promotions',
    summary: 'Promotions with their redemptions and spend (the admin kit list; CSV with format=csv)',
    auth: 'admin',
    permission: 'promotion.read',
    request: { query: adminPromotionsQuerySchema },
    responses: { 200: { description: 'A page of promotions', schema: promotionsPageSchema, csv: true }, 400: { description: 'Bad query' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/promotions',
    tag: 'promotions',
    summary: 'Create a promotion, as a draft or active (audited promotion.create)',
    description: 'The code is unique (upper case); a fixed amount is in the city’s currency; zones are pricing zones of the city (the pickup’s).',
    auth: 'admin',
    permission: 'promotion.manage',
    request: { body: createPromotionSchema },
    responses: {
      201: { description: 'The promotion', schema: promotionResponseSchema },
      400: { description: 'Bad input (nothing changes)' },
      404: { description: 'No such city, or a zone not of the city' },
      409: { description: 'PROMO_CODE_TAKEN: another promotion has this code' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/promotions/:id',
    tag: 'promotions',
    summary: 'One promotion with its figures',
    auth: 'admin',
    permission: 'promotion.read',
    cityOf: { record: 'promotion' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The promotion', schema: promotionResponseSchema }, 404: { description: 'No such promotion' }, ...adminRefusals },
  },
  {
    method: 'PATCH',
    path: '/api/admin/promotions/:id',
    tag: 'promotions',
    summary:
      'Edit a promotion: a draft in full, a launched one its end, budget, maximum redemptions, uses per rider and description (audited promotion.update)',
    description:
      'Send the `version` read and the fields to change. The budget may not go below what is reserved and spent, nor the maximum redemptions below those reserved and applied; a launched promotion’s end may not move into the past. Decision 0068.',
    auth: 'admin',
    permission: 'promotion.manage',
    cityOf: { record: 'promotion' },
    request: { params: idParamsSchema, body: updatePromotionSchema },
    responses: {
      200: { description: 'The promotion', schema: promotionResponseSchema },
      400: { description: 'Bad input (nothing changes)' },
      404: { description: 'No such promotion, city, or a zone not of the city' },
      409: { description: 'PROMOTION_STALE: changed since it was read; PROMO_CODE_TAKEN: another promotion has this code' },
      422: { description: 'PROMOTION_FIELD_LOCKED, PROMOTION_BUDGET_BELOW_COMMITTED, PROMOTION_MAX_BELOW_HELD, PROMOTION_END_IN_PAST' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/promotions/:id/status',
    tag: 'promotions',
    summary: 'Launch (active) or pause a promotion (audited promotion.status)',
    description: 'Pausing refuses new requests with the code; rides already holding a reservation keep their discount.',
    auth: 'admin',
    permission: 'promotion.manage',
    cityOf: { record: 'promotion' },
    request: { params: idParamsSchema, body: promotionStatusSchema },
    responses: {
      200: { description: 'The promotion', schema: promotionResponseSchema },
      400: { description: 'Bad status' },
      404: { description: 'No such promotion' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/promotions/:id/backtest',
    tag: 'promotions',
    summary: 'What the promotion would have done over the last 30 days of the city’s completed rides',
    description:
      'Replays the rides in order with the promotion’s rules: ride types, pickup zones, minimum fare, first ride only, uses per rider, maximum redemptions and budget. Changes nothing.',
    auth: 'admin',
    permission: 'promotion.read',
    cityOf: { record: 'promotion' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The figures', schema: backtestResponseSchema }, 404: { description: 'No such promotion' }, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/promotions/:id/redemptions',
    tag: 'promotions',
    summary: 'A promotion’s redemptions, newest first (the admin kit list; CSV with format=csv)',
    auth: 'admin',
    permission: 'promotion.read',
    cityOf: { record: 'promotion' },
    request: { params: idParamsSchema, query: promoRedemptionsQuerySchema },
    responses: {
      200: { description: 'A page of redemptions', schema: promoRedemptionsPageSchema, csv: true },
      400: { description: 'Bad query' },
      404: { description: 'No such promotion' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/promotions/apply',
    tag: 'promotions',
    summary: 'Apply a promo code to a trip: each ride type’s fare, discount, or why the code does not apply to it',
    description:
      'The trip is priced again as the quote does. A refusal that holds for every ride type answers 422 with its code (PROMO_CODE_UNKNOWN, _INACTIVE, _EXPIRED, _SPENT, _FIRST_RIDE, _USED, _ZONE); ride type and minimum fare are per option. Nothing is reserved: the request reserves.',
    auth: 'user',
    request: { body: applyPromoSchema },
    responses: {
      200: { description: 'The options with their discounts', schema: appliedPromoSchema },
      400: { description: 'Bad input' },
      401: { description: 'Not signed in' },
      422: { description: 'The code cannot be used for this trip by this rider (the code says why)' },
    },
  },
]);
