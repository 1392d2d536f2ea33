import fc from 'fast-check';
import { checkPolicy, describeHours, localClock, monthStartIn, nearApprovedAddress, withinHours } from '@openride/shared/corporate/policy';
import { DEFAULT_POLICY } from '@openride/shared/corporate/schemas';
import { distanceMeters } from '@openride/shared/geo/lat-lng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialBalance } from '../src/ledger/ledger';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, type OnlineDriver, onlineDriver, UNION_SQUARE } from './ride-actors';
import { signUp, startTestServer, type TestServer, uniqueEmail } from './test-server';

/**
 * Corporate accounts (issue 16, decision 0067): platform admins create, edit and suspend companies; company
 * admins invite and remove people and set the policy; members ride on account with the policy checked before
 * requesting and enforced at request under the company's lock; the company owes the fare on the ledger.
 */
let server: TestServer;
let admin: TestClient;
let driver: OnlineDriver | undefined;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 5000, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  admin = await adminOf(server);
});
afterAll(async () => {
  driver?.socket.close();
  await server?.stop();
});

const db = () => server.services.db;
let n = 0;
const trip = { pickup: UNION_SQUARE, destination: FERRY_BUILDING };

/** A company with a company admin (an existing user, added at once) and `members` members who joined by invitation. */
async function company(opts: { credit?: number; members?: number } = {}) {
  const boss = await newUser(server, 'Casey Boss');
  const bossEmail = (await boss.client.get('/api/me')).body.user.email as string;
  const res = await admin.post('/api/admin/companies', {
    city_id: 'sf',
    name: `Acme ${Date.now().toString(36)} ${n++}`,
    billing_email: 'billing@acme.test',
    credit_limit_cents: opts.credit ?? 1_000_000,
    admin_email: bossEmail,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.admin).toEqual({ email: bossEmail, added: true });
  const id = res.body.company.id as string;
  const members = [];
  for (let i = 0; i < (opts.members ?? 0); i++) members.push(await join(boss.client, id));
  return { id, name: res.body.company.name as string, boss, members };
}

const tokenIn = async (email: string) => {
  const row = await db().selectFrom('dev_outbox').select('body').where('to', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return decodeURIComponent(/invite=([^\s]+)/.exec(row.body)![1]!);
};

/** A new user invited by email who signs up with that address and accepts. */
async function join(boss: TestClient, companyId: string) {
  const user = await newUser(server, `Member ${n++}`);
  const email = (await user.client.get('/api/me')).body.user.email as string;
  expect((await boss.post(`/api/corporate/companies/${companyId}/invitations`, { email })).status).toBe(201);
  expect((await user.client.post('/api/corporate/invitations/accept', { token: await tokenIn(email) })).status).toBe(200);
  return user;
}

const policy = (overrides: Record<string, unknown> = {}) => ({ ...DEFAULT_POLICY, version: 0, ...overrides });
const savePolicy = (boss: TestClient, id: string, body: Record<string, unknown>) => boss.put(`/api/corporate/companies/${id}/policy`, body);
const bookBusiness = (rider: TestClient, companyId: string, extra: Record<string, unknown> = {}) =>
  rider.post('/api/rides', { ...trip, ride_type: 'economy', payment_method: 'business', company_id: companyId, ...extra });
const ridesOf = (userId: string) => db().selectFrom('rides').select(['id', 'status']).where('rider_id', '=', userId).execute();
const economyFare = async (rider: TestClient) =>
  ((await rider.post('/api/rides/quote', trip)).body.options as { ride_type: string; fare_cents: number }[]).find((o) => o.ride_type === 'economy')!.fare_cents;

describe('who may do what', () => {
  it('refuses every platform-admin route to riders, drivers, company admins (403) and visitors (401); nothing changes', async () => {
    const a = await company();
    const rider = await newUser(server, 'Rita Refused');
    const drv = await approvedDriverOf(server, admin, 'Drew Refused');
    const calls = (c: TestClient) => [
      () => c.get('/api/admin/companies'),
      () => c.get('/api/admin/companies?format=csv'),
      () => c.post('/api/admin/companies', { city_id: 'sf', name: 'Sneaky Co', billing_email: 'x@y.test', credit_limit_cents: 1, admin_email: 'x@y.test' }),
      () => c.get(`/api/admin/companies/${a.id}`),
      () => c.patch(`/api/admin/companies/${a.id}`, { version: 1, status: 'suspended' }),
    ];
    for (const [who, client, status] of [
      ['rider', rider.client, 403],
      ['driver', drv.client, 403],
      ['company admin', a.boss.client, 403],
      ['visitor', server.client(), 401],
    ] as const) {
      for (const call of calls(client)) expect((await call()).status, who).toBe(status);
    }
    expect(await db().selectFrom('companies').select('id').where('name', '=', 'Sneaky Co').execute()).toEqual([]);
    expect((await db().selectFrom('companies').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('a company admin manages only their company; a member of A cannot see or change B; a plain member cannot manage', async () => {
    const a = await company({ members: 1 });
    const b = await company({ members: 1 });
    const memberA = a.members[0]!;
    const memberB = b.members[0]!;
    const bossA = a.boss.client;
    const manage = (c: TestClient, id: string, userId: string) => [
      () => c.get(`/api/corporate/companies/${id}`),
      () => c.post(`/api/corporate/companies/${id}/invitations`, { email: uniqueEmail('x') }),
      () => c.post(`/api/corporate/companies/${id}/members/${userId}/remove`, {}),
      () => c.put(`/api/corporate/companies/${id}/members/${userId}/budget`, { monthly_budget_cents: 1 }),
      () => savePolicy(c, id, policy({ ride_types: ['xl'] })),
    ];
    // Company A's admin on company B, A's plain member on A and on B, and a platform admin through these routes.
    for (const [who, client, id, userId] of [
      ['admin of A on B', bossA, b.id, memberB.id],
      ['member of A on A', memberA.client, a.id, memberA.id],
      ['member of A on B', memberA.client, b.id, memberB.id],
      ['platform admin', admin, b.id, memberB.id],
    ] as const) {
      for (const call of manage(client, id, userId)) {
        const res = await call();
        expect(res.status, who).toBe(403);
        expect(res.body.error.code, who).toBe('NOT_COMPANY_MEMBER');
      }
    }
    expect((await server.client().get(`/api/corporate/companies/${a.id}`)).status).toBe(401);
    expect((await bossA.get('/api/corporate/companies/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A member of A may not ride on B's account, nor check a trip on it.
    expect((await bookBusiness(memberA.client, b.id)).body.error.code).toBe('NOT_COMPANY_MEMBER');
    expect(
      (await memberA.client.post(`/api/corporate/companies/${b.id}/check`, { pickup: UNION_SQUARE, fares: [{ ride_type: 'economy', fare_cents: 1000 }] }))
        .status,
    ).toBe(403);
    expect(await ridesOf(memberA.id)).toEqual([]);
    // Nothing changed on B.
    const detailB = (await b.boss.client.get(`/api/corporate/companies/${b.id}`)).body;
    expect(detailB.policy.version).toBe(0);
    expect(detailB.members.map((m: { status: string; monthly_budget_cents: number | null }) => [m.status, m.monthly_budget_cents])).toEqual([
      ['active', null],
      ['active', null],
    ]);
    expect(detailB.invitations).toEqual([]);
    // Each sees their own memberships only.
    expect((await memberA.client.get('/api/corporate/companies')).body.companies.map((c: { company_id: string }) => c.company_id)).toEqual([a.id]);
  });

  it('creates (an unknown address is invited), lists, edits with a stale-edit refusal, suspends; audited', async () => {
    const email = uniqueEmail('founder');
    const res = await admin.post('/api/admin/companies', {
      city_id: 'sf',
      name: `Globex ${n++}`,
      billing_email: 'Pay@Globex.test',
      credit_limit_cents: 50_000,
      admin_email: email,
    });
    expect(res.status).toBe(201);
    const c = res.body.company;
    expect(c).toMatchObject({
      city_id: 'sf',
      currency: 'USD',
      billing_email: 'pay@globex.test',
      billing_cycle: 'monthly',
      credit_limit_cents: 50_000,
      status: 'active',
      version: 1,
      members_count: 0,
      owed_cents: 0,
    });
    expect(res.body.admin).toEqual({ email, added: false });
    // The invitation email went out with its link; signing up with that address and accepting makes them company admin.
    const token = await tokenIn(email);
    const founder = server.client();
    expect((await signUp(founder, { email })).status).toBe(200);
    expect((await founder.get(`/api/corporate/invitations/${encodeURIComponent(token)}`)).body.invitation).toMatchObject({
      email,
      role: 'admin',
      status: 'pending',
      expired: false,
    });
    expect((await founder.post('/api/corporate/invitations/accept', { token })).body.company).toMatchObject({ company_id: c.id, role: 'admin' });
    expect((await founder.get(`/api/corporate/companies/${c.id}`)).status).toBe(200);

    expect(
      (
        await admin.post('/api/admin/companies', {
          city_id: 'sf',
          name: c.name.toUpperCase(),
          billing_email: 'a@b.test',
          credit_limit_cents: 1,
          admin_email: email,
        })
      ).body.error.code,
    ).toBe('COMPANY_NAME_TAKEN');
    expect(
      (
        await admin.post('/api/admin/companies', {
          city_id: 'nowhere',
          name: 'Nowhere Co',
          billing_email: 'a@b.test',
          credit_limit_cents: 1,
          admin_email: email,
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin.post('/api/admin/companies', { city_id: 'sf', name: 'X', billing_email: 'nope', credit_limit_cents: -1, admin_email: email })).status,
    ).toBe(400);

    const list = (await admin.get(`/api/admin/companies?q=${encodeURIComponent(c.name)}`)).body;
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect(String((await admin.get(`/api/admin/companies?q=${encodeURIComponent(c.name)}&format=csv`)).body)).toContain(c.name);

    const edited = await admin.patch(`/api/admin/companies/${c.id}`, { version: 1, credit_limit_cents: 70_000 });
    expect(edited.body.company).toMatchObject({ credit_limit_cents: 70_000, version: 2 });
    const stale = await admin.patch(`/api/admin/companies/${c.id}`, { version: 1, status: 'suspended' });
    expect(stale.status).toBe(409);
    expect((await admin.patch(`/api/admin/companies/${c.id}`, { version: 2, status: 'suspended' })).body.company.status).toBe('suspended');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'company')
      .where('entity_id', '=', c.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['company.create', 'company.member_add', 'company.update', 'company.update']);
    expect(audit[2]).toMatchObject({ before: { credit_limit_cents: 50_000 }, after: { credit_limit_cents: 70_000 } });
  });
});

describe('a member’s own budget', () => {
  it('sets and clears it (the policy’s applies again), audited; bad input 400 and refusals change nothing', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const b = await company({ members: 1 });
    const path = `/api/corporate/companies/${a.id}/members/${m.id}/budget`;
    const budgetRow = async () =>
      (
        await db()
          .selectFrom('company_members')
          .select('monthly_budget_cents')
          .where('company_id', '=', a.id)
          .where('user_id', '=', m.id)
          .executeTakeFirstOrThrow()
      ).monthly_budget_cents;
    const audits = () =>
      db()
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity_id', '=', a.id)
        .where('action', '=', 'company.member_budget')
        .orderBy('created_at')
        .execute();
    expect((await savePolicy(a.boss.client, a.id, policy({ monthly_budget_cents: 10_000 }))).status).toBe(200);

    const set = await a.boss.client.put(path, { monthly_budget_cents: 25_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.members.find((x: { user_id: string }) => x.user_id === m.id)).toMatchObject({ monthly_budget_cents: 25_000, budget_cents: 25_000 });
    expect(await budgetRow()).toBe(25_000);

    // Bad input: 400, nothing changes, nothing audited.
    for (const body of [
      { monthly_budget_cents: -1 },
      { monthly_budget_cents: 12.5 },
      { monthly_budget_cents: '100' },
      {},
      { monthly_budget_cents: 100, extra: 1 },
      { monthly_budget_cents: 2_000_000_000 },
    ]) {
      const res = await a.boss.client.put(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Refused: a plain member (even on themselves), another company's admin, a platform admin, a visitor.
    for (const [who, client, status] of [
      ['member', m.client, 403],
      ['admin of B', b.boss.client, 403],
      ['member of B', b.members[0]!.client, 403],
      ['platform admin', admin, 403],
      ['visitor', server.client(), 401],
    ] as const) {
      expect((await client.put(path, { monthly_budget_cents: 99_999 })).status, who).toBe(status);
    }
    // Another company's member through A's route: not A's member.
    expect((await a.boss.client.put(`/api/corporate/companies/${a.id}/members/${b.members[0]!.id}/budget`, { monthly_budget_cents: 1 })).status).toBe(404);
    expect(await budgetRow()).toBe(25_000);
    expect(await audits()).toHaveLength(1);

    const cleared = await a.boss.client.put(path, { monthly_budget_cents: null });
    expect(cleared.body.members.find((x: { user_id: string }) => x.user_id === m.id)).toMatchObject({ monthly_budget_cents: null, budget_cents: 10_000 });
    expect(await budgetRow()).toBeNull();
    const rows = await audits();
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { user_id: m.id, monthly_budget_cents: null },
        { user_id: m.id, monthly_budget_cents: 25_000 },
      ],
      [
        { user_id: m.id, monthly_budget_cents: 25_000 },
        { user_id: m.id, monthly_budget_cents: null },
      ],
    ]);
    // B's member was never touched.
    expect(
      (await b.boss.client.get(`/api/corporate/companies/${b.id}`)).body.members.map((x: { monthly_budget_cents: number | null }) => x.monthly_budget_cents),
    ).toEqual([null, null]);
  });
});

describe('invitations', () => {
  it('refuses the wrong account, an expired link and a used one; a new invitation replaces the pending one', async () => {
    const a = await company();
    const email = uniqueEmail('invitee');
    const invite = () => a.boss.client.post(`/api/corporate/companies/${a.id}/invitations`, { email });
    expect((await invite()).status).toBe(201);
    const first = await tokenIn(email);
    expect((await invite()).status).toBe(201);
    const second = await tokenIn(email);
    expect(second).not.toBe(first);

    const stranger = await newUser(server, 'Wrong Person');
    const wrong = await stranger.client.post('/api/corporate/invitations/accept', { token: second });
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'INVITATION_WRONG_ACCOUNT']);
    expect(await db().selectFrom('company_members').select('user_id').where('user_id', '=', stranger.id).execute()).toEqual([]);

    const invitee = server.client();
    expect((await signUp(invitee, { email })).status).toBe(200);
    expect((await invitee.post('/api/corporate/invitations/accept', { token: first })).body.error.code).toBe('INVITATION_INVALID');
    expect((await invitee.post('/api/corporate/invitations/accept', { token: 'not-a-real-token-at-all' })).status).toBe(404);

    await db()
      .updateTable('company_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('company_id', '=', a.id)
      .where('status', '=', 'pending')
      .execute();
    const expired = await invitee.post('/api/corporate/invitations/accept', { token: second });
    expect([expired.status, expired.body.error.code]).toEqual([410, 'INVITATION_EXPIRED']);
    expect((await invitee.get('/api/corporate/companies')).body.companies).toEqual([]);

    expect((await invite()).status).toBe(201);
    const third = await tokenIn(email);
    expect((await invitee.post('/api/corporate/invitations/accept', { token: third })).status).toBe(200);
    const reused = await invitee.post('/api/corporate/invitations/accept', { token: third });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'INVITATION_USED']);
    // An active member is not invited again.
    expect((await invite()).body.error.code).toBe('ALREADY_COMPANY_MEMBER');
  });

  it('a company admin revokes a pending invitation (its link stops working); refused to others, and for an accepted one', async () => {
    const a = await company({ members: 1 });
    const b = await company({ members: 1 });
    const email = uniqueEmail('revoked');
    const sent = await a.boss.client.post(`/api/corporate/companies/${a.id}/invitations`, { email });
    expect(sent.status).toBe(201);
    const invitationId = sent.body.invitation.id as string;
    const token = await tokenIn(email);
    const revokePath = (companyId: string, id = invitationId) => `/api/corporate/companies/${companyId}/invitations/${id}/revoke`;
    const status = async () => (await db().selectFrom('company_invitations').select('status').where('id', '=', invitationId).executeTakeFirstOrThrow()).status;
    const audits = () =>
      db()
        .selectFrom('audit_log')
        .select(['actor_id', 'before', 'after'])
        .where('entity_id', '=', a.id)
        .where('action', '=', 'company.invite_revoke')
        .execute();

    for (const [who, client, path, code] of [
      ['member of A', a.members[0]!.client, revokePath(a.id), 403],
      ['admin of B on A', b.boss.client, revokePath(a.id), 403],
      ['admin of B through B', b.boss.client, revokePath(b.id), 404],
      ['platform admin', admin, revokePath(a.id), 403],
      ['visitor', server.client(), revokePath(a.id), 401],
      ['admin of A, not an id', a.boss.client, revokePath(a.id, 'not-an-id'), 404],
      ['admin of A, unknown id', a.boss.client, revokePath(a.id, '00000000-0000-4000-8000-000000000000'), 404],
    ] as const) {
      expect((await client.post(path, {})).status, who).toBe(code);
    }
    expect(await status()).toBe('pending');
    expect(await audits()).toEqual([]);

    const revoked = await a.boss.client.post(revokePath(a.id), {});
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.invitations).toEqual([]);
    expect(await status()).toBe('revoked');
    const bossId = (await a.boss.client.get('/api/me')).body.user.id as string;
    expect(await audits()).toEqual([
      {
        actor_id: bossId,
        before: { invitation_id: invitationId, email, role: 'member', status: 'pending' },
        after: { invitation_id: invitationId, status: 'revoked' },
      },
    ]);
    // Again: nothing more changes, nothing more is audited.
    expect((await a.boss.client.post(revokePath(a.id), {})).status).toBe(200);
    expect(await audits()).toHaveLength(1);

    // The link answers INVITATION_INVALID, to read and to accept.
    const invitee = server.client();
    expect((await signUp(invitee, { email })).status).toBe(200);
    const read = await invitee.get(`/api/corporate/invitations/${encodeURIComponent(token)}`);
    expect([read.status, read.body.error.code]).toEqual([404, 'INVITATION_INVALID']);
    const accept = await invitee.post('/api/corporate/invitations/accept', { token });
    expect([accept.status, accept.body.error.code]).toEqual([404, 'INVITATION_INVALID']);
    expect((await invitee.get('/api/corporate/companies')).body.companies).toEqual([]);

    // An accepted invitation cannot be revoked (remove the person instead).
    const accepted = await db()
      .selectFrom('company_invitations')
      .select('id')
      .where('company_id', '=', a.id)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    const refused = await a.boss.client.post(revokePath(a.id, accepted.id), {});
    expect([refused.status, refused.body.error.code]).toEqual([409, 'INVITATION_USED']);
    expect((await db().selectFrom('company_invitations').select('status').where('id', '=', accepted.id).executeTakeFirstOrThrow()).status).toBe('accepted');
    expect(await audits()).toHaveLength(1);
  });

  it('a removed member is refused on account; the last company admin cannot be removed', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const bossId = (await a.boss.client.get('/api/me')).body.user.id as string;
    expect((await a.boss.client.post(`/api/corporate/companies/${a.id}/members/${bossId}/remove`, {})).body.error.code).toBe('LAST_COMPANY_ADMIN');
    expect((await a.boss.client.post(`/api/corporate/companies/${a.id}/members/${m.id}/remove`, {})).status).toBe(200);
    expect((await bookBusiness(m.client, a.id)).body.error.code).toBe('NOT_COMPANY_MEMBER');
    expect(await ridesOf(m.id)).toEqual([]);
  });
});

describe('the policy at request time', () => {
  it('refuses each rule with its reason, before requesting and at request, and books nothing', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const fare = await economyFare(m.client);
    let version = 0;
    const set = async (overrides: Record<string, unknown>) => {
      const res = await savePolicy(a.boss.client, a.id, policy({ version, ...overrides }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      version = res.body.policy.version;
    };
    const check = async (rideType = 'economy') =>
      (await m.client.post(`/api/corporate/companies/${a.id}/check`, { pickup: UNION_SQUARE, fares: [{ ride_type: rideType, fare_cents: fare }] })).body
        .options[0];
    const refused = async (code: string, reason: RegExp, extra: Record<string, unknown> = {}) => {
      const res = await bookBusiness(m.client, a.id, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(code === 'COMPANY_SUSPENDED' ? 403 : 422);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toMatch(reason);
      expect(await ridesOf(m.id)).toEqual([]);
    };

    await set({ ride_types: ['economy'] });
    expect(await check('comfort')).toEqual({ ride_type: 'comfort', allowed: false, reason: `Comfort is not allowed by ${a.name}’s policy`, note: null });
    await refused('BUSINESS_RIDE_TYPE', /Comfort is not allowed/, { ride_type: 'comfort' });

    await set({ per_ride_limit_cents: fare - 1 });
    expect((await check()).reason).toMatch(/^Over the per-ride limit of \$/);
    await refused('BUSINESS_OVER_RIDE_LIMIT', /per-ride limit/);

    const today = localClock(new Date(), 'America/Los_Angeles').day;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today);
    await set({ allowed_hours: { days: otherDays, from: '00:00', to: '23:59' } });
    expect((await check()).reason).toBe(`Outside allowed hours (${describeHours({ days: otherDays, from: '00:00', to: '23:59' })})`);
    await refused('BUSINESS_OUTSIDE_HOURS', /Outside allowed hours/);

    await set({ approved_addresses: [{ label: 'HQ', ...north(UNION_SQUARE, 2000) }], radius_m: 500 });
    expect((await check()).reason).toBe('Pickup is not near an approved address');
    await refused('BUSINESS_PICKUP_NOT_APPROVED', /approved address/);

    await set({ monthly_budget_cents: fare - 1 });
    expect((await check()).reason).toMatch(/^Over your monthly budget/);
    await refused('BUSINESS_OVER_BUDGET', /monthly budget/);

    await set({ expense_code_required: true });
    await refused('BUSINESS_EXPENSE_CODE_REQUIRED', /expense code/);
    await refused('BUSINESS_NO_PROMO', /Promo codes/, { expense_code: 'X1', promo_code: 'SPRING10' });

    // Allowed: the budget left is said, and a stale save is refused.
    await set({ monthly_budget_cents: fare + 500, approved_addresses: [{ label: 'HQ', ...north(UNION_SQUARE, 100) }], expense_code_required: true });
    expect(await check()).toMatchObject({ allowed: true, reason: null, note: expect.stringMatching(/^Monthly budget left: \$/) });
    expect((await savePolicy(a.boss.client, a.id, policy({ version: version - 1 }))).status).toBe(409);

    const v = (await a.boss.client.get(`/api/corporate/companies/${a.id}`)).body.company.version;
    expect((await admin.patch(`/api/admin/companies/${a.id}`, { version: v, status: 'suspended' })).status).toBe(200);
    await refused('COMPANY_SUSPENDED', /suspended/, { expense_code: 'X1' });
    expect((await admin.patch(`/api/admin/companies/${a.id}`, { version: v + 1, status: 'active' })).status).toBe(200);

    const booked = await bookBusiness(m.client, a.id, { expense_code: 'PRJ-7' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.ride.payment_method).toBe('business');
    const row = await db().selectFrom('rides').select(['company_id', 'expense_code']).where('id', '=', booked.body.ride.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: a.id, expense_code: 'PRJ-7' });
    // The ride under way is held against the budget: nothing of it is left for another.
    expect((await check()).allowed).toBe(false);
    expect((await m.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('an overnight window (its end before its start) is saved, refused with its words, and lets a ride through inside it', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const now = localClock(new Date(), 'America/Los_Angeles');
    const hhmm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    // The day after tomorrow's night: neither today's evening nor last night's morning.
    const later = ((now.day + 1) % 7) + 1;
    const outside = { days: [later], from: '22:00', to: '06:00' };
    const res = await savePolicy(a.boss.client, a.id, policy({ allowed_hours: outside }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.policy.allowed_hours).toEqual(outside);
    const check = await m.client.post(`/api/corporate/companies/${a.id}/check`, { pickup: UNION_SQUARE, fares: [{ ride_type: 'economy', fare_cents: 1000 }] });
    expect(check.body.options[0].reason).toBe(`Outside allowed hours (${describeHours(outside, 'inline')})`);
    expect(check.body.options[0].reason).toMatch(/, overnight\)$/);
    const refused = await bookBusiness(m.client, a.id);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'BUSINESS_OUTSIDE_HOURS']);
    expect(await ridesOf(m.id)).toEqual([]);
    // A window that starts and ends at the same time: 400, the policy stays.
    expect((await savePolicy(a.boss.client, a.id, policy({ version: 1, allowed_hours: { days: [1], from: '09:00', to: '09:00' } }))).status).toBe(400);
    expect((await a.boss.client.get(`/api/corporate/companies/${a.id}`)).body.policy).toMatchObject({ version: 1, allowed_hours: outside });
    // Every day, overnight, shut for one hour two hours away from now: the ride is allowed.
    const m0 = now.minutes;
    const inside =
      m0 >= 1260 && m0 < 1320
        ? { days: [1, 2, 3, 4, 5, 6, 7], from: hhmm(m0 - 120), to: hhmm(m0 - 180) }
        : { days: [1, 2, 3, 4, 5, 6, 7], from: hhmm((m0 + 180) % 1440), to: hhmm((m0 + 120) % 1440) };
    expect(inside.to < inside.from).toBe(true);
    expect((await savePolicy(a.boss.client, a.id, policy({ version: 1, allowed_hours: inside }))).status).toBe(200);
    const booked = await bookBusiness(m.client, a.id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await m.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('races: N simultaneous business requests with credit for two book exactly two', async () => {
    const probe = await newUser(server, 'Fare Probe');
    const fare = await economyFare(probe.client);
    const a = await company({ credit: fare * 2 + 10, members: 8 });
    const results = await Promise.all(a.members.map((m) => bookBusiness(m.client, a.id)));
    const made = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.body?.error?.code === 'BUSINESS_CREDIT_LIMIT').length;
    console.log(
      `business credit race: attempts ${results.length}, allowed 2 (credit ${fare * 2 + 10}, fare ${fare}), booked ${made}, refused ${refused}`,
      results
        .filter((r) => r.status !== 201)
        .map((r) => `${r.status} ${r.body?.error?.code}`)
        .join(', '),
    );
    expect([made, refused]).toEqual([2, results.length - 2]);
    const booked = await db().selectFrom('rides').select('id').where('company_id', '=', a.id).execute();
    expect(booked).toHaveLength(2);
    // Out of dispatch's way for the next suites.
    for (const [i, r] of results.entries())
      if (r.status === 201) expect((await a.members[i]!.client.post(`/api/rides/${r.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('a member’s simultaneous requests: one ride, and the budget counts it', async () => {
    const probe = await newUser(server, 'Fare Probe 2');
    const fare = await economyFare(probe.client);
    const a = await company({ members: 1 });
    expect((await savePolicy(a.boss.client, a.id, policy({ monthly_budget_cents: fare * 2 }))).status).toBe(200);
    const m = a.members[0]!;
    const results = await Promise.all(Array.from({ length: 6 }, () => bookBusiness(m.client, a.id)));
    const made = results.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    expect(await ridesOf(m.id)).toHaveLength(1);
    // The ride under way counts against the budget: what is left is one fare.
    const left = (
      await m.client.post(`/api/corporate/companies/${a.id}/check`, { pickup: UNION_SQUARE, fares: [{ ride_type: 'economy', fare_cents: fare + 1 }] })
    ).body.options[0];
    expect(left).toMatchObject({ allowed: false, reason: expect.stringMatching(/^Over your monthly budget/) });
    expect((await m.client.post(`/api/rides/${made[0]!.body.ride.id}/cancel`, {})).status).toBe(200);
  });
});

/** A business ride booked by `rider` on the company's account and driven to its end. */
async function completeBusinessRide(rider: TestClient, companyId: string) {
  driver ??= await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Corporate Cory');
  await driver.locate(north(UNION_SQUARE, 300));
  const booked = await bookBusiness(rider, companyId);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string; fare_cents: number };
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  return ride;
}

describe('money', () => {
  it('a completed business ride posts fare_business to the company account, nothing as cash to the driver; spending shows it', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const ride = await completeBusinessRide(m.client, a.id);
    const entries = (
      await db()
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .innerJoin('ledger_accounts as acc', 'acc.id', 'e.account_id')
        .select(['acc.code', 'acc.owner_id', 'e.line', 'e.amount_cents'])
        .where('t.idempotency_key', '=', `ride:${ride.id}:completed`)
        .execute()
    ).map((e) => ({ code: e.code, owner: e.owner_id, line: e.line, amount_cents: Number(e.amount_cents) }));
    expect(entries.filter((e) => e.line === 'fare_business')).toEqual([{ code: 'company', owner: a.id, line: 'fare_business', amount_cents: ride.fare_cents }]);
    expect(entries.filter((e) => e.line === 'fare_cash' && e.amount_cents !== 0)).toEqual([]);
    const driverEntries = entries.filter((e) => e.code === 'driver');
    expect(driverEntries.every((e) => e.amount_cents <= 0)).toBe(true);
    // The company admin sees it as the member's spending this month, and the company owes it.
    const detail = (await a.boss.client.get(`/api/corporate/companies/${a.id}`)).body;
    expect(detail.members.find((x: { user_id: string }) => x.user_id === m.id).spent_cents).toBe(ride.fare_cents);
    expect(detail.company.owed_cents).toBe(ride.fare_cents);
    // The rider's receipt says the company paid.
    const receipt = (await m.client.get(`/api/rides/${ride.id}/receipt`)).body.receipt;
    expect(receipt).toMatchObject({ payment_method: 'business', company_name: a.name });
    // The member's payment history shows the fare on the company's account.
    const row = (await m.client.get('/api/payments/history')).body.items.find(
      (h: { kind: string; ride: { id: string } | null }) => h.kind === 'fare' && h.ride?.id === ride.id,
    );
    expect(row).toMatchObject({ amount_cents: -ride.fare_cents, methods: ['company'], promotion: null });
  });
});

describe('refunds on business rides (decision 0072)', () => {
  it('an approved refund credits the company’s account (line refund), never the rider; wallet credit refused; the ledger stays balanced', async () => {
    const a = await company({ members: 1 });
    const m = a.members[0]!;
    const ride = await completeBusinessRide(m.client, a.id);
    const companyEntries = () =>
      db()
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as acc', 'acc.id', 'e.account_id')
        .select(['e.line', 'e.amount_cents', 'e.transaction_id'])
        .where('acc.code', '=', 'company')
        .where('acc.owner_id', '=', a.id)
        .execute();
    const riderAccounts = () =>
      db()
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as acc', 'acc.id', 'e.account_id')
        .select(['acc.code', 'e.amount_cents'])
        .where('acc.owner_id', '=', m.id)
        .execute();
    const owedBefore = (await a.boss.client.get(`/api/corporate/companies/${a.id}`)).body.company.owed_cents as number;
    expect(owedBefore).toBe(ride.fare_cents);
    const riderBefore = await riderAccounts();
    const walletBefore = (await m.client.get('/api/payments/history')).body.balances;

    // The rider reports it: the fare the company paid is what may be refunded.
    const reported = await m.client.post(`/api/rides/${ride.id}/refund-requests`, { reason: 'driver_detour', amount_cents: 300 });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const requestId = reported.body.request.id as string;
    const detail = (await admin.get(`/api/admin/refund-requests/${requestId}`)).body;
    expect(detail.refund_to).toBe('company');
    expect(detail.money).toMatchObject({
      business_cents: ride.fare_cents,
      paid_cents: ride.fare_cents,
      refundable_cents: ride.fare_cents,
      cash_cents: 0,
      wallet_cents: 0,
      card_cents: 0,
    });

    // Wallet credit to the rider is refused on a business ride, as is bad input: nothing changes.
    for (const body of [
      { action: 'credit', bearer: 'platform', amount_cents: 300 },
      { action: 'approve_partial', bearer: 'platform', amount_cents: -5 },
      { action: 'approve_partial', bearer: 'nobody', amount_cents: 300 },
    ]) {
      expect((await admin.post(`/api/admin/refund-requests/${requestId}/decision`, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Only platform admins decide: the company admin and the rider are refused.
    for (const client of [a.boss.client, m.client])
      expect(
        (await client.post(`/api/admin/refund-requests/${requestId}/decision`, { action: 'approve_partial', bearer: 'platform', amount_cents: 300 })).status,
      ).toBe(403);
    expect(await companyEntries()).toHaveLength(1);
    expect((await db().selectFrom('refund_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow()).status).toBe('open');

    const approved = await admin.post(`/api/admin/refund-requests/${requestId}/decision`, { action: 'approve_partial', bearer: 'platform', amount_cents: 300 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', destination: 'company', refunded_cents: 300 });

    // The company's account: credited 300 with line refund, in the refund's transaction; it owes 300 less.
    const tx = await db()
      .selectFrom('ledger_transactions')
      .select(['id', 'kind'])
      .where('idempotency_key', '=', `refund_request:${requestId}`)
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('refund');
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as acc', 'acc.id', 'e.account_id')
      .select(['acc.code', 'acc.owner_id', 'e.line', 'e.amount_cents'])
      .where('e.transaction_id', '=', tx.id)
      .execute();
    expect(entries.map((e) => ({ ...e, amount_cents: Number(e.amount_cents) })).sort((x, y) => x.amount_cents - y.amount_cents)).toEqual([
      { code: 'company', owner_id: a.id, line: 'refund', amount_cents: -300 },
      { code: 'refunds', owner_id: null, line: 'refund', amount_cents: 300 },
    ]);
    expect((await a.boss.client.get(`/api/corporate/companies/${a.id}`)).body.company.owed_cents).toBe(owedBefore - 300);
    expect((await admin.get(`/api/admin/companies/${a.id}`)).body.company.owed_cents).toBe(owedBefore - 300);
    // The rider's accounts and wallet: untouched.
    expect(await riderAccounts()).toEqual(riderBefore);
    expect((await m.client.get('/api/payments/history')).body.balances).toEqual(walletBefore);
    // The ledger is balanced; the ride's money says where the refund went.
    expect((await trialBalance(db())).balanced).toBe(true);
    const receipt = (await m.client.get(`/api/rides/${ride.id}/receipt`)).body.receipt;
    expect(receipt.money).toMatchObject({
      refunded_cents: 300,
      refundable_cents: ride.fare_cents - 300,
      refunds: [expect.objectContaining({ amount_cents: 300, destination: 'company' })],
    });
    // The rider's history lists the fare and the refund as the company's, not as money of theirs.
    const history = (await m.client.get('/api/payments/history')).body.items as { kind: string; amount_cents: number; methods: string[] }[];
    expect(history.filter((i) => i.kind === 'refund' || i.kind === 'fare').map((i) => [i.kind, i.amount_cents, i.methods])).toEqual([
      ['refund', 300, ['company']],
      ['fare', -ride.fare_cents, ['company']],
    ]);
    // The rider is told it went to the company.
    const note = await db()
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', m.id)
      .where('title', '=', 'Refund approved')
      .executeTakeFirstOrThrow();
    expect(note.message).toMatch(/company’s account/);
  });
});

describe('policy rules (properties)', () => {
  it('hours: allowed exactly on the allowed days within [from, to) on the city’s clock', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
        fc.integer({ min: 0, max: 23 * 60 + 58 }),
        fc.integer({ min: 1, max: 24 * 60 - 1 }),
        fc.constantFrom('America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'UTC'),
        (at, days, fromMin, span, tz) => {
          const toMin = Math.min(24 * 60 - 1, fromMin + span);
          fc.pre(toMin > fromMin);
          const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const hours = { days, from: hhmm(fromMin), to: hhmm(toMin) };
          const clock = localClock(at, tz);
          const expected = days.includes(clock.day) && clock.minutes >= fromMin && clock.minutes < toMin;
          expect(withinHours(hours, at, tz)).toBe(expected);
          const verdict = checkPolicy(
            { ...DEFAULT_POLICY, allowed_hours: hours },
            { company_name: 'Acme', currency: 'USD', time_zone: tz, ride_type: 'economy', fare_cents: 100, at, pickup: UNION_SQUARE, budget_left_cents: null },
          );
          expect(verdict.allowed).toBe(expected);
        },
      ),
    );
  });

  it('radius: a pickup is allowed exactly when some approved address is within the radius', () => {
    const point = fc.record({ lat: fc.double({ min: 37.6, max: 37.9, noNaN: true }), lng: fc.double({ min: -122.6, max: -122.3, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 4 }), fc.integer({ min: 50, max: 50_000 }), point, (addresses, radius, pickup) => {
        const listed = addresses.map((a, i) => ({ ...a, label: `A${i}` }));
        const expected = listed.length === 0 || listed.some((a) => distanceMeters(a, pickup) <= radius);
        expect(nearApprovedAddress(listed, radius, pickup)).toBe(expected);
        // On an address itself: always allowed.
        if (listed.length > 0) expect(nearApprovedAddress(listed, radius, listed[0]!)).toBe(true);
      }),
    );
  });

  it('the month starts at midnight on the 1st on the city’s clock', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('America/Los_Angeles', 'Europe/Berlin', 'UTC'),
        (at, tz) => {
          const start = monthStartIn(at, tz);
          expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
          const wall = new Intl.DateTimeFormat('en-GB', { timeZone: tz, day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
          expect(wall).toBe('01, 00:00');
        },
      ),
    );
  });
});
