import { PushNotifications } from '@capacitor/push-notifications';
import { messages } from '@openride/shared/messages';
import { toast } from '@/components/ui/use-toast';
import { call } from '@/lib/call';
import { pushContent } from './push-content';

/** §4 "the token is stored": the device's latest token, kept across launches. */
export const PUSH_TOKEN_STORAGE_KEY = 'pushToken';

const warn = (what: string, error: unknown) => console.warn(`[push] ${what}:`, error);

async function saveToken(token: string) {
  try {
    localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage full or disabled: the profile below is what matters.
  }
  try {
    await call('PATCH /api/profiles/me', { body: { push_token: token } });
  } catch (error) {
    warn('saving the push token failed', error);
  }
}

/**
 * §4 push registration on native platforms (Capacitor), run once the user is signed in: ask for
 * permission; if granted, register, and save the token to the profile; otherwise the destructive
 * 'Notifications Disabled' toast. Listeners go on before register() so the token event is not missed.
 * Returns the teardown (listeners off) for sign-out.
 */
export async function setupNativePush(navigate: (to: string) => void): Promise<() => void> {
  const handles = await Promise.all([
    PushNotifications.addListener('registration', ({ value }) => void saveToken(value)),
    PushNotifications.addListener('registrationError', (error) => warn('registration failed', error)),
    // §8: an incoming push (app in the foreground) shows a toast with its title and body.
    PushNotifications.addListener('pushNotificationReceived', (notification) => {
      const content = pushContent({ ...(notification.data ?? {}), title: notification.title, body: notification.body });
      toast({ title: content.title, description: content.body || undefined });
    }),
    // §8: a tap opens the ride the push is about.
    PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
      const { url } = pushContent(notification.data);
      if (url) navigate(url);
    }),
  ]);
  const teardown = () => handles.forEach((handle) => void handle.remove());
  try {
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive === 'granted') {
      await PushNotifications.register();
    } else {
      toast({ variant: 'destructive', title: messages.errors.notificationsDisabled.title, description: messages.errors.notificationsDisabled.text });
    }
  } catch (error) {
    warn('setup failed', error);
  }
  return teardown;
}
