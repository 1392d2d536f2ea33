import { SUPPORT_CATEGORIES } from '@openride/shared/support/categories';
import { FAQ_TOPICS } from '@openride/shared/help/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFaq } from '../src/help/help.repo';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/** /support-procedures and /help's FAQ (issue 15, decision 0056). */
let server: TestServer;
let admin: TestClient;
let rider: TestClient;
let driver: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  rider = (await newUser(server, 'Rita Rider')).client;
  driver = (await approvedDriverOf(server, admin, 'Dario Driver')).client;
  visitor = server.client();
});
afterAll(() => server?.stop());

const auditOf = (action: string) =>
  server.services.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action as never)
    .execute();
const procedureRows = () => server.services.db.selectFrom('support_procedures').selectAll().orderBy('category').orderBy('version').execute();
const faqRows = () => server.services.db.selectFrom('faq_entries').selectAll().orderBy('id').execute();

const edit = (base_version: number) => ({
  base_version,
  title: 'Lost item',
  steps: ['Confirm the ride.', 'Contact the driver through the ticket.', 'Arrange the return.', 'Check the rider has it back.'],
  replies: [
    { title: 'On it', body: 'We are contacting your driver now.' },
    { title: 'Found', body: 'Your driver has found it.\n\nReply with a time that suits you.' },
  ],
});

