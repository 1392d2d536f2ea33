import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { text } from '../text';
import { moneyReceiptResponseSchema, paymentHistoryResponseSchema } from './views';

export const PAYMENT_HISTORY_MAX_LIMIT = 50;

/** `GET /api/payments/history`: a keyset page, newest first. */
export const paymentHistoryQuerySchema = z.object({
  cursor: z.preprocess((v) => (v === '' ? undefined : v), text().max(1000).optional()),
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(PAYMENT_HISTORY_MAX_LIMIT).default(20)),
});

const notYours = { 404: { description: "No such ride, or not the caller's (ids reveal nothing)" } } as const;

/** The rider's money pages (issue 13, decision 0039): history, balances, a receipt per ride and its PDF. */
export const paymentHistoryRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/payments/history',
    tag: 'payments',
    summary: "The caller's charges, fees, refunds and credits, newest first, a page at a time, with their wallet balance and what they owe",
    description:
      'Every item is a ledger transaction touching the rider’s wallet or owed account, or the fare of a ride they took; only ever the caller’s own. `balances`: wallet credit (−balance of rider_wallet) and owed fees (balance of rider_owed), per currency.',
    auth: 'user',
    request: { query: paymentHistoryQuerySchema },
    responses: { 200: { description: 'A page', schema: paymentHistoryResponseSchema }, 400: { description: 'Bad cursor or limit' } },
  },
  {
    method: 'GET',
    path: '/api/rides/:id/receipt',
    tag: 'payments',
    summary: "A completed ride's receipt: fare lines, surge, fees, tip, payment method and refunds (amounts from the ledger)",
    description: 'Its rider reads the money and the refund requests; its driver the fare lines only (`money` null).',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The receipt', schema: moneyReceiptResponseSchema }, 409: { description: 'Not completed' }, ...notYours },
  },
  {
    method: 'GET',
    path: '/api/rides/:id/receipt.pdf',
    tag: 'payments',
    summary: "A completed ride's receipt as a PDF (its rider, or an admin)",
    auth: 'user',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The PDF (attachment)', contentType: 'application/pdf' },
      409: { description: 'Not completed' },
      404: { description: "No such ride, or not the caller's as rider (admins read any)" },
    },
  },
]);
