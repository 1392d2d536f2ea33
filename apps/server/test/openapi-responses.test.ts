import { randomUUID } from 'node:crypto';
import { contractFor } from './http-client';
import { describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { checkAgainstDocument, validatedAnswers } from './openapi-validator';
import { FERRY_BUILDING, newUser, UNION_SQUARE } from './ride-actors';
import { type RideSuite, useRideSuite } from './ride-suite';

/**
 * The OpenAPI document as a third party reads it (issue 28 point 5, decision 0082). Every answer of the API
 * suite goes through Ajv 2020-12 against the document (`http-client.ts` → `openapi-validator.ts`); this file
 * makes sure the answers that carry 2020-12-only schemas (`prefixItems` tuples: [lat, lng]) are among them,
 * with tuples in them, beside one answer of most domains, and that the validator does refuse a wrong answer.
 */
let suite: RideSuite;
useRideSuite('Oona Openapi', (s) => (suite = s));

const today = () => new Date().toISOString().slice(0, 10);

describe('live answers against the OpenAPI document (Ajv 2020-12)', () => {
  it('validates the four tuple-carrying answers a draft-07 reading refused, with tuples in them, and a sample across domains', async () => {
    const { server, admin, rides } = suite;
    const rider = await rides.riderWithRide('Olly Openapi');
    const driver = rides.driver();

    const quote = await rider.client.post('/api/rides/quote', { pickup: UNION_SQUARE, destination: FERRY_BUILDING });
    expect(quote.status).toBe(200);
    // The driver's path on the receipt: GPS frames of the ride, written as the socket would (one a second is its pace).
    await server.services.db
      .insertInto('ride_locations')
      .values([UNION_SQUARE, FERRY_BUILDING].map((p, i) => ({ ride_id: rider.rideId, lat: p.lat, lng: p.lng, at: new Date(Date.now() - 60_000 + i * 1000) })))
      .execute();
    const receipt = await rider.client.get(`/api/rides/${rider.rideId}/receipt`);
    expect(receipt.status).toBe(200);
    const heatmap = await admin.get(`/api/admin/driver-heatmap?from=${today()}&to=${today()}&tz=UTC`);
    expect(heatmap.status).toBe(200);
    expect(heatmap.body.cells.length).toBeGreaterThan(0);
    expect(heatmap.body.cells[0].center).toHaveLength(2);
    const demand = await driver.client.get('/api/drivers/me/demand');
    expect(demand.status).toBe(200);
    expect(demand.body.cells.length).toBeGreaterThan(0);
    expect(demand.body.cells[0].center).toHaveLength(2);
    // The quote's and the receipt's tuples: somewhere in the body, a [number, number] pair.
    for (const body of [quote.body, receipt.body]) expect(JSON.stringify(body)).toMatch(/\[-?\d+(\.\d+)?,-?\d+(\.\d+)?\]/);

    const visitor = server.client();
    const sample: Array<[TestClient, string]> = [
      [visitor, '/api/config'],
      [visitor, '/api/public/cities'],
      [visitor, '/api/public/faq'],
      [visitor, '/api/me'],
      [rider.client, '/api/me'],
      [rider.client, '/api/account'],
      [rider.client, '/api/rides'],
      [rider.client, `/api/rides/${rider.rideId}`],
      [rider.client, '/api/notifications'],
      [rider.client, '/api/payments/history'],
      [rider.client, '/api/referrals/me'],
      [rider.client, '/api/legal/status'],
      [driver.client, '/api/drivers/me'],
      [driver.client, '/api/drivers/me/dashboard'],
      [driver.client, '/api/drivers/me/earnings?period=today'],
      [driver.client, '/api/vehicles'],
      [admin, '/api/admin/cities'],
      [admin, '/api/admin/referral-programs'],
      [admin, '/api/admin/referrals'],
      [admin, '/api/admin/refund-requests'],
      [admin, '/api/admin/audit-log'],
      [rider.client, '/api/admin/cities'],
    ];
    for (const [client, path] of sample) await client.get(path);

    for (const key of [
      'POST /api/rides/quote 200',
      'GET /api/rides/:id/receipt 200',
      'GET /api/admin/driver-heatmap 200',
      'GET /api/drivers/me/demand 200',
      'GET /api/me 401',
      'GET /api/admin/cities 403',
      'GET /api/admin/referral-programs 200',
    ]) {
      expect(validatedAnswers, key).toContain(key);
    }
  });

  it('refuses an answer its schema does not allow: a [lat, lng] with a third number, a missing field, an error body of another shape', async () => {
    const heatmap = contractFor('GET', '/api/admin/driver-heatmap')!;
    const body = (await suite.admin.get(`/api/admin/driver-heatmap?from=${today()}&to=${today()}&tz=UTC`)).body;
    const cell = body.cells[0];
    expect(() => checkAgainstDocument(heatmap, 200, 'application/json', body, true)).not.toThrow();
    const withCells = (c: unknown) => ({ ...body, cells: [c] });
    expect(() => checkAgainstDocument(heatmap, 200, 'application/json', withCells({ ...cell, center: [...cell.center, 0] }), true)).toThrow(
      /does not match the OpenAPI document/,
    );
    const { cell: _, ...noIndex } = cell;
    expect(() => checkAgainstDocument(heatmap, 200, 'application/json', withCells(noIndex), true)).toThrow(/must have required property 'cell'/);
    expect(() => checkAgainstDocument(heatmap, 404, 'application/json', { message: 'gone' }, true)).toThrow(/does not match/);
    expect(() => checkAgainstDocument(heatmap, 200, 'text/html', '<p>', true)).toThrow(/declares application\/json/);
  });
});

describe('a write whose contract takes no body', () => {
  it('is answered with no body and no content type, from this site or a client that is not a browser; a cross-site one, or a write that takes a body, is 415 as before', async () => {
    const { server, admin } = suite;
    const { client } = await newUser(server, 'Nora Nobody');
    const home = { label: 'Home', address_label: 'Ferry Building, San Francisco', lat: 37.7955, lng: -122.3937 };
    expect((await client.put('/api/account/places/home', home)).status).toBe(200);

    // No Content-Type, no body (fetch sends `content-length: 0` for a bodiless POST, none for a DELETE).
    const removed = await client.request('/api/account/places/home', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.places).toEqual([]);
    const ticket = randomUUID();
    expect((await admin.request(`/api/admin/support-tickets/${ticket}/resolve`, { method: 'POST' })).status).toBe(404);
    // A script: no Origin at all.
    expect((await admin.request(`/api/admin/support-tickets/${ticket}/reopen`, { method: 'POST', headers: { origin: '' } })).status).toBe(404);

    // Another site's page (a beacon carries the cookie without asking first): refused as before.
    for (const headers of [{ origin: 'https://elsewhere.example' }, { origin: '', 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
      expect((await admin.request(`/api/admin/support-tickets/${ticket}/resolve`, { method: 'POST', headers })).status).toBe(415);
    }
    // A write that takes a body still needs JSON's content type; a body-less write with another type too.
    expect((await client.request('/api/rides/quote', { method: 'POST' })).status).toBe(415);
    expect((await admin.request(`/api/admin/support-tickets/${ticket}/resolve`, { method: 'POST', headers: { 'content-type': 'text/plain' } })).status).toBe(
      415,
    );
  });
});
