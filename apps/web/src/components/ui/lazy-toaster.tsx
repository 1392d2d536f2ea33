import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const ToasterImpl = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The built-in toaster, loaded with the first toast (Radix Toast is ~8 KB gzip the first page does not
 * need; decision 0012). The toast store is plain module state, so a toast raised before the chunk arrives
 * is shown as soon as it does.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  ) : null;
}
