import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { isNativePlatform } from '@/lib/native-platform';
import { useMe } from '@/lib/session';
import { SW_NAVIGATE_MESSAGE, SW_PUSH_MESSAGE, type SwMessage } from '../push-content';

const isSwMessage = (data: unknown): data is SwMessage =>
  Boolean(data) && typeof data === 'object' && ((data as SwMessage).type === SW_PUSH_MESSAGE || (data as SwMessage).type === SW_NAVIGATE_MESSAGE);

/**
 * Push, wherever the app runs. Rendered once inside the router:
 * - native (Capacitor): on sign-in, permission → register → token saved (§4), toasts and taps (§8);
 * - browser / PWA: pushes arriving while a page is visible become toasts (the service worker posts them
 *   here instead of showing a system notification), notification taps navigate in the open page, and
 *   an existing subscription follows the account that signs in.
 */
export function PushBridge() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const userId = useMe().data?.user.id;

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (!isSwMessage(event.data)) return;
      const message = event.data;
      if (message.type === SW_NAVIGATE_MESSAGE) {
        void navigateRef.current(message.url);
        return;
      }
      toast({ title: message.title, description: message.body || undefined });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!userId) return;
    if (!isNativePlatform()) {
      void import('../web-push').then((m) => m.resyncWebPush());
      return;
    }
    let cancelled = false;
    let teardown: (() => void) | undefined;
    import('../native-push')
      .then(({ setupNativePush }) => setupNativePush((to) => void navigateRef.current(to)))
      .then((stop) => {
        if (cancelled) stop();
        else teardown = stop;
      })
      .catch((error: unknown) => console.warn('[push] native setup failed:', error));
    return () => {
      cancelled = true;
      teardown?.();
    };
  }, [userId]);

  // Signed out (this tab or another): this browser's pushes must stop reaching the old account.
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current && !userId && !isNativePlatform()) void import('../web-push').then((m) => m.dropWebPush());
    previousUserId.current = userId;
  }, [userId]);

  return null;
}
