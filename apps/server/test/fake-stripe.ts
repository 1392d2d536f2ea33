import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process fake of exactly the Stripe endpoints the server uses (decision 0038), for the real `stripe`
 * client pointed at it with its `host`/`port`/`protocol` options. Test code only: it never runs in production.
 * It answers as Stripe's API reference does (form-encoded requests, JSON objects, `{ error: { type, code,
 * message } }` with 402 for a card error), keeps idempotency keys (a repeated key answers the first answer),
 * and records every call so a test reads what the server asked of Stripe.
 */
export type StripeCall = { method: string; path: string; params: Record<string, string>; idempotencyKey: string | undefined };

type Card = { brand: string; last4: string; exp_month: number; exp_year: number; declines: boolean };

export function fakeStripe() {
  const calls: StripeCall[] = [];
  const customers = new Map<string, { id: string; email: string }>();
  const setupIntents = new Map<string, { id: string; customer: string; status: string; payment_method: string | null; client_secret: string }>();
  const paymentMethods = new Map<string, { id: string; customer: string | null; card: Card }>();
  const intents = new Map<
    string,
    {
      id: string;
      amount: number;
      currency: string;
      status: string;
      capture_method: string;
      amount_received: number;
      customer: string;
      payment_method: string;
      metadata: Record<string, string>;
    }
  >();
  const refunds = new Map<string, { id: string; amount: number; payment_intent: string }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let n = 0;
  const id = (prefix: string) => `${prefix}_${String(++n).padStart(14, '0')}`;

  const cardError = (message: string, code = 'card_declined') => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message } },
  });
  const invalid = (message: string, code = 'resource_missing') => ({ status: 400, body: { error: { type: 'invalid_request_error', code, message } } });
  const intentView = (pi: NonNullable<ReturnType<typeof intents.get>>) => ({
    object: 'payment_intent',
    ...pi,
    amount_capturable: pi.status === 'requires_capture' ? pi.amount : 0,
  });

  function handle(method: string, path: string, p: Record<string, string>): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), email: p.email ?? '' };
      customers.set(c.id, c);
      return { status: 200, body: { object: 'customer', ...c, name: p.name ?? null, metadata: {} } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(p.customer ?? '')) return invalid(`No such customer: '${p.customer}'`);
      const si = { id: id('seti'), customer: p.customer!, status: 'requires_payment_method', payment_method: null, client_secret: '' };
      si.client_secret = `${si.id}_secret_${n}`;
      setupIntents.set(si.id, si);
      return { status: 200, body: { object: 'setup_intent', ...si } };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) {
      const si = setupIntents.get(m[1]!);
      return si ? { status: 200, body: { object: 'setup_intent', ...si } } : invalid(`No such setupintent: '${m[1]}'`);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)$/))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return invalid(`No such PaymentMethod: '${m[1]}'`);
      const { declines: _declines, ...card } = pm.card;
      return { status: 200, body: { object: 'payment_method', id: pm.id, type: 'card', customer: pm.customer, card } };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return invalid(`No such PaymentMethod: '${m[1]}'`);
      if (!pm.customer)
        return invalid('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method_unexpected_state');
      pm.customer = null;
      const { declines: _declines, ...card } = pm.card;
      return { status: 200, body: { object: 'payment_method', id: pm.id, type: 'card', customer: null, card } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = paymentMethods.get(p.payment_method ?? '');
      if (!pm || pm.customer !== p.customer) return invalid(`No such PaymentMethod: '${p.payment_method}'`);
      if (pm.card.declines) return cardError('Your card was declined.');
      const manual = p.capture_method === 'manual';
      const amount = Number(p.amount);
      const metadata = Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const pi = {
        id: id('pi'),
        amount,
        currency: p.currency!,
        status: manual ? 'requires_capture' : 'succeeded',
        capture_method: p.capture_method ?? 'automatic',
        amount_received: manual ? 0 : amount,
        customer: p.customer!,
        payment_method: pm.id,
        metadata,
      };
      intents.set(pi.id, pi);
      return { status: 200, body: intentView(pi) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/))) {
      const pi = intents.get(m[1]!);
      if (!pi) return invalid(`No such payment_intent: '${m[1]}'`);
      if (pi.status !== 'requires_capture')
        return invalid(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
      const amount = p.amount_to_capture ? Number(p.amount_to_capture) : pi.amount;
      if (amount > pi.amount) return invalid('amount_to_capture is greater than the amount capturable', 'amount_too_large');
      pi.status = 'succeeded';
      pi.amount_received = amount;
      return { status: 200, body: intentView(pi) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const pi = intents.get(m[1]!);
      if (!pi) return invalid(`No such payment_intent: '${m[1]}'`);
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        return invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
      pi.status = 'canceled';
      return { status: 200, body: intentView(pi) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(p.payment_intent ?? '');
      if (!pi || pi.status !== 'succeeded') return invalid(`No captured payment to refund: '${p.payment_intent}'`);
      const given = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
      const amount = p.amount ? Number(p.amount) : pi.amount_received - given;
      if (given + amount > pi.amount_received) return invalid('Refund amount is greater than unrefunded amount on charge', 'amount_too_large');
      const re = { id: id('re'), amount, payment_intent: pi.id };
      refunds.set(re.id, re);
      return { status: 200, body: { object: 'refund', ...re, status: 'succeeded', currency: pi.currency } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: key });
      let reply: { status: number; body: unknown };
      if (!(req.headers.authorization ?? '').startsWith('Bearer sk_test_'))
        reply = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      else if (key && replies.has(`${req.method} ${url.pathname} ${key}`)) reply = replies.get(`${req.method} ${url.pathname} ${key}`)!;
      else {
        reply = handle(req.method ?? '', url.pathname, params);
        if (key) replies.set(`${req.method} ${url.pathname} ${key}`, reply);
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${n}` }).end(JSON.stringify(reply.body));
    });
  });

  return {
    calls,
    intents,
    refunds,
    /** What Stripe.js does in the browser when the rider confirms Elements: a card is attached and the SetupIntent succeeds. */
    confirmSetup(setupIntentId: string, card: { last4?: string; declines?: boolean } = {}) {
      const si = setupIntents.get(setupIntentId);
      if (!si) throw new Error(`no setup intent ${setupIntentId}`);
      const pm = {
        id: id('pm'),
        customer: si.customer,
        card: { brand: 'visa', last4: card.last4 ?? '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, declines: card.declines ?? false },
      };
      paymentMethods.set(pm.id, pm);
      si.status = 'succeeded';
      si.payment_method = pm.id;
      return pm.id;
    },
    /**
     * What Stripe does to a hold it drops (after 7 days uncaptured, or cancelled at the bank): the intent is
     * canceled, so a capture is refused (`payment_intent_unexpected_state`) — a capture that fails for good.
     */
    expireHold(intentId: string) {
      const pi = intents.get(intentId);
      if (!pi) throw new Error(`no payment intent ${intentId}`);
      pi.status = 'canceled';
    },
    /** The calls to one endpoint (method and path pattern). */
    callsTo(method: string, path: RegExp) {
      return calls.filter((c) => c.method === method && path.test(c.path));
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      return { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' as const };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
