import { describe, expect, it, vi } from 'vitest';
import { createSessionResolver } from './session-cache';

const NAMES = { sessionToken: 'better-auth.session_token', sessionData: 'better-auth.session_data' };
const user = { id: 'u1', email: 'u1@example.test', name: 'U One' };

/** A snapshot cookie as better-auth writes it (compact strategy): base64url JSON; only its shape matters here. */
function snapshot(token: string, expiresAt: number, userId = user.id) {
  const json = JSON.stringify({
    session: { session: { token, expiresAt: new Date(expiresAt + 86_400_000).toISOString() }, user: { id: userId } },
    expiresAt,
    signature: 'sig',
  });
  return Buffer.from(json).toString('base64url');
}

function setup(opts: { now: { t: number }; answer: (cookie: string) => unknown }) {
  const getSession = vi.fn(async (headers: Headers) => opts.answer(headers.get('cookie') ?? '') as never);
  const resolver = createSessionResolver({ getSession, cookieNames: async () => NAMES, now: () => opts.now.t, maxAgeMs: 30_000, maxEntries: 2 });
  const ask = (cookie?: string) => resolver.resolve(new Headers(cookie ? { cookie } : {}));
  return { getSession, resolver, ask };
}

const result = (token: string, sessionEnd: number) => ({ session: { token, expiresAt: new Date(sessionEnd) }, user });

describe('session resolver', () => {
  it('answers nobody without a session cookie, without asking better-auth', async () => {
    const { getSession, ask } = setup({ now: { t: 0 }, answer: () => null });
    expect(await ask()).toBeNull();
    expect(await ask('other=1')).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
  });

  it('remembers an answer from the snapshot until the snapshot expires, then asks again', async () => {
    const now = { t: 1_000_000 };
    const cookie = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('tok', now.t + 10_000)}`;
    const { getSession, ask } = setup({ now, answer: () => result('tok', now.t + 86_400_000) });
    expect(await ask(cookie)).toEqual(user);
    expect(await ask(cookie)).toEqual(user);
    expect(getSession).toHaveBeenCalledTimes(1);
    now.t += 10_001; // past the snapshot's signed expiry: better-auth decides again
    await ask(cookie);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('never reuses an answer longer than maxAgeMs', async () => {
    const now = { t: 1_000_000 };
    const cookie = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('tok', now.t + 300_000)}`;
    const { getSession, ask } = setup({ now, answer: () => result('tok', now.t + 86_400_000) });
    await ask(cookie);
    now.t += 30_001;
    await ask(cookie);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('verifies other bytes afresh: a tampered cookie is a miss and better-auth refuses it', async () => {
    const now = { t: 1_000_000 };
    const good = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('tok', now.t + 60_000)}`;
    const forged = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('tok', now.t + 60_000, 'someone-else')}`;
    const { getSession, ask } = setup({ now, answer: (c) => (c === good ? result('tok', now.t + 86_400_000) : null) });
    expect(await ask(good)).toEqual(user);
    expect(await ask(forged)).toBeNull();
    expect(await ask(forged)).toBeNull();
    expect(getSession).toHaveBeenCalledTimes(3);
  });

  it('does not remember refusals, database answers (no snapshot) or a snapshot of another session', async () => {
    const now = { t: 1_000_000 };
    const noSnapshot = `${NAMES.sessionToken}=tok.sig`;
    const otherSnapshot = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('other-token', now.t + 60_000)}`;
    const { getSession, ask, resolver } = setup({ now, answer: () => result('tok', now.t + 86_400_000) });
    await ask(noSnapshot);
    await ask(noSnapshot);
    await ask(otherSnapshot);
    await ask(otherSnapshot);
    expect(getSession).toHaveBeenCalledTimes(4);
    expect(resolver.size()).toBe(0);
  });

  it('stops at the session’s own expiry when it comes before the snapshot’s', async () => {
    const now = { t: 1_000_000 };
    const cookie = `${NAMES.sessionToken}=tok.sig; ${NAMES.sessionData}=${snapshot('tok', now.t + 60_000)}`;
    const { getSession, ask } = setup({ now, answer: () => result('tok', now.t + 5_000) });
    await ask(cookie);
    now.t += 5_001;
    await ask(cookie);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('holds at most maxEntries cookies, dropping the least recently used', async () => {
    const now = { t: 1_000_000 };
    const cookieOf = (t: string) => `${NAMES.sessionToken}=${t}.sig; ${NAMES.sessionData}=${snapshot(t, now.t + 60_000)}`;
    const { getSession, ask, resolver } = setup({ now, answer: (c) => result(/=(\w+)\.sig/.exec(c)![1]!, now.t + 86_400_000) });
    await ask(cookieOf('a'));
    await ask(cookieOf('b'));
    await ask(cookieOf('a')); // a is now the most recent
    await ask(cookieOf('c')); // b goes
    expect(resolver.size()).toBe(2);
    expect(getSession).toHaveBeenCalledTimes(3);
    await ask(cookieOf('a'));
    expect(getSession).toHaveBeenCalledTimes(3);
    await ask(cookieOf('b'));
    expect(getSession).toHaveBeenCalledTimes(4);
  });
});
