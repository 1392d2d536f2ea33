import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer, uniquePhone } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function newUser(opts: { full_name?: string; phone?: string } = {}) {
  const client = server.client();
  await signUp(client, opts);
  const id = (await client.get('/api/me')).body.user.id as string;
  return { client, id };
}

describe('user roles', () => {
  it("reads only the caller's roles, and a user may give themselves the driver role (a duplicate is ignored)", async () => {
    const alice = await newUser();
    const bob = await newUser();
    expect((await alice.client.get('/api/user-roles/me')).body).toEqual({ roles: [] });
    expect((await alice.client.post('/api/user-roles', { role: 'driver' })).body).toEqual({ roles: ['driver'] });
    expect((await alice.client.post('/api/user-roles', { role: 'driver' })).body).toEqual({ roles: ['driver'] });
    expect((await bob.client.get('/api/user-roles/me')).body).toEqual({ roles: [] });
  });

  it('refuses to give oneself the admin role (403) or the default role, and names no other user', async () => {
    const mallory = await newUser();
    const victim = await newUser();
    const admin = await mallory.client.post('/api/user-roles', { role: 'admin' });
    expect(admin.status).toBe(403);
    expect(admin.body.error.code).toBe('FORBIDDEN');
    expect((await mallory.client.post('/api/user-roles', { role: 'user' })).status).toBe(403);
    expect((await mallory.client.post('/api/user-roles', { role: 'superuser' })).status).toBe(400);
    // There is no way to name another user: an extra user_id is refused, not obeyed.
    expect((await mallory.client.post('/api/user-roles', { role: 'driver', user_id: victim.id })).status).toBe(400);
    expect((await mallory.client.get(`/api/user-roles/${victim.id}`)).status).toBe(404);
    expect((await victim.client.get('/api/user-roles/me')).body).toEqual({ roles: [] });
    expect((await mallory.client.get('/api/user-roles/me')).body).toEqual({ roles: [] });
    expect((await mallory.client.get('/api/me')).body.isAdmin).toBe(false);
  });

  it('refuses visitors (401)', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/user-roles/me')).status).toBe(401);
    expect((await visitor.post('/api/user-roles', { role: 'driver' })).status).toBe(401);
  });
});

describe('profiles', () => {
  it("reads the caller's full_name, phone and push_token, and only theirs", async () => {
    const phone = uniquePhone();
    const alice = await newUser({ full_name: 'Alice Rider', phone });
    const bob = await newUser({ full_name: 'Bob Rider' });
    // Stored in E.164 (decision 0094): the spec's 10 US digits come back with their +1.
    expect((await alice.client.get('/api/profiles/me')).body).toEqual({ full_name: 'Alice Rider', phone: `+1${phone}`, push_token: null });
    const bobs = (await bob.client.get('/api/profiles/me')).body;
    expect(bobs.full_name).toBe('Bob Rider');
    expect(JSON.stringify(bobs)).not.toContain(phone.slice(-7));
    expect((await bob.client.get(`/api/profiles/${alice.id}`)).status).toBe(404);
  });

  it("saves the caller's push token, and cannot touch another user's profile", async () => {
    const alice = await newUser({ full_name: 'Alice Two' });
    const bob = await newUser();
    const saved = await bob.client.patch('/api/profiles/me', { push_token: 'native-token-bob' });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.push_token).toBe('native-token-bob');
    expect((await bob.client.get('/api/profiles/me')).body.push_token).toBe('native-token-bob');

    expect((await bob.client.patch('/api/profiles/me', { id: alice.id, push_token: 'stolen' })).status).toBe(400);
    expect((await bob.client.patch(`/api/profiles/${alice.id}`, { push_token: 'stolen' })).status).toBe(404);
    expect((await alice.client.get('/api/profiles/me')).body).toMatchObject({ full_name: 'Alice Two', push_token: null });
  });

  it('refuses visitors (401)', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/profiles/me')).status).toBe(401);
    expect((await visitor.patch('/api/profiles/me', { push_token: 'x' })).status).toBe(401);
  });
});
