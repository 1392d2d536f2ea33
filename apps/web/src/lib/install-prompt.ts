import { useSyncExternalStore } from 'react';

/** Chromium's install offer; not in the DOM typings. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Must run at startup: the browser fires `beforeinstallprompt` once, early, and only a stored event can
 * later open the install dialog.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function useInstallPrompt() {
  const offer = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred,
  );
  const install = async () => {
    if (!deferred) return;
    const event = deferred;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // §4: once accepted, the stored offer is spent.
    if (outcome === 'accepted') {
      deferred = null;
      notify();
    }
  };
  return { canInstall: offer !== null, install };
}

export const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches;
