import { describe, expect, it } from 'vitest';
import { wantsPrettyLogs } from './logger';
import { formatWelcome } from './welcome';

describe('the start-up welcome block', () => {
  it('names the URL, the admin panel, the outbox and the demo logins in plain lines', () => {
    const text = formatWelcome({
      url: 'http://localhost:3000',
      otherUrls: ['http://192.168.1.20:3000'],
      adminUrl: 'http://localhost:3000/a1b2',
      outboxUrl: 'http://localhost:3000/dev/outbox',
      demo: { password: 'Demo-Ride-415', rider: 'rider@demo', admin: 'admin@demo', drivers: 'driver01@demo … driver24@demo' },
    });
    expect(text).toContain('OpenRide is running at http://localhost:3000');
    expect(text).toMatch(/Also at\s+http:\/\/192.168.1.20:3000/);
    expect(text).toMatch(/Admin panel\s+http:\/\/localhost:3000\/a1b2/);
    expect(text).toMatch(/Dev outbox\s+http:\/\/localhost:3000\/dev\/outbox/);
    expect(text).toContain('only from this machine or for an admin');
    expect(text).toContain('password is Demo-Ride-415');
    expect(text).toMatch(/rider\s+rider@demo/);
    expect(text).not.toContain('{');
  });

  it('leaves out what is not running', () => {
    const text = formatWelcome({ url: 'http://localhost:3000', adminUrl: 'http://localhost:3000/x' });
    expect(text).not.toContain('Dev outbox');
    expect(text).not.toContain('Demo city');
  });
});

describe('log format', () => {
  it('is readable only at a terminal outside production, unless LOG_FORMAT says otherwise', () => {
    expect(wantsPrettyLogs({ NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsPrettyLogs({ NODE_ENV: 'development' }, false)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });
});
