import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyFor } from '../src/cancellation/cancellation.repo';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * Cancellation policies as versions (issue 28 §4, decision 0087): each change adds a version through the
 * settings helper fare policies and financial settings share; rides read the version in force; the console
 * reads the history. The fee arithmetic itself is cancellation-policies.test's.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

type Policy = { id: string; ride_type: string; zone_id: string | null; version: number; fee_fixed_cents: number; free_window_s: number };
type Version = { id: string; version: number; status: string; fee_fixed_cents: number; created_by_name: string | null; effective_from: string };

const terms = {
  free_window_s: 120,
  fee_kind: 'fixed',
  fee_fixed_cents: 500,
  fee_percent_bp: 0,
  fee_min_cents: 0,
  fee_max_cents: 0,
  no_show_wait_s: 300,
  no_show_fee_cents: 500,
  late_driver_margin_s: 300,
  driver_share_late_cancel_pct: 100,
  driver_share_no_show_pct: 100,
};
const sfPolicy = async (rideType: string) =>
  ((await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies as Policy[]).find((p) => p.ride_type === rideType && p.zone_id === null)!;
const versionsOf = async (id: string) => {
  const res = await admin.get(`/api/admin/cancellation-policies/${id}/versions`);
  expect(res.status).toBe(200);
  return res.body.versions as Version[];
};
const updates = async (id: string) =>
  (
    (await admin.get('/api/admin/audit-log?action=cancellation_policy.update')).body.items as {
      entity_id: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[]
  ).filter((e) => e.entity_id === id);
const put = (client: TestClient, id: string, body: unknown) => client.request(`/api/admin/cancellation-policies/${id}`, { method: 'PUT', json: body });

describe('cancellation policy versions', () => {
  it('starts each policy at version 1 (its terms before versions), and adds a version per change, the older kept', async () => {
    const economy = await sfPolicy('economy');
    expect(economy).toMatchObject({ version: 1, fee_fixed_cents: 500, free_window_s: 120 });
    const [first] = await versionsOf(economy.id);
    expect(first).toMatchObject({ version: 1, status: 'in_force', fee_fixed_cents: 500, created_by_name: null });

    const saved = await put(admin, economy.id, { ...terms, fee_fixed_cents: 650 });
    expect(saved.status).toBe(200);
    expect(saved.body.policy).toMatchObject({ id: economy.id, version: 2, fee_fixed_cents: 650 });
    const versions = await versionsOf(economy.id);
    expect(versions.map((v) => [v.version, v.status, v.fee_fixed_cents])).toEqual([
      [2, 'in_force', 650],
      [1, 'superseded', 500],
    ]);
    expect(versions[0]!.created_by_name).not.toBeNull();
    // Rides read the version in force.
    expect(await policyFor(server.services.db, 'sf', 'economy')).toMatchObject({ fee_fixed_cents: 650 });

    // Audited as before: only what changed, before and after (and the version numbers).
    const audit = await updates(economy.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({ version: 1, fee_fixed_cents: 500 });
    expect(audit[0]!.after).toEqual({ version: 2, fee_fixed_cents: 650 });

    // The same terms again add nothing.
    expect((await put(admin, economy.id, { ...terms, fee_fixed_cents: 650 })).body.policy.version).toBe(2);
    expect(await versionsOf(economy.id)).toHaveLength(2);
    expect(await updates(economy.id)).toHaveLength(1);
  });

  it('charges by the version in force: a version that starts later is not read before its time', async () => {
    const comfort = await sfPolicy('comfort');
    const db = server.services.db;
    await db
      .insertInto('cancellation_policy_versions')
      .values({
        policy_id: comfort.id,
        version: comfort.version + 1,
        ...terms,
        fee_kind: 'fixed',
        fee_fixed_cents: 9900,
        effective_from: new Date(Date.now() + 86_400_000),
      })
      .execute();
    expect(await policyFor(db, 'sf', 'comfort')).toMatchObject({ fee_fixed_cents: comfort.fee_fixed_cents });
    expect(await sfPolicy('comfort')).toEqual(comfort);
    const versions = await versionsOf(comfort.id);
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [comfort.version + 1, 'scheduled'],
      [comfort.version, 'in_force'],
    ]);
    await db
      .deleteFrom('cancellation_policy_versions')
      .where('policy_id', '=', comfort.id)
      .where('version', '=', comfort.version + 1)
      .execute();
  });

  it('lands two concurrent changes as two versions, in order, each audited against the one before', async () => {
    const xl = await sfPolicy('xl');
    const [a, b] = await Promise.all([put(admin, xl.id, { ...terms, fee_fixed_cents: 701 }), put(admin, xl.id, { ...terms, fee_fixed_cents: 702 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const versions = await versionsOf(xl.id);
    expect(versions.map((v) => v.version)).toEqual([xl.version + 2, xl.version + 1, xl.version]);
    expect(new Set(versions.slice(0, 2).map((v) => v.fee_fixed_cents))).toEqual(new Set([701, 702]));
    expect(versions.map((v) => v.status)).toEqual(['in_force', 'superseded', 'superseded']);
    const [last, middle] = versions;
    // The list answers the last one; the audit chain follows the versions' order.
    expect(await sfPolicy('xl')).toMatchObject({ version: last!.version, fee_fixed_cents: last!.fee_fixed_cents });
    const audit = (await updates(xl.id)).sort((p, q) => Number(p.after.version) - Number(q.after.version));
    expect(audit.map((e) => [e.before, e.after])).toEqual([
      [
        { version: xl.version, fee_fixed_cents: xl.fee_fixed_cents },
        { version: middle!.version, fee_fixed_cents: middle!.fee_fixed_cents },
      ],
      [
        { version: middle!.version, fee_fixed_cents: middle!.fee_fixed_cents },
        { version: last!.version, fee_fixed_cents: last!.fee_fixed_cents },
      ],
    ]);
  });

  it('refuses non-admins (403) and visitors (401) the versions and the change, and changes nothing', async () => {
    const economy = await sfPolicy('economy');
    const before = await versionsOf(economy.id);
    const rider = await newUser(server, 'Nosy Nora');
    for (const [client, status] of [
      [rider.client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get(`/api/admin/cancellation-policies/${economy.id}/versions`)).status).toBe(status);
      expect((await put(client, economy.id, { ...terms, fee_fixed_cents: 1 })).status).toBe(status);
    }
    expect(await versionsOf(economy.id)).toEqual(before);
    expect(await sfPolicy('economy')).toEqual(economy);
  });

  it('refuses bad input with 400 and adds no version nor audit; an unknown policy is 404', async () => {
    const economy = await sfPolicy('economy');
    const before = await versionsOf(economy.id);
    const audited = (await updates(economy.id)).length;
    for (const bad of [{ ...terms, fee_min_cents: 900, fee_max_cents: 100 }, { ...terms, fee_fixed_cents: -1 }, { ...terms, effective_from: null }, {}]) {
      const res = await put(admin, economy.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await versionsOf(economy.id)).toEqual(before);
    expect(await updates(economy.id)).toHaveLength(audited);
    expect((await admin.get('/api/admin/cancellation-policies/not-a-policy/versions')).status).toBe(404);
    expect((await admin.get('/api/admin/cancellation-policies/00000000-0000-4000-8000-000000000000/versions')).status).toBe(404);
    expect((await put(admin, '00000000-0000-4000-8000-000000000000', terms)).status).toBe(404);
  });
});
