import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'boss@openride.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD });
});
afterAll(() => server?.stop());

describe('admin', () => {
  it('ADMIN_EMAIL + ADMIN_PASSWORD create the admin, who is told where the panel is', async () => {
    const client = server.client();
    expect((await signIn(client, ADMIN_EMAIL)).status).toBe(200);
    const me = (await client.get('/api/me')).body;
    expect(me.isAdmin).toBe(true);
    expect(me.role).toBe('admin');
    expect(me.adminPath).toBe(server.services.adminPath);
    expect(me.adminPath).toMatch(/^\/[0-9a-f]{24}$/);
    const path = await client.get('/api/admin/path');
    expect(path.body).toEqual({ path: server.services.adminPath });
    const users = await client.get('/api/admin/users');
    expect(users.status).toBe(200);
    expect(users.body.items.find((u: { email: string }) => u.email === ADMIN_EMAIL).roles).toEqual(['admin']);
  });

  it('a signed-in non-admin is never told the path and every admin API refuses them', async () => {
    const client = server.client();
    await signUp(client);
    const me = (await client.get('/api/me')).body;
    expect(me.adminPath).toBeUndefined();
    expect(JSON.stringify(me)).not.toContain(server.services.adminPath.slice(1));
    for (const path of ['/api/admin/path', '/api/admin/users']) {
      const res = await client.get(path);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(server.services.adminPath.slice(1));
    }
  });

  it('a visitor without a session is refused by every admin API', async () => {
    for (const path of ['/api/admin/path', '/api/admin/users']) {
      expect((await server.client().get(path)).status).toBe(401);
    }
  });

  it('starting again with the same ADMIN_EMAIL keeps one admin and the same hidden path', async () => {
    const count = await server.services.db
      .selectFrom('user_roles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
