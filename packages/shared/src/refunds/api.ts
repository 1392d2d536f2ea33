import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { refundDecisionSchema, refundRequestInputSchema, refundRequestsQuerySchema } from './schemas';
import { adminRefundDetailSchema, adminRefundRequestsPageSchema, refundRequestResponseSchema } from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;

/** Refund requests (issue 13, decision 0039): the rider reports a problem with a fare; an admin decides. */
export const refundRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/rides/:id/refund-requests',
    tag: 'refunds',
    summary: 'Report a problem with a completed ride’s fare (a refund request)',
    description:
      'Only the ride’s rider, within 30 days of its completion, one open request per ride, and only while something is left to refund; an amount, when given, is at most that. Admins are told on /refund-management.',
    auth: 'user',
    request: { params: idParamsSchema, body: refundRequestInputSchema },
    responses: {
      201: { description: 'The request, open', schema: refundRequestResponseSchema },
      400: { description: 'Bad reason, amount or comment (nothing changes)' },
      404: { description: 'No such ride, or not the caller’s as rider' },
      409: {
        description:
          'RIDE_NOT_COMPLETED, REFUND_WINDOW_CLOSED (more than 30 days after the ride), REFUND_REQUEST_OPEN (one is waiting), REFUND_EXCEEDS_PAID (the amount is more than what is left to refund)',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/refund-requests',
    tag: 'refunds',
    summary: 'The refund requests queue (oldest first by default), filtered by status, reason and age',
    auth: 'admin',
    permission: 'refund.read',
    request: { query: refundRequestsQuerySchema },
    responses: {
      200: { description: 'A page', schema: adminRefundRequestsPageSchema, csv: true },
      400: { description: 'Bad filter or cursor' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/refund-requests/:id',
    tag: 'refunds',
    summary: 'One request with its ride’s timeline, route, fare lines and money (ledger sums)',
    auth: 'admin',
    permission: 'refund.read',
    cityOf: { record: 'refund_request' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The request', schema: adminRefundDetailSchema }, 404: { description: 'No such request' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/:id/proposal',
    tag: 'refunds',
    summary: 'Propose a decision on an open request (support; someone with refund.approve decides)',
    description:
      'The same decision as `/decision` (action, bearer, amount, note or reason), checked the same way under the ride’s lock, and kept on the request as a proposal: nothing is refunded and the rider is not told. A newer proposal replaces it. Audited `refund.propose`. Above the owners’ separation-of-duties amount for the ride’s currency (decision 0093), only a decision equal to a proposal made by someone else is accepted.',
    auth: 'admin',
    permission: 'refund.propose',
    cityOf: { record: 'refund_request' },
    request: { params: idParamsSchema, body: refundDecisionSchema },
    responses: {
      200: { description: 'The request with its proposal', schema: adminRefundDetailSchema },
      400: { description: 'Bad action, amount, bearer or reason (nothing changes)' },
      404: { description: 'No such request' },
      409: { description: 'REFUND_DECIDED (decided already), REFUND_EXCEEDS_PAID (more than is left to refund)' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/:id/decision',
    tag: 'refunds',
    summary: 'Approve full, approve partial, give wallet credit, or reject (with a reason)',
    description:
      'Under the ride’s lock, in one transaction: the refund is posted to the ledger (key `refund_request:<id>`, so it posts once) — debit `refunds` (bearer platform) or the driver’s account (bearer driver), credit the rider’s wallet (cash and wallet rides, and every wallet credit) or the card (card rides: a `card-refund` job queued in the same transaction asks the payment provider after commit; if the provider refuses, the refund is reversed and given as wallet credit instead, decision 0054) — the request is decided, the rider notified and the decision audited (`refund.approve`, `refund.credit`, `refund.reject`). The total refunded on a ride never exceeds what was paid for it.',
    auth: 'admin',
    permission: 'refund.approve',
    cityOf: { record: 'refund_request' },
    request: { params: idParamsSchema, body: refundDecisionSchema },
    responses: {
      200: { description: 'The request as decided', schema: adminRefundDetailSchema },
      400: { description: 'Bad action, amount, bearer or reason (nothing changes)' },
      404: { description: 'No such request' },
      403: {
        description:
          'SEPARATION_OF_DUTIES: a refund above the owners’ amount for this currency that is not exactly what someone else proposed (decision 0093); also not staff, or no refund.approve',
      },
      409: {
        description:
          'REFUND_DECIDED (decided already), REFUND_EXCEEDS_PAID (more than is left to refund), CARD_REFUNDS_UNAVAILABLE (a card ride whose card payment is not captured yet)',
      },
      401: adminRefusals[401],
    },
  },
]);

export const refundRequestParamsSchema = z.object({ id: z.string() });
