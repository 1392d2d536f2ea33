import { emptyBodySchema } from '@openride/shared/contract';
import { saveCardSchema, tipSchema } from '@openride/shared/payments/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { listCards, removeCard, saveCard, startCardSetup } from './cards';
import { walletsOf } from './payments.repo';
import { ridePaymentFor } from './ride-payment-view';
import { receiveStripeWebhook } from './stripe-webhook';
import { tipRide } from './tip-ride';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rideIdOf = (id: string) => {
  if (!UUID.test(id)) throw notFound('Ride not found');
  return id;
};

/** How riders pay (decision 0038): cards, the wallet, a ride's payment and its tip, and Stripe's webhook. */
export function paymentRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.get('/api/payments/cards', async (c) => c.json({ cards: await listCards(services.db, services.payments, requireUser(c).id) }));

  app.post('/api/payments/cards/setup', async (c) => {
    const user = requireUser(c);
    emptyBodySchema.parse(await c.req.json());
    return c.json(await startCardSetup(services, user.id));
  });

  app.post('/api/payments/cards', async (c) => {
    const user = requireUser(c);
    const input = saveCardSchema.parse(await c.req.json());
    return c.json({ card: await saveCard(services, user.id, input) }, 201);
  });

  app.delete('/api/payments/cards/:id', async (c) => c.json({ card: await removeCard(services, requireUser(c).id, c.req.param('id')) }));

  app.get('/api/payments/wallet', async (c) => c.json({ wallets: await walletsOf(services.db, requireUser(c).id) }));

  app.get('/api/rides/:id/payment', async (c) => {
    const user = requireUser(c);
    return c.json({ payment: await ridePaymentFor(services.db, user.id, rideIdOf(c.req.param('id'))) });
  });

  app.post('/api/rides/:id/tip', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const input = tipSchema.parse(await c.req.json());
    return c.json({ tip: await tipRide(services, user.id, id, input) }, 201);
  });

  // Public: Stripe signs it. The raw body is what the signature covers, so it is read as text, never re-serialised.
  app.post('/api/payments/stripe/webhook', async (c) => c.json(await receiveStripeWebhook(services, await c.req.text(), c.req.header('stripe-signature'))));

  return app;
}