describe('support procedures', () => {
  it('are seeded: one current procedure per category, in order, with steps and canned replies', async () => {
    const res = await admin.get('/api/admin/support-procedures');
    expect(res.status).toBe(200);
    expect(res.body.procedures.map((p: { category: string }) => p.category)).toEqual([...SUPPORT_CATEGORIES]);
    for (const p of res.body.procedures) {
      expect(p.version).toBe(1);
      expect(p.steps.length).toBeGreaterThan(2);
      expect(p.replies.length).toBeGreaterThanOrEqual(1);
      expect(p.replies.length).toBeLessThanOrEqual(3);
      expect(p.created_by_name).toBeNull();
    }
    const safety = (await admin.get('/api/admin/support-procedures/safety')).body.procedure;
    expect(safety.steps[0]).toMatch(/urgent/i);
  });

  it('refuses riders and drivers (403) and visitors (401), reads and writes, and writes nothing', async () => {
    const before = await procedureRows();
    for (const [who, client, status] of [
      ['rider', rider, 403],
      ['driver', driver, 403],
      ['visitor', visitor, 401],
    ] as const) {
      for (const path of ['/api/admin/support-procedures', '/api/admin/support-procedures/lost_item', '/api/admin/support-procedures/lost_item/versions']) {
        const res = await client.get(path);
        expect(res.status, `${who} GET ${path}`).toBe(status);
        expect(JSON.stringify(res.body)).not.toContain('Contact the driver');
      }
      expect((await client.post('/api/admin/support-procedures/lost_item/versions', edit(1))).status, who).toBe(status);
    }
    expect(await procedureRows()).toEqual(before);
  });

  it('an edit is a new version: the newest is current, earlier ones stay in the history, audited', async () => {
    const saved = await admin.post('/api/admin/support-procedures/lost_item/versions', edit(1));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.procedure).toMatchObject({ category: 'lost_item', version: 2, steps: edit(1).steps, replies: edit(1).replies });
    expect(saved.body.procedure.created_by_name).toBeTruthy();

    const current = (await admin.get('/api/admin/support-procedures/lost_item')).body.procedure;
    expect(current.version).toBe(2);
    const history = (await admin.get('/api/admin/support-procedures/lost_item/versions')).body.versions;
    expect(history.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(history[1].steps).not.toEqual(edit(1).steps);
    expect((await admin.get('/api/admin/support-procedures')).body.procedures[0].version).toBe(2);

    const audit = await auditOf('support_procedure.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_type: 'support_procedure', entity_id: 'lost_item' });
    expect(audit[0]!.before).toMatchObject({ version: 1 });
    expect(audit[0]!.after).toMatchObject({ version: 2, steps: edit(1).steps });
    expect(audit[0]!.after).not.toHaveProperty('title');
  });

  it('an edit of an older version is refused (409), and two saves racing on one version: one wins', async () => {
    const stale = await admin.post('/api/admin/support-procedures/lost_item/versions', edit(1));
    expect(stale.status).toBe(409);
    const race = await Promise.all([
      admin.post('/api/admin/support-procedures/other/versions', { ...edit(1), title: 'A' }),
      admin.post('/api/admin/support-procedures/other/versions', { ...edit(1), title: 'B' }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await admin.get('/api/admin/support-procedures/other/versions')).body.versions).toHaveLength(2);
  });

  it('bad input is a 400 and changes nothing', async () => {
    const before = await procedureRows();
    const audits = (await auditOf('support_procedure.create')).length;
    const current = (await admin.get('/api/admin/support-procedures/safety')).body.procedure.version;
    for (const body of [
      { ...edit(current), steps: [] },
      { ...edit(current), steps: ['ok', '   '] },
      { ...edit(current), title: '' },
      { ...edit(current), replies: [{ title: 'x', body: '' }] },
      { ...edit(current), steps: Array.from({ length: 31 }, (_, i) => `Step ${i}`) },
      { ...edit(current), steps: ['bad\u0000step'] },
      { title: 'No base', steps: ['a'], replies: [] },
    ]) {
      expect((await admin.post('/api/admin/support-procedures/safety/versions', body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await admin.post('/api/admin/support-procedures/parking/versions', edit(1))).status).toBe(400);
    expect((await admin.get('/api/admin/support-procedures/parking')).status).toBe(400);
    expect(await procedureRows()).toEqual(before);
    expect(await auditOf('support_procedure.create')).toHaveLength(audits);
  });
});

describe('the help FAQ', () => {
  it('is public: a visitor reads every topic with seeded entries, cacheable', async () => {
    const res = await visitor.get('/api/public/faq');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body.topics.map((t: { id: string }) => t.id)).toEqual([...FAQ_TOPICS]);
    for (const topic of res.body.topics) expect(topic.entries.length).toBeGreaterThan(2);
    const all = res.body.topics.flatMap((t: { entries: { question: string; answer: string }[] }) => t.entries);
    expect(all.some((e: { answer: string }) => /PIN/.test(e.answer))).toBe(true);
    // The plain function a server-side renderer calls answers the same.
    expect(await listFaq(server.services.db)).toEqual(res.body);
  });

  it("writes are admins' only: rider 403, driver 403, visitor 401, nothing changes", async () => {
    const before = await faqRows();
    const id = before[0]!.id;
    const input = { topic: 'booking', question: 'Sneaky?', answer: 'Should not be saved.' };
    for (const [who, client, status] of [
      ['rider', rider, 403],
      ['driver', driver, 403],
      ['visitor', visitor, 401],
    ] as const) {
      expect((await client.post('/api/admin/faq', input)).status, who).toBe(status);
      expect((await client.put(`/api/admin/faq/${id}`, input)).status, who).toBe(status);
      expect((await client.delete(`/api/admin/faq/${id}`)).status, who).toBe(status);
      expect((await client.post(`/api/admin/faq/${id}/move`, { direction: 'down' })).status, who).toBe(status);
    }
    expect(await faqRows()).toEqual(before);
  });

  it('an admin adds, edits, moves and deletes an entry, each audited', async () => {
    const created = await admin.post('/api/admin/faq', {
      topic: 'safety',
      question: 'Can I choose my driver?',
      answer: 'No: the nearest free driver is offered your ride.',
    });
    expect(created.status).toBe(201);
    const entry = created.body.entry;
    const safety = () =>
      visitor
        .get('/api/public/faq')
        .then((r) => r.body.topics.find((t: { id: string }) => t.id === 'safety').entries.map((e: { id: string }) => e.id) as string[]);
    const order = await safety();
    expect(order.at(-1)).toBe(entry.id);

    const moved = await admin.post(`/api/admin/faq/${entry.id}/move`, { direction: 'up' });
    expect(moved.status).toBe(200);
    const after = await safety();
    expect(after.at(-2)).toBe(entry.id);
    expect(after.at(-1)).toBe(order.at(-2));
    // At the top, moving up changes nothing.
    const first = after[0]!;
    expect((await admin.post(`/api/admin/faq/${first}/move`, { direction: 'up' })).status).toBe(200);
    expect(await safety()).toEqual(after);

    const updated = await admin.put(`/api/admin/faq/${entry.id}`, { topic: 'booking', question: 'Can I choose my driver?', answer: 'No.' });
    expect(updated.status).toBe(200);
    expect(updated.body.entry).toMatchObject({ topic: 'booking', answer: 'No.' });
    expect(await safety()).not.toContain(entry.id);

    expect((await admin.delete(`/api/admin/faq/${entry.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/faq/${entry.id}`)).status).toBe(404);
    const audits = await server.services.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', entry.id)
      .orderBy('created_at')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['faq.create', 'faq.reorder', 'faq.update', 'faq.delete']);
    expect(audits[2]!.before).toEqual({ topic: 'safety', answer: 'No: the nearest free driver is offered your ride.' });
  });

  it('bad input is a 400 and changes nothing', async () => {
    const before = await faqRows();
    const id = before[0]!.id;
    for (const body of [
      { topic: 'weather', question: 'Rain?', answer: 'Yes it rains.' },
      { topic: 'booking', question: '', answer: 'Answer here.' },
      { topic: 'booking', question: 'Q?\nsecond line', answer: 'A.' },
      { topic: 'booking', question: 'Question?', answer: 'x'.repeat(4001) },
    ]) {
      expect((await admin.post('/api/admin/faq', body)).status).toBe(400);
      expect((await admin.put(`/api/admin/faq/${id}`, body)).status).toBe(400);
    }
    expect((await admin.post(`/api/admin/faq/${id}/move`, { direction: 'sideways' })).status).toBe(400);
    expect((await admin.put('/api/admin/faq/not-a-uuid', { topic: 'booking', question: 'Question?', answer: 'Answer.' })).status).toBe(404);
    expect(await faqRows()).toEqual(before);
  });
});
