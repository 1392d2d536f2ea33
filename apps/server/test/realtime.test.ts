import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, upgradeStatus } from './socket-client';
import { signUp, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('realtime socket', () => {
  it('refuses a connection without a session', async () => {
    expect(await upgradeStatus(server.url, { origin: server.url })).toBe(401);
  });

  it('refuses a signed-in connection from a foreign origin', async () => {
    const client = server.client();
    await signUp(client);
    expect(await upgradeStatus(server.url, { origin: 'https://evil.example', cookie: client.cookieHeader })).toBe(403);
  });

  it('accepts a page opened at another address of this server than PUBLIC_URL (127.0.0.1), and still refuses a foreign one there', async () => {
    const client = server.client();
    await signUp(client);
    const direct = server.url.replace('localhost', '127.0.0.1');
    expect(direct).not.toBe(server.url);
    // The page was served by 127.0.0.1:port and its socket goes to 127.0.0.1:port: same origin.
    expect(await upgradeStatus(direct, { origin: direct, cookie: client.cookieHeader })).toBe(101);
    // A page on another port of the same machine is another origin.
    const otherPort = direct.replace(/:(\d+)$/, (_m, p: string) => `:${Number(p) + 1}`);
    expect(await upgradeStatus(direct, { origin: otherPort, cookie: client.cookieHeader })).toBe(403);
    expect(await upgradeStatus(direct, { origin: 'http://evil.example', cookie: client.cookieHeader })).toBe(403);
  });

  it("joins the user's own channel and delivers that user's events", async () => {
    const client = server.client();
    await signUp(client);
    const me = (await client.get('/api/me')).body;
    const socket = await openSocket(client);
    expect(socket.frames[0]).toEqual({ type: 'ready', userId: me.user.id, channels: [`user:${me.user.id}`] });
    await client.patch('/api/profiles/me', { full_name: 'Renamed Rider' });
    const event = await socket.next((f) => f.type === 'event' && f.event === 'profile.changed');
    expect(event).toMatchObject({ channel: `user:${me.user.id}`, data: { full_name: 'Renamed Rider' } });
    socket.close();
  });

  it("refuses to join another user's channel or an unknown kind of channel, and never delivers their events", async () => {
    const alice = server.client();
    const mallory = server.client();
    await signUp(alice);
    await signUp(mallory);
    const aliceId = (await alice.get('/api/me')).body.user.id;
    const socket = await openSocket(mallory);

    socket.send({ type: 'subscribe', channel: `user:${aliceId}` });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
    socket.send({ type: 'subscribe', channel: 'ride:123' });
    expect(await socket.next((f) => f.type === 'error' && f.message.includes('ride:123'))).toMatchObject({ code: 'FORBIDDEN' });

    await alice.patch('/api/profiles/me', { full_name: 'Alice Secret' });
    // Give the event time to arrive if it were (wrongly) delivered.
    await socket.send({ type: 'ping' });
    await socket.next((f) => f.type === 'pong');
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.frames.some((f) => f.type === 'event')).toBe(false);
    socket.close();
  });

  it('answers malformed frames with an error frame and keeps the connection', async () => {
    const client = server.client();
    await signUp(client);
    const socket = await openSocket(client);
    socket.ws.send('not json');
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
    socket.send({ type: 'ping' });
    expect(await socket.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    socket.close();
  });
});
