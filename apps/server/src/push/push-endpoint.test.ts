import { describe, expect, it } from 'vitest';
import { isKnownPushService } from './push-endpoint';

describe('push endpoints the server will POST to', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://wns2-by3p.notify.windows.com/w/?token=abc', true],
    ['https://web.push.apple.com/abc', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilfcm.googleapis.com.example/x', false],
    ['https://10.0.0.1/x', false],
    ['https://localhost/x', false],
    ['nonsense', false],
  ])('%s → %s', (endpoint, ok) => {
    expect(isKnownPushService(endpoint)).toBe(ok);
  });
});
