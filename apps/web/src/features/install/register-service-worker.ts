/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { isNativePlatform } from '@/lib/native-platform';

let started = false;

/**
 * Registers the service worker (production build only: in `vite dev` the virtual module does nothing).
 * Waits for the page to finish loading so the worker's precache downloads never compete with the first
 * paint. Not inside the native app: Capacitor serves the files itself and pushes through FCM/APNs.
 */
export function registerServiceWorker(): void {
  if (started || isNativePlatform() || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () =>
    registerSW({
      immediate: true,
      onRegisterError: (error: unknown) => console.warn('[pwa] service worker registration failed:', error),
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
