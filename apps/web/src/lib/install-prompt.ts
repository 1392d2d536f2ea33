import { useSyncExternalStore } from 'react';

/** Chromium's install offer; not in the DOM typings. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/**
 * §4 install prompt: hidden; shown when the browser offers installation; hidden on dismiss or choice;
 * if accepted the stored offer is cleared. `offer` is the stored event (it also drives /install's
 * button); `cardHidden` is the card's own dismissal, kept for the life of the page.
 */
type State = { offer: BeforeInstallPromptEvent | null; cardHidden: boolean };

let state: State = { offer: null, cardHidden: false };
const listeners = new Set<() => void>();
function setState(next: Partial<State>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

let capturing = false;

/**
 * Must run at startup: the browser fires `beforeinstallprompt` once, early, and only a stored event can
 * later open the install dialog.
 */
export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the card (and /install) offer it instead.
    event.preventDefault();
    setState({ offer: event as BeforeInstallPromptEvent, cardHidden: false });
  });
  window.addEventListener('appinstalled', () => setState({ offer: null, cardHidden: true }));
}

/** Opens the browser's install dialog. The card hides whatever the choice; an accepted offer is spent. */
export async function installApp(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = state.offer;
  if (!event) return 'unavailable';
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    setState(outcome === 'accepted' ? { offer: null, cardHidden: true } : { cardHidden: true });
    return outcome;
  } catch (error) {
    // prompt() works once per event: a second call (e.g. after a dismissed dialog) throws. The offer is spent.
    console.warn('[install] the install prompt could not be shown:', error);
    setState({ offer: null, cardHidden: true });
    return 'unavailable';
  }
}

export function dismissInstallCard(): void {
  setState({ cardHidden: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useInstallPrompt() {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  return {
    /** The browser has offered installation and the offer is still usable. */
    canInstall: snapshot.offer !== null,
    /** The install card is on screen: an offer, and the card neither dismissed nor answered. */
    showCard: snapshot.offer !== null && !snapshot.cardHidden,
    install: installApp,
    dismissCard: dismissInstallCard,
  };
}

/** Running as the installed app (standalone window), not in a browser tab. */
export const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
