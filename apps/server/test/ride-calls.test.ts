import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorText } from '@openride/shared/error-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioTelephony } from '../src/telephony/telephony';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, GOLDEN_GATE_PARK, newUser, nextOffer, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer, uniqueSpanishPhone } from './test-server';

/**
 * Issue 17 §10 (decision 0034): a rider and a driver on a live ride call each other through the platform's
 * number. The real Twilio client runs against an in-process fake of the one endpoint it uses, so what the
 * server asks of Twilio (who is rung, from which number, whom they are connected to) is read off the wire.
 */
const ACCOUNT_SID = 'AC' + '0'.repeat(32);
const AUTH_TOKEN = 'test-token';
const PLATFORM = '+14155550000';

type CallRequest = { auth: string | undefined; path: string; form: URLSearchParams };

/** Twilio's `POST /2010-04-01/Accounts/{sid}/Calls.json`, as its docs answer it: 201 with the call, or an error body. */
function fakeTwilio() {
  const calls: CallRequest[] = [];
  let refuse = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
        return;
      }
      const form = new URLSearchParams(body);
      calls.push({ auth: req.headers.authorization, path: req.url, form });
      if (refuse) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 21215, message: 'Geo Permission not enabled', status: 400 }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          sid: `CA${String(calls.length).padStart(32, '0')}`,
          account_sid: ACCOUNT_SID,
          to: form.get('To'),
          from: form.get('From'),
          status: 'queued',
        }),
      );
    });
  });
  return {
    calls,
    refuseNext: (value: boolean) => (refuse = value),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const twilio = fakeTwilio();
let server: TestServer;
let bare: TestServer;
let admin: TestClient;

beforeAll(async () => {
  const base = await twilio.listen();
  server = await startTestServer(ADMIN_ENV, {
    dispatch: { offerTimeoutMs: 5000, tickMs: 200 },
    telephony: twilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: PLATFORM, apiBaseUrl: base }),
  });
  admin = await adminOf(server);
  bare = await startTestServer();
});
afterAll(async () => {
  await Promise.all([server?.stop(), bare?.stop()]);
  await twilio.close();
});

async function phoneOf(client: TestClient) {
  const res = await client.get('/api/profiles/me');
  return (res.body.profile ?? res.body).phone as string;
}

describe('masked calls', () => {
  it('tells the app whether calls exist: only with a telephony provider', async () => {
    expect((await server.client().get('/api/config')).body.calls).toBe(true);
    expect((await bare.client().get('/api/config')).body.calls).toBe(false);
    const rider = await newUser(bare);
    const res = await rider.client.post(`/api/rides/${crypto.randomUUID()}/call`, {});
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({ code: 'CALLS_UNAVAILABLE', message: errorText('CALLS_UNAVAILABLE') });
  });

  it('rings the caller from the platform number and connects them to the other party, both ways, never to a stranger', async () => {
    const driver = await onlineDriver(server, admin, UNION_SQUARE, 'Casey Caller');
    // A rider with a Spanish number (decision 0094): calls dial the stored E.164 number, whatever its country.
    const national = uniqueSpanishPhone();
    const rider = await newUser(server, 'Riley Rider', `+34 ${national}`);
    const stranger = await newUser(server, 'Sam Stranger');
    const ride = (await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' }))
      .body.ride;

    // Before a driver accepts there is nobody to call.
    const early = await rider.client.post(`/api/rides/${ride.id}/call`, {});
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('CALL_CLOSED');
    expect(twilio.calls).toHaveLength(0);

    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    const riderPhone = await phoneOf(rider.client);
    expect(riderPhone).toBe(`+34${national}`);
    const driverRow = await server.services.db.selectFrom('drivers').select('phone').where('id', '=', driver.driverId).executeTakeFirstOrThrow();
    const driverPhone = driverRow.phone;
    expect(driverPhone).toMatch(/^\+1\d{10}$/);

    const byRider = await rider.client.post(`/api/rides/${ride.id}/call`, {});
    expect(byRider.status).toBe(202);
    expect(byRider.body).toEqual({ call: { status: 'calling' } });
    expect(twilio.calls).toHaveLength(1);
    const first = twilio.calls[0]!;
    expect(first.auth).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(first.form.get('To')).toBe(riderPhone);
    expect(first.form.get('From')).toBe(PLATFORM);
    const twiml = first.form.get('Twiml')!;
    expect(twiml).toContain(`<Dial callerId="${PLATFORM}" timeout="30">${driverPhone}</Dial>`);
    expect(twiml).toContain('Connecting you to Casey through OpenRide.');

    const byDriver = await driver.client.post(`/api/rides/${ride.id}/call`, {});
    expect(byDriver.status).toBe(202);
    const second = twilio.calls[1]!;
    expect(second.form.get('To')).toBe(driverPhone);
    expect(second.form.get('Twiml')).toContain(`>${riderPhone}</Dial>`);
    expect(second.form.get('Twiml')).toContain('Connecting you to Riley through OpenRide.');

    // Someone else's ride does not exist for them; nothing is dialled.
    const refused = await stranger.client.post(`/api/rides/${ride.id}/call`, {});
    expect(refused.status).toBe(404);
    expect((await server.client().post(`/api/rides/${ride.id}/call`, {})).status).toBe(401);
    expect(twilio.calls).toHaveLength(2);

    // A provider that refuses is a clear error in our words, not a 500.
    twilio.refuseNext(true);
    const failed = await rider.client.post(`/api/rides/${ride.id}/call`, {});
    twilio.refuseNext(false);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toEqual({ code: 'CALL_FAILED', message: errorText('CALL_FAILED') });

    // Five calls in ten minutes from one person on one ride, then TOO_MANY_CALLS (each is a paid call).
    // The rider has placed two (one refused by the provider: it still counts); three more go through.
    for (let i = 0; i < 3; i++) expect((await rider.client.post(`/api/rides/${ride.id}/call`, {})).status).toBe(202);
    const capped = await rider.client.post(`/api/rides/${ride.id}/call`, {});
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('TOO_MANY_CALLS');
    const dialled = twilio.calls.length;

    // Once the ride ends, calling is closed again.
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    const late = await driver.client.post(`/api/rides/${ride.id}/call`, {});
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CALL_CLOSED');
    expect(twilio.calls).toHaveLength(dialled);
    driver.socket.close();
  });
});
