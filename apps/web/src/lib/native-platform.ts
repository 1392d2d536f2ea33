type CapacitorWindow = {
  CapacitorCustomPlatform?: { name?: string } | null;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

/**
 * The platform test of @capacitor/core's `Capacitor.isNativePlatform()` (core 8: a custom platform,
 * else the Android bridge, else the iOS WebKit bridge, else 'web'), without pulling core's ~8 KB into
 * every page's first load. The native shell injects these bridges before any page script runs.
 * Code that talks to native plugins imports @capacitor/core itself, lazily (features/push/native-push.ts).
 */
export function detectNativePlatform(win: CapacitorWindow): boolean {
  if (win.CapacitorCustomPlatform) return win.CapacitorCustomPlatform.name !== 'web';
  return Boolean(win.androidBridge || win.webkit?.messageHandlers?.bridge);
}

/** True inside the Capacitor app (Android/iOS); false in a browser or an installed PWA. */
export const isNativePlatform = (): boolean => typeof window !== 'undefined' && detectNativePlatform(window as unknown as CapacitorWindow);
