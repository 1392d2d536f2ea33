import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/** /legal (issue 15, decision 0057): versioned documents, acceptance recorded per version and asked again. */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const TERMS = '## New terms\nThese are the new terms, in plain words.\n\n- Be kind\n- Pay your fare';
const acceptancesOf = (userId: string) =>
  server.services.db.selectFrom('legal_acceptances').selectAll().where('user_id', '=', userId).orderBy('kind').orderBy('version').execute();
const versionsOf = () => server.services.db.selectFrom('legal_documents').select(['kind', 'version']).orderBy('kind').orderBy('version').execute();

describe('legal documents', () => {
  it('serves version 1 of both documents to anyone, seeded with what the product stores', async () => {
    const res = await server.client().get('/api/public/legal');
    expect(res.status).toBe(200);
    expect(res.body.terms).toMatchObject({ kind: 'terms', version: 1 });
    expect(res.body.privacy).toMatchObject({ kind: 'privacy', version: 1 });
    expect(res.body.privacy.body).toContain('Route points of rides are deleted');
  });

  it('refuses publishing to a visitor (401), a rider and a driver (403), and changes nothing', async () => {
    const before = await versionsOf();
    expect((await server.client().post('/api/admin/legal', { kind: 'terms', body: TERMS })).status).toBe(401);
    const rider = await newUser(server, 'Rita Reader');
    expect((await rider.client.post('/api/admin/legal', { kind: 'terms', body: TERMS })).status).toBe(403);
    expect((await rider.client.get('/api/admin/legal')).status).toBe(403);
    const driver = await newUser(server, 'Dora Driver');
    const applied = await driver.client.post('/api/drivers', {
      full_name: 'Dora Driver',
      phone: '4155550142',
      license_number: 'D7654321',
      vehicle_make: 'Toyota',
      vehicle_model: 'Prius',
      vehicle_year: 2021,
      vehicle_color: 'Blue',
      license_plate: '7LGL001',
    });
    expect(applied.status).toBe(201);
    expect((await driver.client.post('/api/admin/legal', { kind: 'privacy', body: TERMS })).status).toBe(403);
    expect(await versionsOf()).toEqual(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await versionsOf();
    for (const body of [{ kind: 'cookies', body: TERMS }, { kind: 'terms', body: 'short' }, { kind: 'terms', body: 'x'.repeat(50_001) }, { kind: 'terms' }]) {
      expect((await admin.post('/api/admin/legal', body)).status).toBe(400);
    }
    const rider = await newUser(server);
    for (const body of [{}, { terms_version: 'one', privacy_version: 1 }, { terms_version: 0, privacy_version: 1 }]) {
      expect((await rider.client.post('/api/legal/accept', body)).status).toBe(400);
    }
    expect((await server.client().post('/api/legal/accept', { terms_version: 1, privacy_version: 1 })).status).toBe(401);
    expect((await server.client().get('/api/legal/status')).status).toBe(401);
    expect(await versionsOf()).toEqual(before);
    expect(await acceptancesOf(rider.id)).toEqual([]);
  });

  it('records the acceptance with its versions, and asks again when an admin publishes a new version', async () => {
    const rider = await newUser(server, 'Ann Accepter');
    const current = (await server.client().get('/api/public/legal')).body;
    const first = await rider.client.get('/api/legal/status');
    expect(first.body).toMatchObject({ needs_acceptance: true, accepted: { terms: null, privacy: null } });

    const accepted = await rider.client.post('/api/legal/accept', { terms_version: current.terms.version, privacy_version: current.privacy.version });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ needs_acceptance: false, accepted: { terms: current.terms.version, privacy: current.privacy.version } });
    expect((await acceptancesOf(rider.id)).map((a) => [a.kind, a.version])).toEqual([
      ['privacy', current.privacy.version],
      ['terms', current.terms.version],
    ]);
    // Accepting again changes nothing.
    expect((await rider.client.post('/api/legal/accept', { terms_version: current.terms.version, privacy_version: current.privacy.version })).status).toBe(200);
    expect(await acceptancesOf(rider.id)).toHaveLength(2);

    const published = await admin.post('/api/admin/legal', { kind: 'terms', body: TERMS });
    expect(published.status).toBe(201);
    const version = published.body.document.version as number;
    expect(version).toBe(current.terms.version + 1);
    const audit = await server.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'legal.publish')
      .where('entity_id', '=', `terms:${version}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await server.client().get('/api/public/legal')).body.terms).toMatchObject({ version, body: TERMS });
    expect((await admin.get('/api/admin/legal')).body.versions[0]).toMatchObject({ kind: 'terms', version, published_by_name: expect.any(String) });

    const asked = await rider.client.get('/api/legal/status');
    expect(asked.body).toMatchObject({ needs_acceptance: true, current: { terms: version }, accepted: { terms: current.terms.version } });
    // The old version is refused: the rider has not read the new one.
    expect((await rider.client.post('/api/legal/accept', { terms_version: current.terms.version, privacy_version: current.privacy.version })).status).toBe(409);
    const again = await rider.client.post('/api/legal/accept', { terms_version: version, privacy_version: current.privacy.version });
    expect(again.body.needs_acceptance).toBe(false);
    expect((await acceptancesOf(rider.id)).filter((a) => a.kind === 'terms').map((a) => a.version)).toEqual([current.terms.version, version]);
  });

  it('never asks an admin: they publish the documents', async () => {
    expect((await admin.get('/api/legal/status')).body.needs_acceptance).toBe(false);
  });
});
