import { z } from 'zod';
import { defineRoutes, emptyBodySchema, idParamsSchema } from '../contract';
import { saveCardSchema, tipSchema } from './schemas';
import {
  cardResponseSchema,
  cardSetupResponseSchema,
  cardsResponseSchema,
  ridePaymentResponseSchema,
  tipResponseSchema,
  walletResponseSchema,
  webhookResponseSchema,
} from './views';

const signedIn = { 401: { description: 'Not signed in' } } as const;

/** How riders pay (issue 13, decision 0038): saved cards, the wallet, tips, and Stripe's webhook. */
export const paymentRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/payments/cards',
    tag: 'payments',
    summary: "The caller's saved cards",
    auth: 'user',
    responses: { 200: { description: 'Newest first', schema: cardsResponseSchema }, ...signedIn },
  },
  {
    method: 'POST',
    path: '/api/payments/cards/setup',
    tag: 'payments',
    summary: 'Start saving a card with Stripe: a SetupIntent for Stripe Elements to confirm in the browser',
    description:
      'Stripe only (`GET /api/config` says `payments.provider: "stripe"`); the card details go from the browser to Stripe, never here. Then `POST /api/payments/cards` with the SetupIntent id.',
    auth: 'user',
    request: { body: emptyBodySchema },
    responses: {
      200: { description: 'The SetupIntent', schema: cardSetupResponseSchema },
      400: { description: 'This deployment uses the test card provider' },
      502: { description: 'Stripe did not answer' },
      503: { description: 'No card payments here' },
      ...signedIn,
    },
  },
  {
    method: 'POST',
    path: '/api/payments/cards',
    tag: 'payments',
    summary: 'Save a card',
    description:
      'Stripe: `{ setup_intent_id }` of a SetupIntent this rider confirmed with Elements. Test card provider (never in production): `{ test_card: { number, exp_month, exp_year, cvc } }` — 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 declined (402 CARD_DECLINED), 4000 0000 0000 0341 saved but declined when charged, 4000 0000 0000 9995 authorised but its capture refused (the rider then owes the amount).',
    auth: 'user',
    request: { body: saveCardSchema },
    responses: {
      201: { description: 'The card as saved', schema: cardResponseSchema },
      400: { description: 'Bad input, an expired card, or a SetupIntent that is not this rider’s or not confirmed' },
      402: { description: 'Declined (CARD_DECLINED)' },
      502: { description: 'Stripe did not answer' },
      503: { description: 'No card payments here' },
      ...signedIn,
    },
  },
  {
    method: 'DELETE',
    path: '/api/payments/cards/:id',
    tag: 'payments',
    summary: 'Remove a saved card',
    description:
      'The card’s owner only (anyone else’s card, or one already removed: 404). Refused while the card pays for a ride that has not ended (409 CARD_IN_USE). The card is no longer listed, booked or tipped with; rides already paid keep it. Stripe: the PaymentMethod is detached from the customer.',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The card as it was', schema: cardResponseSchema },
      404: { description: 'No such card of yours' },
      409: { description: 'A ride under way is paid with it (CARD_IN_USE)' },
      ...signedIn,
    },
  },
  {
    method: 'GET',
    path: '/api/payments/wallet',
    tag: 'payments',
    summary: "The caller's wallet credit and the fees they owe, per currency (from the ledger)",
    auth: 'user',
    responses: { 200: { description: 'One entry per currency the rider has money in (none: an empty list)', schema: walletResponseSchema }, ...signedIn },
  },
  {
    method: 'GET',
    path: '/api/rides/:id/payment',
    tag: 'payments',
    summary: 'How a ride is paid: method, card, wallet part, the authorisation, what the ledger recorded, the tip',
    description: 'The ride’s rider only (anyone else: 404).',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The payment', schema: ridePaymentResponseSchema }, 404: { description: 'No such ride of yours' }, ...signedIn },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/tip',
    tag: 'payments',
    summary: 'Tip the driver of a completed ride (all of it goes to the driver)',
    description:
      '10, 15 or 20 % of what the rider paid for the ride, after any promotion (`percent`; the options with their amounts are `tip_options` of the ride’s payment), or `amount_cents`. By card (a separate charge to the ride’s card) when the ride was paid by card, from the wallet when the wallet paid it, or recorded as given in cash. One tip per ride (idempotency key `ride:<id>:tip`), by its rider, within 72 hours of completion. Posted to the ledger in the same transaction as the tip is recorded.',
    auth: 'user',
    request: { params: idParamsSchema, body: tipSchema },
    responses: {
      201: { description: 'The tip', schema: tipResponseSchema },
      400: { description: 'Bad input, or a method this ride was not paid by' },
      402: { description: 'The card was declined' },
      404: { description: 'No such ride of yours' },
      409: { description: 'Not completed yet (RIDE_NOT_COMPLETED), tipped already (TIP_EXISTS), too late (TIP_WINDOW_CLOSED), or not enough wallet credit' },
      ...signedIn,
    },
  },
  {
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    tag: 'payments',
    summary: "Stripe's events, verified by their signature",
    description:
      'The raw body is checked against the `Stripe-Signature` header with `STRIPE_WEBHOOK_SECRET` (400 and nothing changes otherwise). Each event is handled once (a second delivery answers `duplicate: true`): payment intent events update the ride’s authorisation; `payout.paid` moves the payout from processor clearing to the bank in the ledger.',
    auth: 'public',
    request: { body: z.looseObject({ id: z.string(), type: z.string() }) },
    responses: {
      200: { description: 'Received', schema: webhookResponseSchema },
      400: { description: 'Bad or missing signature' },
      404: { description: 'Stripe is not configured on this server' },
    },
  },
]);
