import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * The second toaster (§9: three visible, 1000 ms), mounted the first time a sonner toast is asked for:
 * sonner is ~9 KB gzip that no first page needs (decision 0012). `sonnerToast` loads it, mounts the
 * toaster, then shows the toast.
 */
const SonnerImpl = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

let wanted = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export async function sonnerToast(message: string, data?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  return toast(message, data);
}

function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

export function SonnerToaster() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerImpl />
      <Mounted />
    </Suspense>
  );
}
