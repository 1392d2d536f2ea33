import { messages } from '@openride/shared/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Capacitor plugin is the boundary to the phone's push service, which does not exist here: a fake
// plugin stands in for the device. Everything on our side of it is the real code.
type Listener = (event: any) => void;
const device = vi.hoisted(() => ({
  listeners: new Map<string, Listener>(),
  permission: 'granted' as string,
  registered: 0,
  removed: 0,
}));
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: {
    addListener: async (event: string, fn: Listener) => {
      device.listeners.set(event, fn);
      return { remove: async () => void device.removed++ };
    },
    requestPermissions: async () => ({ receive: device.permission }),
    register: async () => void device.registered++,
  },
}));
const calls = vi.hoisted(() => ({ toasts: [] as any[], api: [] as any[] }));
vi.mock('@/components/ui/use-toast', () => ({ toast: (t: unknown) => calls.toasts.push(t) }));
vi.mock('@/lib/api', () => ({ api: async (...args: unknown[]) => void calls.api.push(args) }));

const { setupNativePush } = await import('./native-push');

beforeEach(() => {
  device.listeners.clear();
  device.permission = 'granted';
  device.registered = 0;
  device.removed = 0;
  calls.toasts.length = 0;
  calls.api.length = 0;
});

describe('native push (§4, §8)', () => {
  it('asks permission, registers, and saves the token to the profile', async () => {
    await setupNativePush(() => undefined);
    expect(device.registered).toBe(1);
    device.listeners.get('registration')!({ value: 'device-token-123' });
    await vi.waitFor(() => expect(calls.api).toEqual([['/api/profiles/me', { method: 'PATCH', body: { push_token: 'device-token-123' } }]]));
    expect(calls.toasts).toEqual([]);
  });

  it("refused permission: no registration, and the destructive 'Notifications Disabled' toast", async () => {
    device.permission = 'denied';
    await setupNativePush(() => undefined);
    expect(device.registered).toBe(0);
    expect(calls.toasts).toEqual([
      { variant: 'destructive', title: messages.errors.notificationsDisabled.title, description: messages.errors.notificationsDisabled.text },
    ]);
  });

  it("an incoming push shows a toast with its title, 'New Notification' by default, and its body", async () => {
    await setupNativePush(() => undefined);
    device.listeners.get('pushNotificationReceived')!({ title: 'Driver arrived', body: 'Look for a blue Prius', data: {} });
    device.listeners.get('pushNotificationReceived')!({ body: 'Something happened', data: {} });
    expect(calls.toasts).toEqual([
      { title: 'Driver arrived', description: 'Look for a blue Prius' },
      { title: messages.notifications.pushDefaultTitle, description: 'Something happened' },
    ]);
  });

  it('a tap opens the ride it is about; teardown removes the listeners', async () => {
    const visited: string[] = [];
    const teardown = await setupNativePush((to) => visited.push(to));
    device.listeners.get('pushNotificationActionPerformed')!({ notification: { data: { bookingId: 'b-42' } } });
    expect(visited).toEqual(['/track-ride/b-42']);
    teardown();
    await vi.waitFor(() => expect(device.removed).toBe(4));
  });
});
