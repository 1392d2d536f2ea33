import { paymentRoutes as paymentContract } from '@openride/shared/payments/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { notFound } from '../lib/errors';
import { listCards, removeCard, saveCard, startCardSetup } from './cards';
import { walletsOf } from './payments.repo';
import { ridePaymentFor } from './ride-payment-view';
import { receiveStripeWebhook } from './stripe-webhook';
import { tipRide } from './tip-ride';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rideIdOf = (id: string) => {
  if (!UUID.test(id)) throw notFound('Ride not found');
  return id;
};

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'logger'> & { payments: PaymentProvider | null };

/** How riders pay (decision 0038): cards, the wallet, a ride's payment and its tip, and Stripe's webhook. */
export function paymentRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, paymentContract);

  on('GET /api/payments/cards', async ({ user }) => ({ status: 200, body: { cards: await listCards(services.db, services.payments, user.id) } }));
  on('POST /api/payments/cards/setup', async ({ user }) => ({ status: 200, body: await startCardSetup(services, user.id) }));
  on('POST /api/payments/cards', async ({ user, body }) => ({ status: 201, body: { card: await saveCard(services, user.id, body) } }));
  on('DELETE /api/payments/cards/:id', async ({ user, params }) => ({ status: 200, body: { card: await removeCard(services, user.id, params.id) } }));

  on('GET /api/payments/wallet', async ({ user }) => ({ status: 200, body: { wallets: await walletsOf(services.db, user.id) } }));

  on('GET /api/rides/:id/payment', async ({ user, params }) => ({
    status: 200,
    body: { payment: await ridePaymentFor(services.db, user.id, rideIdOf(params.id)) },
  }));
  on('POST /api/rides/:id/tip', async ({ user, params, body }) => ({
    status: 201,
    body: { tip: await tipRide(services, user.id, rideIdOf(params.id), body) },
  }));

  // Public: Stripe signs it. The raw body is what the signature covers, so the handler reads it as text (`ownBody`),
  // never re-serialised: the signature (400) and, without Stripe, the 404 come first, whatever is posted (decision 0038).
  on.ownBody('POST /api/payments/stripe/webhook', async ({ c }) => ({
    status: 200,
    body: await receiveStripeWebhook(services, await c.req.text(), c.req.header('stripe-signature')),
  }));

  return app;
}
