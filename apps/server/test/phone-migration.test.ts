import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/0051-phone-numbers';
import { signUp, startTestServer, type TestServer, uniquePhone } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Migration 0051 (decision 0094) over phones as they were stored before it: run again on rows written the old way. */
describe('migration 0051: stored phones become E.164', () => {
  it('turns exactly-10-digit values into +1…, leaves the rest, kills live codes, and the conflict check finds both', async () => {
    const db = server.services.db;
    const owners = [];
    for (let i = 0; i < 4; i++) {
      const client = server.client();
      await signUp(client);
      owners.push({ client, id: (await client.get('/api/me')).body.user.id as string });
    }
    const [plain, formatted, plusOne, foreign] = [uniquePhone(), uniquePhone(), uniquePhone(), '+44 20 7946 0958'];
    const old = [plain, `(${formatted.slice(0, 3)}) ${formatted.slice(3, 6)}-${formatted.slice(6)}`, `+1 ${plusOne}`, foreign];
    for (const [i, phone] of old.entries()) await db.updateTable('profiles').set({ phone }).where('id', '=', owners[i]!.id).execute();
    await db.insertInto('emergency_contacts').values({ user_id: owners[0]!.id, name: 'Ana', phone: old[1]!, relationship: null }).execute();
    await db
      .insertInto('phone_otps')
      .values({ phone: plain, code_hash: 'ab'.repeat(32), expires_at: new Date(Date.now() + 60_000) })
      .execute();

    await up(db);

    const phones = await db
      .selectFrom('profiles')
      .select(['id', 'phone'])
      .where(
        'id',
        'in',
        owners.map((o) => o.id),
      )
      .execute();
    const byId = new Map(phones.map((p) => [p.id, p.phone]));
    expect(owners.map((o) => byId.get(o.id))).toEqual([`+1${plain}`, `+1${formatted}`, `+1 ${plusOne}`, foreign]);
    const contact = await db.selectFrom('emergency_contacts').select('phone').where('user_id', '=', owners[0]!.id).executeTakeFirstOrThrow();
    expect(contact.phone).toBe(`+1${formatted}`);
    expect(await db.selectFrom('phone_otps').select('phone').execute()).toEqual([]);

    // Every one of them is still a held number, typed the spec's way or in E.164.
    const visitor = server.client();
    for (const typed of [plain, `+1${formatted}`, plusOne, '+442079460958']) {
      const res = await visitor.post('/api/rpc/check_phone_conflict', { check_phone: typed, exclude_user_id: null });
      expect(res.body, typed).toHaveLength(1);
    }
  });
});
