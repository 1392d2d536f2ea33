import { describe, expect, it } from 'vitest';
import { allowsChannel, defaultPrefs, prefKindOf, prefsFromRows } from './notification-prefs';

describe('notification preferences', () => {
  it('allows everything by default and without stored preferences', () => {
    for (const kind of ['rides', 'payments', 'promotions', 'safety'] as const) {
      for (const channel of ['push', 'email', 'sms'] as const) {
        expect(allowsChannel(defaultPrefs(), kind, channel)).toBe(true);
        expect(allowsChannel(null, kind, channel)).toBe(true);
      }
    }
  });

  it('skips exactly the channel switched off for that kind', () => {
    const prefs = prefsFromRows([
      { kind: 'rides', channel: 'push', enabled: false },
      { kind: 'promotions', channel: 'sms', enabled: false },
    ]);
    expect(allowsChannel(prefs, 'rides', 'push')).toBe(false);
    expect(allowsChannel(prefs, 'rides', 'email')).toBe(true);
    expect(allowsChannel(prefs, 'payments', 'push')).toBe(true);
    expect(allowsChannel(prefs, 'promotions', 'sms')).toBe(false);
    expect(allowsChannel(prefs, 'promotions', 'push')).toBe(true);
  });

  it('never stops safety, nor a kind that is not a preference', () => {
    const prefs = prefsFromRows([{ kind: 'safety', channel: 'push', enabled: false }]);
    expect(prefs.safety.push).toBe(true);
    const forced = defaultPrefs();
    forced.safety.sms = false;
    expect(allowsChannel(forced, 'safety', 'sms')).toBe(true);
    expect(allowsChannel(forced, null, 'sms')).toBe(true);
  });

  it("maps the notifications' kinds onto the preferences", () => {
    expect(prefKindOf('ride')).toBe('rides');
    expect(prefKindOf('payment')).toBe('payments');
    expect(prefKindOf('promotion')).toBe('promotions');
    expect(prefKindOf('safety')).toBe('safety');
    for (const kind of ['document', 'support', 'account', null, undefined, 'other']) expect(prefKindOf(kind)).toBeNull();
  });
});
