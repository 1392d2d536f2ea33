import { messages } from '@openride/shared/messages';
import { describe, expect, it } from 'vitest';
import { parsePushText, pushContent } from './push-content';
import { routeForPush } from './route-for-push';

describe('routeForPush', () => {
  it('a push with a booking opens the track screen', () => {
    expect(routeForPush({ bookingId: 'b-42' })).toBe('/track-ride/b-42');
    expect(routeForPush({ bookingId: 'b-42', type: 'ride_update' })).toBe('/track-ride/b-42');
  });

  it('a driver_message without a booking opens the driver ride view', () => {
    expect(routeForPush({ type: 'driver_message' })).toBe('/driver-ride-view');
    expect(routeForPush({ type: 'driver_message', bookingId: '' })).toBe('/driver-ride-view');
  });

  it("a driver_message with a booking follows §2's reading: /driver-ride-view?booking=…", () => {
    expect(routeForPush({ type: 'driver_message', bookingId: 'b-7' })).toBe('/driver-ride-view?booking=b-7');
  });

  it('nothing to open: no booking, no known type, no data', () => {
    expect(routeForPush({})).toBeNull();
    expect(routeForPush({ type: 'promo' })).toBeNull();
    expect(routeForPush(null)).toBeNull();
    expect(routeForPush(undefined)).toBeNull();
    expect(routeForPush({ bookingId: '   ' })).toBeNull();
    expect(routeForPush({ bookingId: { nested: true } })).toBeNull();
  });

  it('accepts numeric ids (native data payloads) and encodes ids into the path', () => {
    expect(routeForPush({ bookingId: 17 })).toBe('/track-ride/17');
    expect(routeForPush({ bookingId: 'a/b?c' })).toBe('/track-ride/a%2Fb%3Fc');
    expect(routeForPush({ type: 'driver_message', bookingId: 'x&y' })).toBe('/driver-ride-view?booking=x%26y');
  });
});

describe('pushContent', () => {
  it("defaults the title to 'New Notification' (§8)", () => {
    expect(pushContent({ body: 'Your driver is here' })).toMatchObject({
      title: messages.notifications.pushDefaultTitle,
      body: 'Your driver is here',
      url: null,
    });
    expect(pushContent({ title: '  ', body: '' }).title).toBe(messages.notifications.pushDefaultTitle);
    expect(pushContent(null)).toMatchObject({ title: messages.notifications.pushDefaultTitle, body: '', url: null });
  });

  it('keeps the title and body and routes by the same rule', () => {
    expect(pushContent({ title: 'Driver arriving', body: '2 min away', bookingId: 'b1' })).toEqual({
      title: 'Driver arriving',
      body: '2 min away',
      url: '/track-ride/b1',
      bookingId: 'b1',
      type: null,
    });
  });

  it('parses JSON push text, and treats plain text as the body', () => {
    expect(parsePushText('{"title":"T","body":"B"}')).toEqual({ title: 'T', body: 'B' });
    expect(parsePushText('hello')).toEqual({ body: 'hello' });
    expect(parsePushText('')).toEqual({});
    expect(parsePushText(null)).toEqual({});
  });
});
